import { deletedOut } from '../../../shared/schemas/common';
import {
  customerOrderPageOut,
  customerOrdersInput,
  dispatchInput,
  frozenLinesOut,
  itemQuantitiesInput,
  officeOrderOut,
  officeOrderPageOut,
  pagedInput,
  pendingCountOut,
  webOrdersInput,
} from '../../../shared/schemas/doorstep';
import { idInput } from '../../../shared/schemas/office';
import {
  addToOrderInput,
  cancelledOrderOut,
  cancelOrderInput,
  changeOrderInput,
  changeWindowOut,
  sameDayInput,
  sameDayOut,
} from '../../../shared/schemas/order-change';
import { orderOut, orderPageOut, pageInput, placeOrderInput } from '../../../shared/schemas/orders';
import { body, bodyObject, params, query, withId } from './route-helpers';
import type { RestRoute } from './routes';

// The /api paths of orders (server/orders; spec §7 "Orders"): the customer's own (placing,
// changing and cancelling until the cut-off, ADR 043) and the office's web orders (ADR 014).
// Releasing a held order is in customers.ts (credit hold); standing orders in standing.ts.

export const customerOrderRoutes: RestRoute[] = [
  // Orders
  {
    method: 'GET',
    path: '/api/orders/pendingcount',
    procedure: 'orders.pendingWebCount',
    summary: 'How many web orders wait (the dashboard tile)',
    response: pendingCountOut,
  },
  {
    method: 'GET',
    path: '/api/orders/myorders',
    procedure: 'orders.mine',
    input: (r) => ({ pageNumber: r.query.pageNumber || undefined }),
    summary: "The signed-in customer's orders, newest first, a page at a time",
    request: { query: pageInput },
    response: orderPageOut,
  },
  {
    method: 'GET',
    path: '/api/orders/:id',
    procedure: 'orders.byId',
    input: params,
    summary: "One order (a customer: only their own; another's answers 404)",
    request: { params: idInput },
    response: orderOut,
  },
  {
    method: 'POST',
    path: '/api/orders',
    procedure: 'orders.place',
    input: body,
    status: 201,
    summary: 'Place an order; names and prices are taken from the catalogue, not the request',
    request: { body: placeOrderInput },
    response: orderOut,
  },
  {
    method: 'GET',
    path: '/api/orders/sameday',
    procedure: 'orders.sameDay',
    input: query,
    summary: "The signed-in customer's order for a delivery date that can still be changed, if any",
    request: { query: sameDayInput },
    response: sameDayOut,
  },
  {
    method: 'GET',
    path: '/api/orders/:id/changewindow',
    procedure: 'orders.changeWindow',
    input: params,
    summary: 'Whether the customer may still change or cancel their order, and until when',
    request: { params: cancelOrderInput },
    response: changeWindowOut,
  },
  {
    method: 'PUT',
    path: '/api/orders/:id',
    procedure: 'orders.change',
    input: withId,
    summary:
      "Change the customer's own order until the cut-off of its delivery day; priced again, stock moves by the difference",
    request: { params: cancelOrderInput, body: changeOrderInput.omit({ id: true }) },
    response: orderOut,
  },
  {
    method: 'POST',
    path: '/api/orders/:id/add',
    procedure: 'orders.addTo',
    input: withId,
    summary: "Add a cart to the customer's own order of the same delivery day, until its cut-off",
    request: { params: cancelOrderInput, body: addToOrderInput.omit({ id: true }) },
    response: orderOut,
  },
  {
    method: 'PUT',
    path: '/api/orders/:id/cancel',
    procedure: 'orders.cancel',
    input: params,
    summary:
      "Cancel the customer's own order until the cut-off of its delivery day; stock goes back",
    request: { params: cancelOrderInput },
    response: cancelledOrderOut,
  },
];

/** The office's web orders (spec §7 "Orders"): listed, dispatched, delivered, deleted. */
export const webOrderRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/orders',
    procedure: 'orders.list',
    input: query,
    summary: 'New web orders (pending), by delivery date and route, a page at a time',
    request: { query: webOrdersInput },
    response: officeOrderPageOut,
  },
  {
    method: 'GET',
    path: '/api/orders/delivered',
    procedure: 'orders.delivered',
    input: query,
    summary: 'Dispatched web orders, newest delivery date first, a page at a time',
    request: { query: pagedInput },
    response: officeOrderPageOut,
  },
  {
    method: 'GET',
    path: '/api/orders/itemquantities',
    procedure: 'orders.itemQuantities',
    input: query,
    summary: 'Frozen counts: how much of each item the pending orders of a date need',
    request: { query: itemQuantitiesInput },
    response: frozenLinesOut,
  },
  {
    method: 'GET',
    path: '/api/orders/customer/:userId',
    procedure: 'orders.ofCustomer',
    input: (r) => ({ ...r.query, userId: r.params.userId }),
    summary: "One customer's orders, a page at a time, with a keyword search",
    request: {
      params: customerOrdersInput.pick({ userId: true }),
      query: customerOrdersInput.omit({ userId: true }),
    },
    response: customerOrderPageOut,
  },
  {
    method: 'PUT',
    path: '/api/orders/:id/deliver',
    procedure: 'orders.deliver',
    input: params,
    summary: 'Mark a web order as dispatched by the office (no driver job)',
    request: { params: idInput },
    response: officeOrderOut,
  },
  {
    method: 'PUT',
    path: '/api/orders/:id/dispatch',
    procedure: 'orders.dispatch',
    input: (r) => ({ ...bodyObject(r), id: r.params.id }),
    summary: "Dispatch a web order, optionally to a driver (which creates the driver's job)",
    request: { params: dispatchInput.pick({ id: true }), body: dispatchInput.omit({ id: true }) },
    response: officeOrderOut,
  },
  {
    method: 'DELETE',
    path: '/api/orders/:id',
    procedure: 'orders.remove',
    input: params,
    summary: 'Delete a web order',
    request: { params: idInput },
    response: deletedOut,
  },
];
