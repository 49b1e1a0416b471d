import { router } from '../trpc';
import { authRouter } from './auth';
import { categoriesRouter } from './categories';
import { creditRouter } from './credit';
import { handoversRouter } from './handovers';
import { informationRouter } from './information';
import { invoicesRouter } from './invoices';
import { ordersRouter } from './orders';
import { ordertrackRouter } from './ordertrack';
import { productsRouter } from './products';
import { reportsRouter } from './reports';
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
  ordertrack: ordertrackRouter,
  products: productsRouter,
  reports: reportsRouter,
  settings: settingsRouter,
  wishlist: wishlistRouter,
});

export type AppRouter = typeof appRouter;
