import type { RestRequestParts } from './handler';

// The spec's /api paths (§7 and DESIGN §5), each mapped to the tRPC procedure that serves it.
// A path's input is taken from its params, query and body; the procedure validates it.

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
];
