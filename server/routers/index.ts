import { router } from '../trpc';
import { authRouter } from './auth';
import { categoriesRouter } from './categories';
import { creditRouter } from './credit';
import { handoversRouter } from './handovers';
import { informationRouter } from './information';
import { invoicesRouter } from './invoices';
import { ordersRouter } from './orders';
import { productsRouter } from './products';
import { settingsRouter } from './settings';
import { wishlistRouter } from './wishlist';

export const appRouter = router({
  auth: authRouter,
  categories: categoriesRouter,
  credit: creditRouter,
  handovers: handoversRouter,
  information: informationRouter,
  invoices: invoicesRouter,
  orders: ordersRouter,
  products: productsRouter,
  settings: settingsRouter,
  wishlist: wishlistRouter,
});

export type AppRouter = typeof appRouter;
