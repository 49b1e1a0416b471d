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

export const restRoutes: RestRoute[] = [
  // Auth
  { method: 'POST', path: '/api/users/login', procedure: 'auth.login', input: body },
  { method: 'POST', path: '/api/users/logout', procedure: 'auth.logout' },
  { method: 'GET', path: '/api/users/profile', procedure: 'auth.profile' },

  // Web orders (the admin dashboard's count)
  { method: 'GET', path: '/api/orders/pendingcount', procedure: 'orders.pendingWebCount' },
];
