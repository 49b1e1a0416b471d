import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderWindowStart } from '../../server/customers/activity';
import { dayRange } from '../../server/platform/business-day';
import { newId } from '../../server/platform/ids';
import { deliveryCalendar } from '../../server/settings/settings';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import type { DashboardOut } from '../../shared/schemas/dashboard';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate } from '../helpers/trpc';

// Two things the office audit found the dashboard saying wrongly:
// - "No order in 30 days" is one definition (server/customers/activity.ts) for the dashboard's
//   silent customers and the customer card's warning: an order placed, by any channel, in the
//   last 30 business days, whenever it is delivered.
// - Today's delivered orders are the ones that reached the restaurant (the office's own delivery,
//   or the driver's job marked delivered), not the ones only handed to a driver.

let t: TestApp;
let office: ApiClient;
let today = '';
let orderNo = 1_000;
let serial = 1;
let adminId = '';
const names: Record<string, string> = {};

/** Noon of a business day, as an instant. */
const noonOf = (date: string) =>
  new Date(Date.parse(dayRange(date, t.config.timeZone)[0]) + 12 * 3_600_000).toISOString();

function insertOrder(o: {
  customerId: string;
  createdAt: string;
  deliveryDate: string;
  total?: number;
  dispatched?: boolean;
  deliveredAt?: string | null;
  placedBy?: string | null;
}): string {
  const id = newId();
  t.db.$client
    .prepare(
      `INSERT INTO customer_order (id, order_number, customer_id, placed_by, restaurant_name,
         customer_code, username, delivery_date, total, is_delivered, delivered_at, created_at)
       VALUES (?, ?, ?, ?, 'R', 'C', 'u', ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      orderNo++,
      o.customerId,
      o.placedBy ?? null,
      o.deliveryDate,
      o.total ?? 1_000,
      o.dispatched ? 1 : 0,
      o.deliveredAt ?? null,
      o.createdAt,
    );
  return id;
}

function insertJob(j: {
  customerId: string;
  orderId: string | null;
  createdAt: string;
  deliveredAt: string | null;
}) {
  t.db.$client
    .prepare(
      `INSERT INTO delivery_job (id, serial_no, customer_id, restaurant_name, order_id,
         is_delivered, delivered_at, created_at)
       VALUES (?, ?, ?, 'R', ?, ?, ?, ?)`,
    )
    .run(
      newId(),
      serial++,
      j.customerId,
      j.orderId,
      j.deliveredAt ? 1 : 0,
      j.deliveredAt,
      j.createdAt,
    );
}

async function dashboard(): Promise<DashboardOut> {
  const r = await office.get<{ result: { data: DashboardOut } }>('/trpc/reports.dashboard');
  expect(r.status).toBe(200);
  return r.body.result.data;
}

async function cards(): Promise<{ _id: string; restaurantName: string; inactive: boolean }[]> {
  const r =
    await office.get<{ _id: string; restaurantName: string; inactive: boolean }[]>('/api/customer');
  expect(r.status).toBe(200);
  return r.body;
}

beforeAll(async () => {
  t = await startTestApp();
  today = isoDateInZone(new Date(), t.config.timeZone);
  const admin = await makeAdmin(t.db);
  adminId = admin.id;
  office = new ApiClient(t.url);
  await office.login(admin.username, admin.password);
  const product = makeProduct(t.db, { price: 1_200 });
  const earliest = deliveryCalendar(t.db, t.config.timeZone).earliest;
  const make = async (key: string, restaurantName: string) => {
    const c = await makeCustomer(t.db, { restaurantName });
    // Registered long before the window: a new customer is never silent (ADR 057).
    t.db.$client
      .prepare('UPDATE customer SET created_at = ? WHERE id = ?')
      .run(noonOf(addDaysIso(today, -100)), c.id);
    names[key] = restaurantName;
    return c;
  };

  // Ordered from its phone today: nothing delivered yet.
  const web = await make('web', 'A Web Order Today');
  const customer = new ApiClient(t.url);
  await customer.login(web.username, web.password);
  const placed = await customer.post('/api/orders', {
    orderItems: [{ product: product.id, quantity: 1 }],
    deliveryDate: earliest,
  });
  expect(placed.status).toBe(201);

  // Phoned in today: the office placed it on the customer's behalf.
  const phoned = await make('phoned', 'B Office Order Today');
  const byOffice = await mutate(office, 'orders.placeFor', {
    customerId: phoned.id,
    deliveryDate: earliest,
    orderItems: [{ product: product.id, quantity: 2 }],
  });
  expect(byOffice.status).toBe(200);

  // A standing order placed 10 days ago (by the scheduler, for the customer), not yet delivered.
  const standing = await make('standing', 'C Standing Order');
  insertOrder({
    customerId: standing.id,
    createdAt: noonOf(addDaysIso(today, -10)),
    deliveryDate: addDaysIso(today, 2),
  });

  // A delivery the office prepared without a web order 6 days ago, delivered 5 days ago.
  const job = await make('job', 'D Phoned Delivery');
  insertJob({
    customerId: job.id,
    orderId: null,
    createdAt: noonOf(addDaysIso(today, -6)),
    deliveredAt: noonOf(addDaysIso(today, -5)),
  });

  // Ordered 31 days ago, delivered 25 days ago: its last order is older than 30 days.
  const late = await make('late', 'E Old Order Late Delivery');
  const lateOrder = insertOrder({
    customerId: late.id,
    createdAt: noonOf(addDaysIso(today, -31)),
    deliveryDate: addDaysIso(today, -25),
    dispatched: true,
    deliveredAt: noonOf(addDaysIso(today, -25)),
    placedBy: adminId,
  });
  insertJob({
    customerId: late.id,
    orderId: lateOrder,
    createdAt: noonOf(addDaysIso(today, -25)),
    deliveredAt: noonOf(addDaysIso(today, -25)),
  });

  // The window's edges: the first instant that counts, and the last one that does not.
  const start = orderWindowStart(new Date(), t.config.timeZone);
  const edgeIn = await make('edgeIn', 'F First Day Of The Window');
  insertOrder({ customerId: edgeIn.id, createdAt: start, deliveryDate: addDaysIso(today, -28) });
  const edgeOut = await make('edgeOut', 'G Day Before The Window');
  insertOrder({
    customerId: edgeOut.id,
    createdAt: new Date(Date.parse(start) - 1).toISOString(),
    deliveryDate: addDaysIso(today, -28),
  });

  await make('never', 'H Never Ordered');
});
afterAll(() => t.close());

describe('no order in 30 days', () => {
  it('counts every channel by when the order was placed, on the dashboard', async () => {
    const silent = (await dashboard()).silent;
    expect(silent.customers.map((c) => c.restaurantName)).toEqual([
      names.late,
      names.edgeOut,
      names.never,
    ]);
    expect(silent.count).toBe(3);
  });

  it('says the same on the customer cards', async () => {
    const all = await cards();
    const inactive = all.filter((c) => c.inactive).map((c) => c.restaurantName);
    expect(inactive.sort()).toEqual([names.late, names.edgeOut, names.never]);
    const silent = (await dashboard()).silent.customers.map((c) => c._id).sort();
    expect(
      all
        .filter((c) => c.inactive)
        .map((c) => c._id)
        .sort(),
    ).toEqual(silent);
    // A customer who ordered today is not "30 days without an order", delivered or not.
    expect(all.find((c) => c.restaurantName === names.web)?.inactive).toBe(false);
  });
});

describe("today's deliveries", () => {
  let driverId = '';
  // The orders placed above may be for today (before the cut-off): not handed over, pending.
  let before: DashboardOut['deliveriesToday'];
  beforeAll(async () => {
    before = (await dashboard()).deliveriesToday;
    expect(before.delivered).toBe(0);
    driverId = (await makeEmployee(t.db, 'driver')).id;
    const c = await makeCustomer(t.db, { restaurantName: 'Z Delivery Day' });
    const yesterday = noonOf(addDaysIso(today, -1));
    // Handed to the driver this morning, still on the road.
    const onTheRoad = insertOrder({
      customerId: c.id,
      createdAt: yesterday,
      deliveryDate: today,
      total: 30_000,
      dispatched: true,
      deliveredAt: noonOf(today),
    });
    insertJob({
      customerId: c.id,
      orderId: onTheRoad,
      createdAt: noonOf(today),
      deliveredAt: null,
    });
    // Handed over and delivered by the driver.
    const arrived = insertOrder({
      customerId: c.id,
      createdAt: yesterday,
      deliveryDate: today,
      total: 20_000,
      dispatched: true,
      deliveredAt: noonOf(today),
    });
    insertJob({
      customerId: c.id,
      orderId: arrived,
      createdAt: noonOf(today),
      deliveredAt: new Date().toISOString(),
    });
    // Delivered by the office itself (no job).
    insertOrder({
      customerId: c.id,
      createdAt: yesterday,
      deliveryDate: today,
      total: 5_000,
      dispatched: true,
      deliveredAt: noonOf(today),
    });
    // Not handed over yet.
    insertOrder({ customerId: c.id, createdAt: yesterday, deliveryDate: today, total: 7_000 });
  });

  it('counts an order delivered when it reached the restaurant, not when handed to a driver', async () => {
    const d = (await dashboard()).deliveriesToday;
    expect(d).toEqual({
      delivered: 2,
      pending: before.pending + 2,
      leftOver: before.leftOver,
      deliveredAmount: 25_000,
    });
  });

  it('moves when the driver marks the job delivered', async () => {
    t.db.$client
      .prepare(
        `UPDATE delivery_job SET is_delivered = 1, delivered_at = ?, delivered_by = ?
          WHERE is_delivered = 0 AND order_id IN
            (SELECT id FROM customer_order WHERE delivery_date = ? AND total = 30000)`,
      )
      .run(new Date().toISOString(), driverId, today);
    const d = (await dashboard()).deliveriesToday;
    expect(d).toEqual({
      delivered: 3,
      pending: before.pending + 1,
      leftOver: before.leftOver,
      deliveredAmount: 55_000,
    });
  });
});
