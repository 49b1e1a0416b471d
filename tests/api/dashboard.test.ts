import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayRange } from '../../server/platform/business-day';
import { newId } from '../../server/platform/ids';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import type { DashboardOut } from '../../shared/schemas/dashboard';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee, makeInvoice } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// The owner's day on the dashboard (docs/decisions/039), read as the office screen reads it.

let t: TestApp;
let office: ApiClient;
let today = '';
let orderNo = 1;

/** An order placed at `createdAt` (an instant) for `deliveryDate`. */
function order(
  customerId: string,
  createdAt: string,
  deliveryDate: string,
  total: number,
  delivered = false,
) {
  t.db.$client
    .prepare(
      `INSERT INTO customer_order (id, order_number, customer_id, restaurant_name, customer_code, username,
         delivery_date, total, is_delivered, created_at)
       VALUES (?, ?, ?, 'R', 'C', 'u', ?, ?, ?, ?)`,
    )
    .run(newId(), orderNo++, customerId, deliveryDate, total, delivered ? 1 : 0, createdAt);
}
/** Backdates when a customer was registered (the factory registers it now). */
function registeredOn(customerId: string, date: string) {
  t.db.$client
    .prepare('UPDATE customer SET created_at = ? WHERE id = ?')
    .run(noonOf(date), customerId);
}
/** Noon of a business day, as an instant. */
const noonOf = (date: string) =>
  new Date(Date.parse(dayRange(date, t.config.timeZone)[0]) + 12 * 3_600_000).toISOString();

async function read(c: ApiClient) {
  const r = await c.get<{ result?: { data: DashboardOut } }>('/trpc/reports.dashboard');
  return { status: r.status, data: r.body.result?.data as DashboardOut };
}

beforeAll(async () => {
  t = await startTestApp();
  today = isoDateInZone(new Date(), t.config.timeZone);
  const admin = await makeAdmin(t.db);
  office = new ApiClient(t.url);
  await office.login(admin.username, admin.password);

  const busy = await makeCustomer(t.db, { restaurantName: 'Busy Curry House' });
  const quiet = await makeCustomer(t.db, { restaurantName: 'Quiet Noodle Bar' });
  const never = await makeCustomer(t.db, { restaurantName: 'Never Ordered Cafe' });
  // Customers of long standing; new ones (registered within the 30 days) are tested below.
  for (const c of [busy, quiet, never]) registeredOn(c.id, addDaysIso(today, -90));
  // Today: three orders placed (two for today, one delivered), one placed yesterday for today.
  order(busy.id, noonOf(today), today, 10_000, true);
  order(busy.id, noonOf(today), today, 4_000);
  order(busy.id, noonOf(today), addDaysIso(today, 1), 2_500);
  order(busy.id, noonOf(addDaysIso(today, -1)), today, 1_000);
  // Quiet ordered 31 days ago (outside the chart and silent), and 45 days ago.
  order(quiet.id, noonOf(addDaysIso(today, -31)), addDaysIso(today, -30), 7_000, true);
  order(quiet.id, noonOf(addDaysIso(today, -45)), addDaysIso(today, -44), 7_000, true);

  // Money: 6,000 overdue on two invoices (one part-paid), one not yet due, one paid.
  makeInvoice(t.db, { customerId: busy.id, amount: 5_000, dueDate: addDaysIso(today, -3) });
  makeInvoice(t.db, {
    customerId: quiet.id,
    amount: 3_000,
    paidAmount: 2_000,
    dueDate: addDaysIso(today, -40),
  });
  makeInvoice(t.db, { customerId: quiet.id, amount: 9_000, dueDate: addDaysIso(today, 5) });
  makeInvoice(t.db, {
    customerId: quiet.id,
    amount: 9_000,
    paidAmount: 9_000,
    dueDate: addDaysIso(today, -5),
  });

  // Cash: a driver took 3,000 today and handed over 2,500; the office's own payment is not cash.
  const driver = await makeEmployee(t.db, 'driver');
  const inv = makeInvoice(t.db, { customerId: busy.id, amount: 20_000, dueDate: today });
  const pay = t.db.$client.prepare(
    'INSERT INTO payment (id, invoice_id, amount, date, collected_by) VALUES (?, ?, ?, ?, ?)',
  );
  pay.run(newId(), inv.id, 3_000, today, driver.id);
  pay.run(newId(), inv.id, 1_000, today, admin.id);
  pay.run(newId(), inv.id, 500, addDaysIso(today, -1), driver.id);
  t.db.$client
    .prepare(
      `INSERT INTO cash_handover (id, driver_id, driver_name, date, collected, handed_over)
       VALUES (?, ?, 'driver', ?, 3000, 2500)`,
    )
    .run(newId(), driver.id, today);
});
afterAll(() => t.close());

