import { router } from '../trpc';
import { authRouter } from './auth';
import { categoriesRouter } from './categories';
import { informationRouter } from './information';
import { ordersRouter } from './orders';
import { ordertrackRouter } from './ordertrack';
import { productsRouter } from './products';
import { reportsRouter } from './reports';
import { settingsRouter } from './settings';
import { wishlistRouter } from './wishlist';

export const appRouter = router({
  auth: authRouter,
  categories: categoriesRouter,
  information: informationRouter,
  orders: ordersRouter,
  ordertrack: ordertrackRouter,
  products: productsRouter,
  reports: reportsRouter,
  settings: settingsRouter,
  wishlist: wishlistRouter,
});

export type AppRouter = typeof appRouter;
