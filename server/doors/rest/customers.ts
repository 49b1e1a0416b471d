import { z } from 'zod';
import { resetPasswordInput } from '../../../shared/schemas/auth';
import { messageOut } from '../../../shared/schemas/common';
import {
  creditHoldInput,
  creditHoldOut,
  heldOrderOut,
  releasedOrderOut,
  releaseOrderInput,
} from '../../../shared/schemas/invoices';
import {
  auditHistoryInput,
  auditTrailOut,
  customerInput,
  customerListInput,
  customerListOut,
  customerOut,
  customerUpdateInput,
  idInput,
  routeInput,
  routeListOut,
  routeOut,
  routeStopOrderInput,
  routeStopsOut,
  routeUpdateInput,
} from '../../../shared/schemas/office';
import { body, params, withId } from './route-helpers';
import type { RestRoute } from './routes';

// The /api paths of customers (server/customers; spec §7, DESIGN §5-6): credit hold, the back
// office's customers (their change history is reports' audit.history) and delivery routes
// with the order of their stops (ADR 042). Terms and people are in price-lists.ts, people.ts.

/** Credit hold (DESIGN §6): the held web orders, releasing one, a customer's hold. */
export const creditHoldRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/credit/held',
    procedure: 'credit.held',
    summary: 'Web orders held because their customer is on credit hold',
    response: heldOrderOut,
  },
  {
    method: 'PUT',
    path: '/api/orders/:id/release',
    procedure: 'orders.release',
    input: params,
    summary: 'Release a held web order',
    request: { params: releaseOrderInput },
    response: releasedOrderOut,
  },
  {
    method: 'PUT',
    path: '/api/customer/:id/credithold',
    procedure: 'credit.setHold',
    input: (r) => ({ ...(r.body as object), customerId: r.params.id }),
    summary: 'Put a customer on credit hold, or take them off',
    request: {
      params: z.object({ id: creditHoldInput.shape.customerId }),
      body: creditHoldInput.omit({ customerId: true }),
    },
    response: creditHoldOut,
  },
];

/** The back office's customers and delivery routes (spec §7, DESIGN §5). */
export const customerOfficeRoutes: RestRoute[] = [
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
    summary: 'Customers: every match as an array, or with pageNumber one page of them',
    request: { query: customerListInput },
    response: customerListOut,
  },
  {
    method: 'GET',
    path: '/api/customer/baddebt',
    procedure: 'customers.list',
    input: () => ({ kind: 'baddebt' }),
    summary: 'Customers marked as bad debt (an array)',
    response: customerListOut,
  },
  {
    method: 'POST',
    path: '/api/customer',
    procedure: 'customers.create',
    input: body,
    status: 201,
    summary: 'Create a customer (with a login when username and password are given)',
    request: { body: customerInput },
    response: customerOut,
  },
  {
    method: 'PUT',
    path: '/api/customer/:id',
    procedure: 'customers.update',
    input: withId,
    summary: 'Change a customer (the path names it; a body `_id` is ignored)',
    request: { params: idInput, body: customerUpdateInput.omit({ id: true }) },
    response: customerOut,
  },
  {
    method: 'PUT',
    path: '/api/customer/:id/password',
    procedure: 'customers.resetPassword',
    input: withId,
    summary: "Set a new password for the customer's login (their sessions end)",
    request: { params: idInput, body: resetPasswordInput.omit({ id: true }) },
    response: messageOut,
  },
  {
    method: 'DELETE',
    path: '/api/customer/:id',
    procedure: 'customers.remove',
    input: params,
    summary: 'Delete a customer',
    request: { params: idInput },
    response: messageOut,
  },
  {
    method: 'GET',
    path: '/api/customer/:id/history',
    procedure: 'audit.history',
    input: (r) => ({ entity: 'customer', id: r.params.id }),
    summary: "A customer's change history: who, when, the fields before and after",
    request: { params: auditHistoryInput.pick({ id: true }) },
    response: auditTrailOut,
  },
  {
    method: 'GET',
    path: '/api/route',
    procedure: 'routes.list',
    summary: 'Every delivery route, with how many customers each has',
    response: routeListOut,
  },
  {
    method: 'POST',
    path: '/api/route',
    procedure: 'routes.create',
    input: body,
    status: 201,
    summary: 'Create a route',
    request: { body: routeInput },
    response: routeOut,
  },
  {
    method: 'POST',
    path: '/api/route/',
    procedure: 'routes.create',
    input: body,
    status: 201,
    summary: 'Create a route (the spec writes the path with a trailing slash)',
    request: { body: routeInput },
    response: routeOut,
  },
  {
    method: 'PUT',
    path: '/api/route/:id',
    procedure: 'routes.update',
    input: withId,
    summary: 'Rename a route (the path names it; a body `_id` is ignored)',
    request: { params: idInput, body: routeUpdateInput.omit({ id: true }) },
    response: routeOut,
  },
  {
    method: 'DELETE',
    path: '/api/route/:id',
    procedure: 'routes.remove',
    input: params,
    summary: 'Delete a route',
    request: { params: idInput },
    response: messageOut,
  },
  {
    method: 'GET',
    path: '/api/route/:id/stops',
    procedure: 'routes.stops',
    input: params,
    summary: "A route's customers in the order the driver calls on them",
    request: { params: idInput },
    response: routeStopsOut,
  },
  {
    method: 'PUT',
    path: '/api/route/:id/stops',
    procedure: 'routes.setStopOrder',
    input: withId,
    summary: "Set the order of a route's stops: every customer of the route, first stop first",
    request: { params: idInput, body: routeStopOrderInput.omit({ id: true }) },
    response: routeStopsOut,
  },
];