describe('the dashboard', () => {
  it("shows today's orders, deliveries and cash", async () => {
    const r = await read(office);
    expect(r.status).toBe(200);
    expect(r.data.date).toBe(today);
    expect(r.data.placedToday).toEqual({ count: 3, amount: 16_500 });
    expect(r.data.deliveriesToday).toEqual({
      delivered: 1,
      pending: 2,
      leftOver: 0,
      deliveredAmount: 10_000,
    });
    expect(r.data.cashToday).toEqual({ collected: 3_000, handedOver: 2_500 });
  });

  it('shows the money overdue and the customers silent for 30 days', async () => {
    const r = await read(office);
    // 5,000 + (3,000 - 2,000); the invoice due today is not overdue yet.
    expect(r.data.overdue).toEqual({ amount: 6_000, invoices: 2 });
    expect(r.data.silent.count).toBe(2);
    expect(r.data.silent.customers.map((c) => c.restaurantName)).toEqual([
      'Never Ordered Cafe',
      'Quiet Noodle Bar',
    ]);
  });

  it('does not count a customer registered within the 30 days as silent, here or on its card', async () => {
    // Registered a minute ago, and 29 days ago: no order yet, but not 30 days without one.
    const fresh = await makeCustomer(t.db, { restaurantName: 'A Brand New Bistro' });
    const young = await makeCustomer(t.db, { restaurantName: 'B Young Diner' });
    registeredOn(young.id, addDaysIso(today, -29));
    // Registered 31 days ago and never ordered: silent.
    const old = await makeCustomer(t.db, { restaurantName: 'C Month Old Grill' });
    registeredOn(old.id, addDaysIso(today, -31));
    try {
      const names = (await read(office)).data.silent.customers.map((c) => c.restaurantName);
      expect(names).toEqual(['C Month Old Grill', 'Never Ordered Cafe', 'Quiet Noodle Bar']);
      const cards = await office.get<{ _id: string; inactive: boolean }[]>('/api/customer');
      const inactive = (id: string) => cards.body.find((c) => c._id === id)?.inactive;
      expect(inactive(fresh.id)).toBe(false);
      expect(inactive(young.id)).toBe(false);
      expect(inactive(old.id)).toBe(true);
    } finally {
      t.db.$client
        .prepare('DELETE FROM customer WHERE id IN (?, ?, ?)')
        .run(fresh.id, young.id, old.id);
    }
  });

  it('charts the last 30 days, oldest first, today last', async () => {
    const { days } = (await read(office)).data;
    expect(days).toHaveLength(30);
    expect(days[0]?.date).toBe(addDaysIso(today, -29));
    expect(days[29]).toEqual({ date: today, orders: 3, amount: 16_500 });
    expect(days[28]).toEqual({ date: addDaysIso(today, -1), orders: 1, amount: 1_000 });
    expect(days.reduce((s, d) => s + d.orders, 0)).toBe(4);
  });

  it('is for the office only', async () => {
    expect((await read(new ApiClient(t.url))).status).toBe(401);
    const c = await makeCustomer(t.db);
    const customer = new ApiClient(t.url);
    await customer.login(c.username, c.password);
    expect((await read(customer)).status).toBe(403);
  });
});
