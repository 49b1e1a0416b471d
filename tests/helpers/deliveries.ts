import { expect } from 'vitest';
import type { Db } from '../../server/platform/db';
import { newId } from '../../server/platform/ids';
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

/**
 * A delivered order of one line of rice at ¥1,000 a kg, 8 % (the office's own delivery, no
 * job), delivered at noon in Tokyo on `day`, written straight into the database: what the
 * closing tests bill when the road itself is not what they test. Returns its id.
 */
export function insertDeliveredOrder(
  db: Db,
  o: { customerId: string; productId: string; day: string; quantity?: number },
): string {
  const id = newId();
  const quantity = o.quantity ?? 1;
  const net = 1000 * quantity;
  const tax = Math.floor(net * 0.08);
  const orderNumber =
    db.$client
      .prepare<[], number>('SELECT COALESCE(MAX(order_number), 0) + 1 FROM customer_order')
      .pluck()
      .get() ?? 1;
  db.$client
    .prepare(
      `INSERT INTO customer_order (id, order_number, customer_id, restaurant_name, customer_code,
         username, delivery_date, total, net8, tax8, is_delivered, delivered_at, created_at)
       VALUES (?, ?, ?, 'R', 'C', 'u', ?, ?, ?, ?, 1, ?, ?)`,
    )
    .run(
      id,
      orderNumber,
      o.customerId,
      o.day,
      net + tax,
      net,
      tax,
      `${o.day}T03:00:00.000Z`,
      `${o.day}T01:00:00.000Z`,
    );
  db.$client
    .prepare(
      `INSERT INTO order_line (id, order_id, product_id, position, name, sku, unit_price, quantity,
         line_total, tax_rate) VALUES (?, ?, ?, 0, 'Rice', 'Kg', 1000, ?, ?, 8)`,
    )
    .run(newId(), id, o.productId, quantity, net);
  return id;
}
