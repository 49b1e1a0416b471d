import { router } from '../trpc';
import { auditRouter } from './audit';
import { authRouter } from './auth';
import { categoriesRouter } from './categories';
import { creditRouter } from './credit';
import { customersRouter } from './customers';
import { employeesRouter } from './employees';
import { handoversRouter } from './handovers';
import { informationRouter } from './information';
import { invoicesRouter } from './invoices';
import { ordersRouter } from './orders';
import { ordertrackRouter } from './ordertrack';
import { productsRouter } from './products';
import { reportsRouter } from './reports';
import { routesRouter } from './routes';
import { settingsRouter } from './settings';
import { wishlistRouter } from './wishlist';

export const appRouter = router({
  audit: auditRouter,
  auth: authRouter,
  categories: categoriesRouter,
  credit: creditRouter,
  handovers: handoversRouter,
  customers: customersRouter,
  employees: employeesRouter,
  information: informationRouter,
  invoices: invoicesRouter,
  orders: ordersRouter,
  ordertrack: ordertrackRouter,
  products: productsRouter,
  routes: routesRouter,
  reports: reportsRouter,
  settings: settingsRouter,
  wishlist: wishlistRouter,
});

export type AppRouter = typeof appRouter;
