import { router } from '../trpc';
import { auditRouter } from './audit';
import { authRouter } from './auth';
import { categoriesRouter } from './categories';
import { customersRouter } from './customers';
import { employeesRouter } from './employees';
import { informationRouter } from './information';
import { ordersRouter } from './orders';
import { productsRouter } from './products';
import { routesRouter } from './routes';
import { settingsRouter } from './settings';
import { wishlistRouter } from './wishlist';

export const appRouter = router({
  audit: auditRouter,
  auth: authRouter,
  categories: categoriesRouter,
  customers: customersRouter,
  employees: employeesRouter,
  information: informationRouter,
  orders: ordersRouter,
  products: productsRouter,
  routes: routesRouter,
  settings: settingsRouter,
  wishlist: wishlistRouter,
});

export type AppRouter = typeof appRouter;
