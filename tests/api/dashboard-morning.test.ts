import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayRange } from '../../server/platform/business-day';
import { newId } from '../../server/platform/ids';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import type { DashboardOut } from '../../shared/schemas/dashboard';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// The office's morning (ADR 068): web orders placed last night for today are not "placed
// today", but they are waiting to be processed, and the dashboard says how many; today's
// deliveries count what is due today and what was due earlier and has still not arrived (left
// over), so the figure agrees with the open stops on the order track.

let t: TestApp;
let office: ApiClient;
let today = '';
let yesterday = '';
let orderNo = 7_000;
let serial = 1;
let driverId = '';
let customerId = '';

/** An instant `hours` after the business day began (negative: the evening before). */
const at = (date: string, hours: number) =>
  new Date(Date.parse(dayRange(date, t.config.timeZone)[0]) + hours * 3_600_000).toISOString();

function order(o: {
  deliveryDate: string;
  total: number;
  placedAt: string;
  /** Handed to the driver at this instant (is_delivered = 1, the spec's "dispatched"). */
  dispatchedAt?: string;
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
      o.dispatchedAt ? 1 : 0,
      o.dispatchedAt ? driverId : null,
      o.dispatchedAt ?? null,
      o.placedAt,
    );
  return id;
}

/** The driver's stop for an order: delivered at `deliveredAt`, or still open. */
function job(orderId: string, deliveredAt: string | null): string {
  const id = newId();
  t.db.$client
    .prepare(
      `INSERT INTO delivery_job (id, serial_no, customer_id, restaurant_name, order_id,
         delivered_by, is_delivered, delivered_at)
       VALUES (?, ?, ?, 'R', ?, ?, ?, ?)`,
    )
    .run(id, serial++, customerId, orderId, driverId, deliveredAt ? 1 : 0, deliveredAt);
  return id;
}

async function dashboard(): Promise<DashboardOut> {
  const r = await office.get<{ result: { data: DashboardOut } }>('/trpc/reports.dashboard');
  expect(r.status).toBe(200);
  return r.body.result.data;
}

let leftOnVan = '';

beforeAll(async () => {
  t = await startTestApp();
  today = isoDateInZone(new Date(), t.config.timeZone);
  yesterday = addDaysIso(today, -1);
  const admin = await makeAdmin(t.db);
  driverId = (await makeEmployee(t.db, 'driver')).id;
  customerId = (await makeCustomer(t.db)).id;
  office = new ApiClient(t.url);
  await office.login(admin.username, admin.password);

  // Last night, three web orders for today: not placed today, not yet processed.
  for (const total of [1_000, 2_000, 3_000])
    order({ deliveryDate: today, total, placedAt: at(today, -2) });
  // This morning, one for tomorrow: placed today, waiting, not due today.
  order({ deliveryDate: addDaysIso(today, 1), total: 4_000, placedAt: at(today, 1) });
  // Due today, on the van since this morning, delivered by the driver: today's delivery.
  job(
    order({
      deliveryDate: today,
      total: 5_000,
      placedAt: at(yesterday, 10),
      dispatchedAt: at(today, 1),
    }),
    at(today, 2),
  );
  // Due today, on the van, not yet at the restaurant.
  job(
    order({
      deliveryDate: today,
      total: 6_000,
      placedAt: at(yesterday, 10),
      dispatchedAt: at(today, 1),
    }),
    null,
  );
  // Left over: due yesterday, on the van since yesterday and still not delivered.
  leftOnVan = job(
    order({
      deliveryDate: yesterday,
      total: 7_000,
      placedAt: at(yesterday, -10),
      dispatchedAt: at(yesterday, 1),
    }),
    null,
  );
  // Left over: due two days ago and never processed.
  order({ deliveryDate: addDaysIso(today, -2), total: 8_000, placedAt: at(today, -40) });
  // Due yesterday and delivered yesterday: neither today's nor left over.
  job(
    order({
      deliveryDate: yesterday,
      total: 9_000,
      placedAt: at(yesterday, -10),
      dispatchedAt: at(yesterday, 1),
    }),
    at(yesterday, 3),
  );
  // Due tomorrow, already on the van: an open stop, but not due yet.
  job(
    order({
      deliveryDate: addDaysIso(today, 1),
      total: 10_000,
      placedAt: at(yesterday, 10),
      dispatchedAt: at(today, 1),
    }),
    null,
  );
});
afterAll(() => t.close());

describe("the office's morning on the dashboard", () => {
  it('counts orders placed today apart from the web orders waiting to be processed', async () => {
    const d = await dashboard();
    expect(d.placedToday).toEqual({ count: 1, amount: 4_000 });
    // Last night's three, this morning's one and the one never processed two days ago.
    expect(d.waitingWebOrders).toBe(5);
    // The same figure as the Web orders tile's badge.
    const badge = await office.get<{ result: { data: { count: number } } }>(
      '/trpc/orders.pendingWebCount',
    );
    expect(badge.body.result.data.count).toBe(5);
  });

  it("counts today's deliveries with those left over from earlier days", async () => {
    const d = await dashboard();
    // Delivered: the one this morning. Open: last night's three, the one on the van for today,
    // and the two left over (one on the van, one never processed).
    expect(d.deliveriesToday).toEqual({
      delivered: 1,
      pending: 6,
      leftOver: 2,
      deliveredAmount: 5_000,
    });
  });

  it('a left-over stop delivered this morning moves to delivered and leaves the left-over count', async () => {
    t.db.$client
      .prepare('UPDATE delivery_job SET is_delivered = 1, delivered_at = ? WHERE id = ?')
      .run(new Date().toISOString(), leftOnVan);
    const d = await dashboard();
    expect(d.deliveriesToday).toEqual({
      delivered: 2,
      pending: 5,
      leftOver: 1,
      deliveredAmount: 12_000,
    });
  });
});
