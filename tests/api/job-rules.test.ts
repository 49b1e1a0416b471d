import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryCalendar } from '../../server/settings/settings';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  makeAdmin,
  makeCustomer,
  makeEmployee,
  makeProduct,
  makeRoute,
} from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// A delivery job is made only for a pending order of the job's own customer, and one order has
// one job however many requests race for it (ADR 023).

let t: TestApp;
let admin: ApiClient;
let ana: ApiClient;
let bob: ApiClient;
let driverId = '';
let anaId = '';
let bobId = '';
let date = '';
let productId = '';

type Order = { _id: string; orderNumber: number; isDelivered: boolean };
type Job = {
  _id: string;
  customer: { _id: string } | null;
  order: { _id: string } | null;
  amountToCollect: number;
};
type Err = { code?: string };

beforeAll(async () => {
  t = await startTestApp();
  date = deliveryCalendar(t.db, t.config.timeZone).earliest;
  productId = makeProduct(t.db, { name: 'Rice 10kg', price: 4000 }).id;
  const r = makeRoute(t.db, 'Ueno');
  const a = await makeCustomer(t.db, { restaurantName: 'Annapurna', routeId: r.id });
  const b = await makeCustomer(t.db, { restaurantName: 'Bhojan', routeId: r.id });
  anaId = a.id;
  bobId = b.id;
  const adm = await makeAdmin(t.db);
  driverId = (await makeEmployee(t.db, 'driver')).id;
  admin = new ApiClient(t.url);
  ana = new ApiClient(t.url);
  bob = new ApiClient(t.url);
  await admin.login(adm.username, adm.password);
  await ana.login(a.username, a.password);
  await bob.login(b.username, b.password);
});
afterAll(() => t.close());

const place = async (c: ApiClient, qty = 1) => {
  const r = await c.post<Order>('/api/orders', {
    orderItems: [{ product: productId, quantity: qty }],
    deliveryDate: date,
  });
  expect(r.status).toBe(201);
  return r.body;
};

const jobsOfOrder = (orderId: string) =>
  (
    t.db.$client
      .prepare('SELECT count(*) AS n FROM delivery_job WHERE order_id = ?')
      .get(orderId) as { n: number }
  ).n;

describe('delivery jobs for an order', () => {
  it("refuses a job that attaches one customer's order to another customer", async () => {
    const bobsOrder = await place(bob, 3);
    const r = await admin.post<Err>('/api/ordertrack', {
      customer: anaId,
      deliveredBy: driverId,
      order: bobsOrder._id,
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('delivery.orderOfOtherCustomer');
    expect(jobsOfOrder(bobsOrder._id)).toBe(0);
  });

  it('ten parallel creations for one order make one job', async () => {
    const order = await place(ana, 2);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        admin.post<Job & Err>('/api/ordertrack', {
          customer: anaId,
          deliveredBy: driverId,
          order: order._id,
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    for (const a of answers.filter((x) => x.status === 409)) {
      expect(['delivery.alreadyDispatched', 'delivery.orderHasJob']).toContain(a.body.code);
    }
    expect(jobsOfOrder(order._id)).toBe(1);
    // The job dispatched the order to its driver.
    const o = await admin.get<Order>(`/api/orders/${order._id}`);
    expect(o.body.isDelivered).toBe(true);
  });

  it('refuses a job for an order already dispatched or delivered', async () => {
    const dispatched = await place(ana);
    expect((await admin.put(`/api/orders/${dispatched._id}/dispatch`, { driverId })).status).toBe(
      200,
    );
    const again = await admin.post<Err>('/api/ordertrack', {
      customer: anaId,
      deliveredBy: driverId,
      order: dispatched._id,
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('delivery.alreadyDispatched');
    expect(jobsOfOrder(dispatched._id)).toBe(1);

    const byOffice = await place(ana);
    expect((await admin.put(`/api/orders/${byOffice._id}/deliver`)).status).toBe(200);
    const late = await admin.post<Err>('/api/ordertrack', {
      customer: anaId,
      deliveredBy: driverId,
      order: byOffice._id,
    });
    expect(late.status).toBe(409);
    expect(jobsOfOrder(byOffice._id)).toBe(0);
  });

  it("a job's customer stays its order's customer; its order does not change", async () => {
    const order = await place(ana, 4);
    const other = await place(ana, 1);
    const job = await admin.post<Job>('/api/ordertrack', {
      customer: anaId,
      deliveredBy: driverId,
      order: order._id,
    });
    expect(job.status).toBe(201);
    // 4 x ¥4,000 at the reduced rate: ¥16,000 + 8% tax.
    expect(job.body.amountToCollect).toBe(17280);
    const moved = await admin.put<Err>(`/api/ordertrack/${job.body._id}`, {
      customer: bobId,
      deliveredBy: driverId,
    });
    expect(moved.status).toBe(400);
    expect(moved.body.code).toBe('delivery.orderOfOtherCustomer');
    const swapped = await admin.put<Err>(`/api/ordertrack/${job.body._id}`, {
      customer: anaId,
      deliveredBy: driverId,
      order: other._id,
    });
    expect(swapped.status).toBe(400);
    expect(swapped.body.code).toBe('delivery.orderFixed');
    // The same customer and order, another driver: fine.
    const same = await admin.put<Job>(`/api/ordertrack/${job.body._id}`, {
      customer: anaId,
      deliveredBy: driverId,
      order: order._id,
    });
    expect(same.status).toBe(200);
    const row = t.db.$client
      .prepare('SELECT customer_id AS c, order_id AS o FROM delivery_job WHERE id = ?')
      .get(job.body._id);
    expect(row).toEqual({ c: anaId, o: order._id });
  });

  it('a job without an order is still made for any customer', async () => {
    const r = await admin.post<Job>('/api/ordertrack', { customer: bobId, deliveredBy: driverId });
    expect(r.status).toBe(201);
    expect(r.body.order).toBeNull();
  });
});
