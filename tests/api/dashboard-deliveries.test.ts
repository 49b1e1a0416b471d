import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayRange } from '../../server/platform/business-day';
import { newId } from '../../server/platform/ids';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import type { DashboardOut } from '../../shared/schemas/dashboard';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// Today's deliveries on the dashboard are what really reached a restaurant today, in the
// business's time zone (ADR 056, amending 039/048): the driver's delivery time, else the
// office's own, whatever day the order was scheduled for; plus what is scheduled for today and
// not yet delivered. The 30 days are also given by the real delivery day.

let t: TestApp;
let office: ApiClient;
let today = '';
let orderNo = 5_000;
let serial = 1;
let adminId = '';
let driverId = '';
let customerId = '';

const noonOf = (date: string) =>
  new Date(Date.parse(dayRange(date, t.config.timeZone)[0]) + 12 * 3_600_000).toISOString();
/** A minute after the business day began: today's, even before noon. */
const startOf = (date: string) =>
  new Date(Date.parse(dayRange(date, t.config.timeZone)[0]) + 60_000).toISOString();

function order(o: {
  deliveryDate: string;
  total: number;
  /** Handed over (dispatched to a driver, or delivered by the office) at this instant. */
  handedOverAt?: string | null;
  handedOverBy?: string | null;
  legacyDelivered?: boolean;
}): string {
  const id = newId();
  t.db.$client
    .prepare(
      `INSERT INTO customer_order (id, order_number, customer_id, restaurant_name, customer_code,
         username, delivery_date, total, is_delivered, delivered_by, delivered_at, created_at)
       VALUES (?, ?, ?, 'R', 'C', 'u', ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      orderNo++,
      customerId,
      o.deliveryDate,
      o.total,
      o.handedOverAt || o.legacyDelivered ? 1 : 0,
      o.handedOverBy ?? null,
      o.handedOverAt ?? null,
      noonOf(addDaysIso(today, -3)),
    );
  return id;
}

/** The driver's job for an order; delivered at `deliveredAt`, or still on the road. */
function job(orderId: string, deliveredAt: string | null) {
  t.db.$client
    .prepare(
      `INSERT INTO delivery_job (id, serial_no, customer_id, restaurant_name, order_id,
         delivered_by, is_delivered, delivered_at)
       VALUES (?, ?, ?, 'R', ?, ?, ?, ?)`,
    )
    .run(newId(), serial++, customerId, orderId, driverId, deliveredAt ? 1 : 0, deliveredAt);
}

async function dashboard(): Promise<DashboardOut> {
  const r = await office.get<{ result: { data: DashboardOut } }>('/trpc/reports.dashboard');
  expect(r.status).toBe(200);
  return r.body.result.data;
}

beforeAll(async () => {
  t = await startTestApp();
  today = isoDateInZone(new Date(), t.config.timeZone);
  const admin = await makeAdmin(t.db);
  adminId = admin.id;
  driverId = (await makeEmployee(t.db, 'driver')).id;
  customerId = (await makeCustomer(t.db)).id;
  office = new ApiClient(t.url);
  await office.login(admin.username, admin.password);
  const now = new Date().toISOString();
  const yesterday = addDaysIso(today, -1);

  // Delivered early today by the office itself (no job): scheduled the day after tomorrow.
  order({
    deliveryDate: addDaysIso(today, 2),
    total: 3_000,
    handedOverAt: startOf(today),
    handedOverBy: adminId,
  });
  // Handed to the driver yesterday for tomorrow; the driver delivered it early, today.
  job(
    order({
      deliveryDate: addDaysIso(today, 1),
      total: 4_000,
      handedOverAt: noonOf(yesterday),
      handedOverBy: driverId,
    }),
    now,
  );
  // Scheduled for today, but the driver delivered it yesterday: yesterday's, and not pending.
  job(
    order({
      deliveryDate: today,
      total: 5_000,
      handedOverAt: noonOf(addDaysIso(today, -2)),
      handedOverBy: driverId,
    }),
    noonOf(yesterday),
  );
  // Scheduled for today and on the driver's van: pending.
  job(
    order({ deliveryDate: today, total: 6_000, handedOverAt: now, handedOverBy: driverId }),
    null,
  );
  // Scheduled for today, not handed over: pending.
  order({ deliveryDate: today, total: 7_000 });
  // Scheduled for tomorrow, not handed over: neither.
  order({ deliveryDate: addDaysIso(today, 1), total: 8_000 });
  // Handed over two days ago without a time (an old row): counted on its delivery date.
  order({ deliveryDate: addDaysIso(today, -2), total: 800, legacyDelivered: true });
  // Delivered 31 days ago: outside the 30 days.
  job(
    order({
      deliveryDate: addDaysIso(today, -31),
      total: 9_000,
      handedOverAt: noonOf(addDaysIso(today, -31)),
      handedOverBy: driverId,
    }),
    noonOf(addDaysIso(today, -31)),
  );
});
afterAll(() => t.close());

describe("the dashboard's deliveries", () => {
  it('counts what reached a restaurant today, also early, and what is still due today', async () => {
    const d = await dashboard();
    expect(d.deliveriesToday).toEqual({
      delivered: 2,
      pending: 2,
      leftOver: 0,
      deliveredAmount: 7_000,
    });
  });

  it('gives the 30 days by the real delivery day', async () => {
    const d = await dashboard();
    expect(d.deliveredDays).toHaveLength(30);
    expect(d.deliveredDays[0]?.date).toBe(addDaysIso(today, -29));
    const byDate = new Map(d.deliveredDays.map((x) => [x.date, x]));
    expect(byDate.get(today)).toEqual({ date: today, delivered: 2, amount: 7_000 });
    const yesterday = addDaysIso(today, -1);
    expect(byDate.get(yesterday)).toEqual({ date: yesterday, delivered: 1, amount: 5_000 });
    const before = addDaysIso(today, -2);
    expect(byDate.get(before)).toEqual({ date: before, delivered: 1, amount: 800 });
    expect(d.deliveredDays.reduce((s, x) => s + x.delivered, 0)).toBe(4);
    // The placed orders' chart is unchanged: none of these was placed in the last 3 days.
    expect(d.days.at(-1)).toEqual({ date: today, orders: 0, amount: 0 });
  });

  it('moves an order from pending to delivered when the driver marks it delivered', async () => {
    t.db.$client
      .prepare(
        `UPDATE delivery_job SET is_delivered = 1, delivered_at = ?
          WHERE is_delivered = 0 AND order_id IN (SELECT id FROM customer_order WHERE total = 6000)`,
      )
      .run(new Date().toISOString());
    const d = await dashboard();
    expect(d.deliveriesToday).toEqual({
      delivered: 3,
      pending: 1,
      leftOver: 0,
      deliveredAmount: 13_000,
    });
    expect(d.deliveredDays.at(-1)).toEqual({ date: today, delivered: 3, amount: 13_000 });
  });
});
