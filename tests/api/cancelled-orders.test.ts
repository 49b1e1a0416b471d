import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryCalendar } from '../../server/settings/settings';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// Cancelled orders stay in the customer's history (ADR 043, amendment of 2026-11-28): a
// cancelled order is removed, and `orders.cancelledMine` reads the trail's record of it (number,
// delivery date, total, lines, when and by whom), for the signed-in customer only.

interface Cancelled {
  id: string;
  orderNumber: number;
  deliveryDate: string;
  total: number;
  lines: { name: string; quantity: number }[];
  cancelledAt: string;
  by: 'customer' | 'office';
}

let t: TestApp;
let office: ApiClient;
let date = '';
const P: Record<string, string> = {};
const C: Record<string, ApiClient> = {};

async function place(name: string, rice: number) {
  const r = await C[name]!.post<{ _id: string; orderNumber: number; totalPrice: number }>(
    '/api/orders',
    { orderItems: [{ product: P.rice, quantity: rice }], deliveryDate: date },
  );
  expect(r.status).toBe(201);
  return r.body;
}

beforeAll(async () => {
  t = await startTestApp();
  date = deliveryCalendar(t.db, t.config.timeZone).earliest;
  P.rice = makeProduct(t.db, { name: 'Basmati Rice 5kg', price: 2000, sku: 'Bag' }).id;
  // A Nepali reader gets the product's Nepali name on a cancelled order's lines.
  t.db.$client.prepare('UPDATE product SET name_ne = ? WHERE id = ?').run('बासमती चामल', P.rice);
  for (const name of ['Himalaya Kitchen', 'Bangkok Spice']) {
    const made = await makeCustomer(t.db, { restaurantName: name });
    C[name] = new ApiClient(t.url);
    await C[name].login(made.username, made.password);
  }
  const admin = await makeAdmin(t.db);
  office = new ApiClient(t.url);
  await office.login(admin.username, admin.password);
});
afterAll(() => t.close());

describe('cancelled orders in the history', () => {
  it('lists the orders the customer or the office cancelled, newest first, marked by whom', async () => {
    const kept = await place('Himalaya Kitchen', 1);
    const mine = await place('Himalaya Kitchen', 2);
    const theirs = await place('Himalaya Kitchen', 3);
    const cancel = await C['Himalaya Kitchen']!.put(`/api/orders/${mine._id}/cancel`);
    expect(cancel.status).toBe(200);
    const removed = await mutate(office, 'orders.remove', { id: theirs._id });
    expect(removed.status).toBe(200);

    const r = await query<Cancelled[]>(C['Himalaya Kitchen']!, 'orders.cancelledMine');
    expect(r.status).toBe(200);
    expect(r.data).toEqual([
      {
        id: theirs._id,
        orderNumber: theirs.orderNumber,
        deliveryDate: date,
        total: theirs.totalPrice,
        lines: [{ name: 'Basmati Rice 5kg', nameNe: 'बासमती चामल', nameJa: null, quantity: 3 }],
        cancelledAt: expect.any(String),
        by: 'office',
      },
      {
        id: mine._id,
        orderNumber: mine.orderNumber,
        deliveryDate: date,
        total: mine.totalPrice,
        lines: [{ name: 'Basmati Rice 5kg', nameNe: 'बासमती चामल', nameJa: null, quantity: 2 }],
        cancelledAt: expect.any(String),
        by: 'customer',
      },
    ]);
    // The live list is unchanged: only the order still there.
    const live = await query<{ orders: { _id: string }[] }>(C['Himalaya Kitchen']!, 'orders.mine', {
      pageNumber: 1,
    });
    expect(live.data.orders.map((o) => o._id)).toEqual([kept._id]);
  });

  it("another restaurant sees none of them, and the office's door is closed to customers", async () => {
    const other = await query<Cancelled[]>(C['Bangkok Spice']!, 'orders.cancelledMine');
    expect(other.status).toBe(200);
    expect(other.data).toEqual([]);
    const staff = await query(office, 'orders.cancelledMine');
    expect(staff.status).toBe(403);
  });
});
