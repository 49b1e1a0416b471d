import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryCalendar } from '../../server/settings/settings';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// The claims screen names a delivered product in the reader's language: the claimable lines
// and the customer's reports carry the product's Nepali name (null when it has none).

let t: TestApp;
let customer: ApiClient;
let orderLineIds: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  const date = deliveryCalendar(t.db, t.config.timeZone).earliest;
  const rice = makeProduct(t.db, { name: 'Basmati Rice 5kg', price: 2480, sku: 'Bag' });
  const soap = makeProduct(t.db, { name: 'Dish Detergent 4L', price: 1000, sku: 'Btl' });
  t.db.$client.prepare('UPDATE product SET name_ne = ? WHERE id = ?').run('बासमती चामल', rice.id);
  const made = await makeCustomer(t.db, { restaurantName: 'Himalaya Kitchen' });
  const adm = await makeAdmin(t.db);
  const dr = await makeEmployee(t.db, 'driver');
  const admin = new ApiClient(t.url);
  const driver = new ApiClient(t.url);
  customer = new ApiClient(t.url);
  await admin.login(adm.username, adm.password);
  await driver.login(dr.username, dr.password);
  await customer.login(made.username, made.password);

  const placed = await customer.post<{ _id: string }>('/api/orders', {
    orderItems: [
      { product: rice.id, quantity: 2 },
      { product: soap.id, quantity: 1 },
    ],
    deliveryDate: date,
  });
  expect(placed.status).toBe(201);
  expect(
    (await mutate(admin, 'orders.dispatch', { id: placed.body._id, driverId: dr.id })).status,
  ).toBe(200);
  const jobs = await driver.get<{
    result: {
      data: { _id: string; order: { _id: string; orderItems: { _id: string; name: string }[] } }[];
    };
  }>(
    `/trpc/ordertrack.driverPending?input=${encodeURIComponent(JSON.stringify({ driverId: dr.id, keyword: '' }))}`,
  );
  const job = jobs.body.result.data.find((j) => j.order._id === placed.body._id);
  if (!job) throw new Error('no job');
  expect((await mutate(driver, 'ordertrack.deliver', { id: job._id })).status).toBe(200);
  orderLineIds = Object.fromEntries(job.order.orderItems.map((l) => [l.name, l._id]));
});
afterAll(() => t.close());

describe('claims in Nepali', () => {
  it('the claimable lines carry the Nepali name, null without one', async () => {
    const r = await query<{ lines: { name: string; nameNe: string | null; sku: string }[] }[]>(
      customer,
      'claims.claimable',
    );
    expect(r.status).toBe(200);
    expect(r.data.flatMap((o) => o.lines)).toEqual([
      expect.objectContaining({ name: 'Basmati Rice 5kg', nameNe: 'बासमती चामल', sku: 'Bag' }),
      expect.objectContaining({ name: 'Dish Detergent 4L', nameNe: null, sku: 'Btl' }),
    ]);
  });

  it("the customer's reports carry it too", async () => {
    const made = await mutate<{ productName: string; nameNe: string | null }>(
      customer,
      'claims.create',
      { orderLineId: orderLineIds['Basmati Rice 5kg'], quantity: 1, reason: 'Torn bag' },
    );
    expect(made.status).toBe(200);
    expect(made.data).toEqual(
      expect.objectContaining({ productName: 'Basmati Rice 5kg', nameNe: 'बासमती चामल' }),
    );
    const mine = await query<{ productName: string; nameNe: string | null }[]>(
      customer,
      'claims.mine',
    );
    expect(mine.data).toEqual([
      expect.objectContaining({ productName: 'Basmati Rice 5kg', nameNe: 'बासमती चामल' }),
    ]);
  });
});
