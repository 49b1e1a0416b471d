// The spec's /api paths (§7 and DESIGN §5), each mapped to the tRPC procedure that serves it.
// A path's input is taken from its params, query and body; the procedure validates it.

/** What a REST path's input is made from. */
export interface RestRequestParts {
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  body: unknown;
}

export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** Dotted procedure path, e.g. "orders.place". */
  procedure: string;
  input?: (r: RestRequestParts) => unknown;
  /** Status on success (default 200). */
  status?: number;
}

const body = (r: RestRequestParts) => r.body;
const params = (r: RestRequestParts) => r.params;
/** A PUT's body with the path's id (the path wins over any `_id` or `id` in the body). */
const withId = (r: RestRequestParts) => {
  const { _id, ...rest } = (r.body ?? {}) as Record<string, unknown>;
  return { ...rest, id: r.params.id };
};

const query = (r: RestRequestParts) => r.query;
/** The body's fields when it is an object (anything else adds nothing; the id comes from the path). */
const bodyObject = (r: RestRequestParts) =>
  r.body && typeof r.body === 'object' && !Array.isArray(r.body) ? r.body : {};

export const restRoutes: RestRoute[] = [
  // Auth
  { method: 'POST', path: '/api/users/login', procedure: 'auth.login', input: body },
  { method: 'POST', path: '/api/users/logout', procedure: 'auth.logout' },
  { method: 'GET', path: '/api/users/profile', procedure: 'auth.profile' },

  // Catalogue
  { method: 'GET', path: '/api/products', procedure: 'products.list' },
  { method: 'GET', path: '/api/products/:id', procedure: 'products.byId', input: params },
  { method: 'GET', path: '/api/category', procedure: 'categories.list' },

  // Wishlist ("My Ordersheet")
  { method: 'GET', path: '/api/wishlist', procedure: 'wishlist.list' },
  { method: 'POST', path: '/api/wishlist', procedure: 'wishlist.add', input: body, status: 201 },
  {
    method: 'DELETE',
    path: '/api/wishlist/:productId',
    procedure: 'wishlist.remove',
    input: params,
  },

  // Orders
  { method: 'GET', path: '/api/orders/pendingcount', procedure: 'orders.pendingWebCount' },
  {
    method: 'GET',
    path: '/api/orders/myorders',
    procedure: 'orders.mine',
    input: (r) => ({ pageNumber: r.query.pageNumber || undefined }),
  },
  { method: 'GET', path: '/api/orders/:id', procedure: 'orders.byId', input: params },
  { method: 'POST', path: '/api/orders', procedure: 'orders.place', input: body, status: 201 },

  // Information (slider and popup)
  {
    method: 'GET',
    path: '/api/information/active',
    procedure: 'information.active',
    input: (r) => ({ type: r.query.type || undefined }),
  },
  { method: 'GET', path: '/api/information/popup/active', procedure: 'information.activePopup' },

  // Invoices, payments and notes (spec §7 "Invoices"; DESIGN §5 adds the driver's list). The
  // fixed paths (/all, /cash, /monthly, /completed, /date, ...) are matched before /:id.
  { method: 'POST', path: '/api/invoice', procedure: 'invoices.create', input: body, status: 201 },
  {
    method: 'GET',
    path: '/api/invoice/all',
    procedure: 'invoices.list',
    input: (r) => ({ kind: 'all', pageNumber: r.query.pageNumber || undefined }),
  },
  {
    method: 'GET',
    path: '/api/invoice/cash',
    procedure: 'invoices.list',
    input: (r) => ({ kind: 'cash', pageNumber: r.query.pageNumber || undefined }),
  },
  {
    method: 'GET',
    path: '/api/invoice/monthly',
    procedure: 'invoices.list',
    input: (r) => ({ kind: 'monthly', pageNumber: r.query.pageNumber || undefined }),
  },
  {
    method: 'GET',
    path: '/api/invoice/completed',
    procedure: 'invoices.completed',
    input: (r) => ({
      keyword: r.query.keyword || undefined,
      pageNumber: r.query.pageNumber || undefined,
    }),
  },
  {
    method: 'GET',
    path: '/api/invoice/date',
    procedure: 'invoices.byDate',
    input: (r) => ({ paymentDate: r.query.paymentDate }),
  },
  { method: 'GET', path: '/api/invoice/forecast', procedure: 'invoices.forecast' },
  { method: 'GET', path: '/api/invoice/aging', procedure: 'invoices.aging' },
  { method: 'GET', path: '/api/invoice/followups', procedure: 'invoices.followUps' },
  { method: 'GET', path: '/api/invoice/overdue', procedure: 'invoices.overdueCustomers' },
  { method: 'GET', path: '/api/invoice/myoverdue', procedure: 'invoices.myOverdue' },
  { method: 'GET', path: '/api/invoice/mine', procedure: 'invoices.mine' },
  {
    method: 'GET',
    path: '/api/invoice/customer/:customerId',
    procedure: 'invoices.byCustomer',
    input: params,
  },
  {
    method: 'GET',
    path: '/api/invoice/assigned/:id',
    procedure: 'invoices.assigned',
    input: params,
  },
  {
    method: 'GET',
    path: '/api/invoice/driver/:driverId',
    procedure: 'invoices.assigned',
    input: (r) => ({ id: r.params.driverId }),
  },
  { method: 'GET', path: '/api/invoice/:id', procedure: 'invoices.byId', input: params },
  { method: 'GET', path: '/api/invoice/:id/history', procedure: 'invoices.history', input: params },
  {
    method: 'PUT',
    path: '/api/invoice/:id',
    procedure: 'invoices.update',
    input: (r) => ({ ...(r.body as object), id: r.params.id }),
  },
  { method: 'DELETE', path: '/api/invoice/:id', procedure: 'invoices.delete', input: params },
  {
    method: 'POST',
    path: '/api/invoice/:id/payment',
    procedure: 'invoices.pay',
    input: (r) => ({ ...(r.body as object), invoiceId: r.params.id }),
    status: 201,
  },
  {
    method: 'PUT',
    path: '/api/invoice/:id/payment',
    procedure: 'invoices.editPayment',
    input: (r) => ({ ...(r.body as object), invoiceId: r.params.id }),
  },
  {
    method: 'POST',
    path: '/api/invoice/:id/fullpayment',
    procedure: 'invoices.payFull',
    input: (r) => ({ ...(r.body as object), invoiceId: r.params.id }),
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/invoice/:id/note',
    procedure: 'invoices.addNote',
    input: (r) => ({ ...(r.body as object), invoiceId: r.params.id }),
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/invoice/dues',
    procedure: 'invoices.duesForCustomers',
    input: body,
  },

  // The cash handover (DESIGN §6) and credit hold.
  {
    method: 'GET',
    path: '/api/handover/mine',
    procedure: 'handovers.myDay',
    input: (r) => ({ date: r.query.date || undefined }),
  },
  {
    method: 'POST',
    path: '/api/handover',
    procedure: 'handovers.handOver',
    input: body,
    status: 201,
  },
  {
    method: 'PUT',
    path: '/api/handover/:id/confirm',
    procedure: 'handovers.confirm',
    input: (r) => ({ ...(r.body as object), id: r.params.id }),
  },
  {
    method: 'GET',
    path: '/api/handover/report',
    procedure: 'handovers.report',
    input: (r) => ({ from: r.query.from, to: r.query.to }),
  },
  { method: 'GET', path: '/api/credit/held', procedure: 'credit.held' },
  { method: 'PUT', path: '/api/orders/:id/release', procedure: 'orders.release', input: params },
  {
    method: 'PUT',
    path: '/api/customer/:id/credithold',
    procedure: 'credit.setHold',
    input: (r) => ({ ...(r.body as object), customerId: r.params.id }),
  },

  // Back office: customers, routes, categories, products, employees, information (spec §7,
  // DESIGN §5). Uploads are plain routes in server/doors/uploads.ts.
  // Without pageNumber: every customer as an array (spec §7); with it, one page of the list
  // under a `customers` key (`{customers, page, pages, total}`), as the screen reads it.
  {
    method: 'GET',
    path: '/api/customer',
    procedure: 'customers.list',
    input: (r) => ({
      kind: r.query.kind || undefined,
      route: r.query.route || undefined,
      keyword: r.query.keyword || undefined,
      pageNumber: r.query.pageNumber || undefined,
    }),
  },
  {
    method: 'GET',
    path: '/api/customer/baddebt',
    procedure: 'customers.list',
    input: () => ({ kind: 'baddebt' }),
  },
  {
    method: 'POST',
    path: '/api/customer',
    procedure: 'customers.create',
    input: body,
    status: 201,
  },
  { method: 'PUT', path: '/api/customer/:id', procedure: 'customers.update', input: withId },
  { method: 'DELETE', path: '/api/customer/:id', procedure: 'customers.remove', input: params },
  {
    method: 'GET',
    path: '/api/customer/:id/history',
    procedure: 'audit.history',
    input: (r) => ({ entity: 'customer', id: r.params.id }),
  },
  { method: 'GET', path: '/api/route', procedure: 'routes.list' },
  { method: 'POST', path: '/api/route', procedure: 'routes.create', input: body, status: 201 },
  { method: 'POST', path: '/api/route/', procedure: 'routes.create', input: body, status: 201 },
  { method: 'PUT', path: '/api/route/:id', procedure: 'routes.update', input: withId },
  { method: 'DELETE', path: '/api/route/:id', procedure: 'routes.remove', input: params },
  {
    method: 'POST',
    path: '/api/category',
    procedure: 'categories.create',
    input: body,
    status: 201,
  },
  { method: 'PUT', path: '/api/category/:id', procedure: 'categories.update', input: withId },
  { method: 'DELETE', path: '/api/category/:id', procedure: 'categories.remove', input: params },
  { method: 'POST', path: '/api/products', procedure: 'products.create', input: body, status: 201 },
  { method: 'PUT', path: '/api/products/:id', procedure: 'products.update', input: withId },
  { method: 'DELETE', path: '/api/products/:id', procedure: 'products.remove', input: params },
  { method: 'GET', path: '/api/employee', procedure: 'employees.list' },
  {
    method: 'POST',
    path: '/api/employee',
    procedure: 'employees.create',
    input: body,
    status: 201,
  },
  { method: 'PUT', path: '/api/employee/:id', procedure: 'employees.update', input: withId },
  { method: 'DELETE', path: '/api/employee/:id', procedure: 'employees.remove', input: params },
  {
    method: 'GET',
    path: '/api/information',
    procedure: 'information.list',
    input: (r) => ({ type: r.query.type || undefined }),
  },
  {
    method: 'POST',
    path: '/api/information',
    procedure: 'information.create',
    input: body,
    status: 201,
  },
  { method: 'PUT', path: '/api/information/:id', procedure: 'information.update', input: withId },
  {
    method: 'DELETE',
    path: '/api/information/:id',
    procedure: 'information.remove',
    input: params,
  },

  // From order to doorstep (spec §7 "Orders"): web orders, order tracking and the day's report.
  // Static segments (itemquantities, delivered, customer, delivercompleted, completed, report)
  // win over the `:id` rows in Fastify's router; tests/api/doorstep.test.ts calls each.
  { method: 'GET', path: '/api/orders', procedure: 'orders.list', input: query },
  { method: 'GET', path: '/api/orders/delivered', procedure: 'orders.delivered', input: query },
  {
    method: 'GET',
    path: '/api/orders/itemquantities',
    procedure: 'orders.itemQuantities',
    input: query,
  },
  {
    method: 'GET',
    path: '/api/orders/customer/:userId',
    procedure: 'orders.ofCustomer',
    input: (r) => ({ ...r.query, userId: r.params.userId }),
  },
  {
    method: 'PUT',
    path: '/api/orders/:id/deliver',
    procedure: 'orders.deliver',
    input: params,
  },
  {
    method: 'PUT',
    path: '/api/orders/:id/dispatch',
    procedure: 'orders.dispatch',
    input: (r) => ({ ...bodyObject(r), id: r.params.id }),
  },
  { method: 'DELETE', path: '/api/orders/:id', procedure: 'orders.remove', input: params },

  { method: 'GET', path: '/api/ordertrack', procedure: 'ordertrack.pending', input: query },
  {
    method: 'GET',
    path: '/api/ordertrack/delivercompleted',
    procedure: 'ordertrack.deliveredToday',
  },
  {
    method: 'GET',
    path: '/api/ordertrack/completed',
    procedure: 'ordertrack.completed',
    input: query,
  },
  {
    method: 'GET',
    path: '/api/ordertrack/report/:date',
    procedure: 'reports.deliveries',
    input: params,
  },
  {
    method: 'GET',
    path: '/api/ordertrack/:driverId',
    procedure: 'ordertrack.driverPending',
    input: (r) => ({ ...r.query, driverId: r.params.driverId }),
  },
  {
    method: 'GET',
    path: '/api/ordertrack/:driverId/delivered',
    procedure: 'ordertrack.driverDelivered',
    input: (r) => ({ ...r.query, driverId: r.params.driverId }),
  },
  {
    method: 'PUT',
    path: '/api/ordertrack/:orderId/deliver',
    procedure: 'ordertrack.deliver',
    // The spec sends an empty body; the phone adds the tap time and optional proof.
    input: (r) => ({ ...bodyObject(r), id: r.params.orderId }),
  },
  {
    method: 'POST',
    path: '/api/ordertrack',
    procedure: 'ordertrack.create',
    input: body,
    status: 201,
  },
  {
    method: 'PUT',
    path: '/api/ordertrack/:id',
    procedure: 'ordertrack.update',
    input: (r) => ({ ...bodyObject(r), id: r.params.id }),
  },
  { method: 'DELETE', path: '/api/ordertrack/:id', procedure: 'ordertrack.remove', input: params },
];
