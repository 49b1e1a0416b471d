import { router } from '../trpc';
import { authRouter } from './auth';
import { categoriesRouter } from './categories';
import { informationRouter } from './information';
import { ordersRouter } from './orders';
import { productsRouter } from './products';
import { settingsRouter } from './settings';
import { wishlistRouter } from './wishlist';

export const appRouter = router({
  auth: authRouter,
  categories: categoriesRouter,
  information: informationRouter,
  orders: ordersRouter,
  products: productsRouter,
  settings: settingsRouter,
  wishlist: wishlistRouter,
});

export type AppRouter = typeof appRouter;
