import { authRouter } from './accounts/auth.router';
import { employeesRouter } from './accounts/employees.router';
import { categoriesRouter } from './catalogue/categories.router';
import { priceListsRouter } from './catalogue/price-lists.router';
import { productsRouter } from './catalogue/products.router';
import { stockRouter } from './catalogue/stock.router';
import { wishlistRouter } from './catalogue/wishlist.router';
import { informationRouter } from './content/information.router';
import { creditRouter } from './customers/credit.router';
import { customersRouter } from './customers/customers.router';
import { peopleRouter } from './customers/people.router';
import { routesRouter } from './customers/routes.router';
import { ordertrackRouter } from './deliveries/ordertrack.router';
import { bankImportRouter } from './money/bank-import.router';
import { claimsRouter } from './money/claims.router';
import { closingRouter } from './money/closing.router';
import { creditNotesRouter } from './money/credit-notes.router';
import { documentsRouter } from './money/documents/documents.router';
import { handoversRouter } from './money/handovers.router';
import { invoicesRouter } from './money/invoices.router';
import { ordersRouter } from './orders/orders.router';
import { standingRouter } from './orders/standing-orders.router';
import { auditRouter } from './reports/audit.router';
import { listsRouter } from './reports/lists.router';
import { reportsRouter } from './reports/reports.router';
import { settingsRouter } from './settings/settings.router';
import { router } from './trpc';

// The whole API: one router per business area's procedures, each in its area's folder. Both
// doors (/trpc and the /api table in doors/rest) serve exactly these procedures.
export const appRouter = router({
  audit: auditRouter,
  auth: authRouter,
  bankImport: bankImportRouter,
  categories: categoriesRouter,
  claims: claimsRouter,
  closing: closingRouter,
  credit: creditRouter,
  documents: documentsRouter,
  creditNotes: creditNotesRouter,
  handovers: handoversRouter,
  customers: customersRouter,
  employees: employeesRouter,
  information: informationRouter,
  invoices: invoicesRouter,
  lists: listsRouter,
  orders: ordersRouter,
  ordertrack: ordertrackRouter,
  people: peopleRouter,
  priceLists: priceListsRouter,
  products: productsRouter,
  routes: routesRouter,
  reports: reportsRouter,
  settings: settingsRouter,
  standing: standingRouter,
  stock: stockRouter,
  wishlist: wishlistRouter,
});

export type AppRouter = typeof appRouter;
