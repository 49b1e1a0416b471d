import { router } from '../trpc';
import { authRouter } from './auth';
import { ordersRouter } from './orders';

export const appRouter = router({
  auth: authRouter,
  orders: ordersRouter,
});

export type AppRouter = typeof appRouter;
