import { expect } from 'vitest';
import type { ApiClient } from './http';
import { mutate, query } from './trpc';

// An order taken through the whole road as the three users do it over HTTP: the restaurant
// places it, the office dispatches it, the driver delivers it. Many money and document tests
// start from such a delivery.

export interface RoadJob {
  _id: string;
  order: {
    _id: string;
    orderItems: { _id: string; name: string }[];
    invoice: { _id: string; number: string; amount: number } | null;
  };
}

export interface Road {
  admin: ApiClient;
  driver: ApiClient;
  driverId: string;
}

/**
 * Places `lines` for `deliveryDate` as `customer`, dispatches and delivers the order (with the
 * cash taken, if any): the order's id, its job as the driver saw it, and the delivered job.
 */
export async function placeAndDeliver(
  road: Road,
  customer: ApiClient,
  order: { orderItems: { product: string; quantity: number }[]; deliveryDate: string },
  deliver: { cashTaken?: number } = {},
): Promise<{ orderId: string; pending: RoadJob; delivered: RoadJob }> {
  const placed = await customer.post<{ _id: string }>('/api/orders', order);
  expect(placed.status).toBe(201);
  const dispatched = await mutate(road.admin, 'orders.dispatch', {
    id: placed.body._id,
    driverId: road.driverId,
  });
  expect(dispatched.status).toBe(200);
  const jobs = await query<RoadJob[]>(road.driver, 'ordertrack.driverPending', {
    driverId: road.driverId,
    keyword: '',
  });
  const pending = jobs.data.find((j) => j.order?._id === placed.body._id);
  if (!pending) throw new Error('no job');
  const r = await mutate<RoadJob>(road.driver, 'ordertrack.deliver', {
    id: pending._id,
    ...deliver,
  });
  expect(r.status).toBe(200);
  return { orderId: placed.body._id, pending, delivered: r.data };
}
