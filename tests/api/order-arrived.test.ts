import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerOrder } from '../../drizzle/schema';
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

// A restaurant's history says when each order reached it (a driver's "delivered", or the
// office's own delivery), beside the spec's "Accepted"; and a driver's jobs to deliver keep the
// route's order of stops, then the order due first at one stop.

interface Order {
  _id: string;
  isDelivered: boolean;
  deliveredAt: string | null;
  arrivedAt?: string | null;
}

let t: TestApp;
let admin: ApiClient;
let driver: ApiClient;
let driverId = '';
let productId = '';
let routeId = '';

beforeAll(async () => {
  t = await startTestApp();
  routeId = makeRoute(t.db, 'North').id;
  productId = makeProduct(t.db, { name: 'Basmati Rice 5kg', price: 2480, sku: 'Bag' }).id;
  const adm = await makeAdmin(t.db);
  const dr = await makeEmployee(t.db, 'driver');
  driverId = dr.id;
  admin = new ApiClient(t.url);
  driver = new ApiClient(t.url);
  await admin.login(adm.username, adm.password);
  await driver.login(dr.username, dr.password);
});
afterAll(() => t.close());

async function customerWithOrder(name: string) {
  const made = await makeCustomer(t.db, { restaurantName: name, routeId });
  const cust = new ApiClient(t.url);
  await cust.login(made.username, made.password);
  const placed = await cust.post<Order>('/api/orders', {
    orderItems: [{ product: productId, quantity: 1 }],
    deliveryDate: deliveryCalendar(t.db, t.config.timeZone).earliest,
  });
  expect(placed.status).toBe(201);
  return { cust, customerId: made.id, orderId: placed.body._id };
}

async function dispatchToDriver(orderId: string): Promise<string> {
  const r = await admin.put(`/api/orders/${orderId}/dispatch`, { driverId });
  expect(r.status).toBe(200);
  const jobs = await driver.get<{ _id: string; order: { _id: string } | null }[]>(
    `/api/ordertrack/${driverId}`,
  );
  const job = jobs.body.find((j) => j.order?._id === orderId);
  if (!job) throw new Error('no job for the order');
  return job._id;
}

describe("the customer's history: when an order arrived", () => {
  it("is the driver's delivery time, null while on the van, the office's when it delivered", async () => {
    const carried = await customerWithOrder('Alpha Curry');
    const jobId = await dispatchToDriver(carried.orderId);

    // On the van: handed over (the spec's delivered_at), not arrived.
    const onVan = await carried.cust.get<{ orders: Order[] }>('/api/orders/myorders');
    expect(onVan.status).toBe(200);
    expect(onVan.body.orders[0]).toMatchObject({ isDelivered: true, arrivedAt: null });
    expect(onVan.body.orders[0]?.deliveredAt).not.toBeNull();

    const at = new Date(Date.now() - 60_000).toISOString();
    const done = await driver.put(`/api/ordertrack/${jobId}/deliver`, { deliveredAt: at });
    expect(done.status).toBe(200);
    const list = await carried.cust.get<{ orders: Order[] }>('/api/orders/myorders');
    expect(list.body.orders[0]?.arrivedAt).toBe(at);
    const one = await carried.cust.get<Order>(`/api/orders/${carried.orderId}`);
    expect(one.body.arrivedAt).toBe(at);

    const byOffice = await customerWithOrder('Bravo Noodles');
    const pending = await byOffice.cust.get<{ orders: Order[] }>('/api/orders/myorders');
    expect(pending.body.orders[0]).toMatchObject({ isDelivered: false, arrivedAt: null });
    expect((await admin.put(`/api/orders/${byOffice.orderId}/deliver`)).status).toBe(200);
    const delivered = await byOffice.cust.get<{ orders: Order[] }>('/api/orders/myorders');
    expect(delivered.body.orders[0]?.arrivedAt).toBe(delivered.body.orders[0]?.deliveredAt);
    expect(delivered.body.orders[0]?.arrivedAt).toBeTruthy();
  });
});

describe("a driver's jobs to deliver at one stop", () => {
  it('come in delivery date order, whatever order they were dispatched in', async () => {
    const { cust, orderId: later } = await customerWithOrder('Charlie Grill');
    // Moved a week on, so that a second order can take the earliest date.
    const earliest = deliveryCalendar(t.db, t.config.timeZone).earliest;
    const week = new Date(`${earliest}T00:00:00Z`);
    week.setUTCDate(week.getUTCDate() + 7);
    const laterDate = week.toISOString().slice(0, 10);
    t.db
      .update(customerOrder)
      .set({ deliveryDate: laterDate })
      .where(eq(customerOrder.id, later))
      .run();
    const sooner = await cust.post<Order>('/api/orders', {
      orderItems: [{ product: productId, quantity: 2 }],
      deliveryDate: earliest,
    });
    expect(sooner.status).toBe(201);
    // The later one first: it has the lower serial number.
    await dispatchToDriver(later);
    await dispatchToDriver(sooner.body._id);

    const jobs = await driver.get<
      { serialNo: number; restaurantName: string; order: { _id: string; deliveryDate: string } }[]
    >(`/api/ordertrack/${driverId}`);
    const charlie = jobs.body.filter((j) => j.restaurantName === 'Charlie Grill');
    expect(charlie.map((j) => j.order.deliveryDate)).toEqual([earliest, laterDate]);
    expect(charlie[0]?.serialNo).toBeGreaterThan(charlie[1]?.serialNo ?? 0);
  });
});
