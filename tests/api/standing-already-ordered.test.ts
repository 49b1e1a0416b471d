import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerOrder, standingRun } from '../../drizzle/schema';
import { cutoffOf } from '../../server/orders/standing-orders';
import { standingTick } from '../../server/orders/standing-scheduler';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// A usual order never doubles a day the restaurant already ordered (ADR 037, amendment of
// 2026-11-28): the draft names the order already there, and at the cut-off (the scheduler's
// pass with the clock moved past it) the run is skipped with `standing.alreadyOrdered` while
// the restaurant's own order stays the only one. Cancelling that order first lets the usual
// order be placed as before. The usual-orders screen is told when the drafts appear.

const TZ = 'Asia/Tokyo';
/** Thursdays of 2030 (the customers deliver on Mondays and Thursdays). */
const THU = '2030-01-10';
const THU2 = '2030-01-17';

let now = new Date('2030-01-07T03:00:00Z');
let t: TestApp;
let office: ApiClient;
const P: Record<string, string> = {};
const C: Record<string, { id: string; api: ApiClient }> = {};

const cutoff = (date: string) => cutoffOf(date, '04:00', TZ);
const hoursBefore = (d: Date, h: number) => new Date(d.getTime() - h * 3_600_000);
const tick = (at: Date) => {
  now = at;
  return standingTick(t.db, { timeZone: TZ, now: at });
};
const ordersOf = (customerId: string, date: string) =>
  t.db
    .select()
    .from(customerOrder)
    .where(and(eq(customerOrder.customerId, customerId), eq(customerOrder.deliveryDate, date)))
    .all();
const runOf = (customerId: string, date: string) =>
  t.db
    .select()
    .from(standingRun)
    .where(and(eq(standingRun.customerId, customerId), eq(standingRun.deliveryDate, date)))
    .get();

interface Run {
  deliveryDate: string;
  status: string;
  reason: string | null;
  orderId: string | null;
  otherOrders: { id: string; orderNumber: number }[];
}

async function customer(name: string) {
  const made = await makeCustomer(t.db, {
    restaurantName: name,
    deliveryDays: ['Monday', 'Thursday'],
  });
  const api = new ApiClient(t.url);
  await api.login(made.username, made.password);
  C[name] = { id: made.id, api };
  const usual = await mutate(api, 'standing.setUsual', {
    weekday: 'Thursday',
    lines: [{ product: P.rice, quantity: 2 }],
  });
  expect(usual.status).toBe(200);
}

async function placeFor(name: string, date: string) {
  const r = await C[name]!.api.post<{ _id: string; orderNumber: number }>('/api/orders', {
    orderItems: [{ product: P.ghee, quantity: 1 }],
    deliveryDate: date,
  });
  expect(r.status).toBe(201);
  return r.body;
}

beforeAll(async () => {
  t = await startTestApp({ env: { BUSINESS_TIME_ZONE: TZ }, clock: () => now });
  P.rice = makeProduct(t.db, { name: 'Basmati Rice 5kg', price: 2000, sku: 'Bag' }).id;
  P.ghee = makeProduct(t.db, { name: 'Ghee 1L', price: 1500, sku: 'Btl' }).id;
  for (const name of ['Himalaya Kitchen', 'Bangkok Spice', 'Lhasa House']) await customer(name);
  const admin = await makeAdmin(t.db);
  office = new ApiClient(t.url);
  await office.login(admin.username, admin.password);
});
afterAll(() => t.close());

describe('a usual order for a day that already has an order', () => {
  let own = { _id: '', orderNumber: 0 };
  let later = { _id: '', orderNumber: 0 };

  it('the draft names the order already placed for that day', async () => {
    // Two days before: Himalaya Kitchen orders Thursday by hand; Lhasa House too (cancelled below).
    own = await placeFor('Himalaya Kitchen', THU);
    later = await placeFor('Lhasa House', THU);
    const drafted = tick(hoursBefore(cutoff(THU), 6));
    expect(drafted.drafted).toBe(3);
    const mine = await query<Run[]>(C['Himalaya Kitchen']!.api, 'standing.upcoming');
    expect(mine.data.find((r) => r.deliveryDate === THU)).toMatchObject({
      status: 'draft',
      otherOrders: [{ id: own._id, orderNumber: own.orderNumber }],
    });
    const theirs = await query<Run[]>(C['Bangkok Spice']!.api, 'standing.upcoming');
    expect(theirs.data.find((r) => r.deliveryDate === THU)?.otherOrders).toEqual([]);
    // The office sees the same beside the date's orders.
    const forDate = await query<(Run & { restaurantName: string })[]>(office, 'standing.forDate', {
      deliveryDate: THU,
    });
    expect(
      forDate.data.map((r) => [r.restaurantName, r.otherOrders.map((o) => o.orderNumber)]),
    ).toEqual([
      ['Bangkok Spice', []],
      ['Himalaya Kitchen', [own.orderNumber]],
      ['Lhasa House', [later.orderNumber]],
    ]);
  });

  it('an order cancelled before the cut-off no longer stops the usual order', async () => {
    now = hoursBefore(cutoff(THU), 2);
    const r = await C['Lhasa House']!.api.put(`/api/orders/${later._id}/cancel`);
    expect(r.status).toBe(200);
    const mine = await query<Run[]>(C['Lhasa House']!.api, 'standing.upcoming');
    expect(mine.data.find((d) => d.deliveryDate === THU)?.otherOrders).toEqual([]);
  });

  it('at the cut-off it is skipped, not placed on top of the order already there', async () => {
    const first = tick(new Date(cutoff(THU).getTime() + 30_000));
    expect([first.confirmed, first.skipped]).toEqual([2, 1]);
    // Himalaya Kitchen: still its own order only; the run says why nothing was placed.
    expect(ordersOf(C['Himalaya Kitchen']!.id, THU).map((o) => o.id)).toEqual([own._id]);
    expect(runOf(C['Himalaya Kitchen']!.id, THU)).toMatchObject({
      status: 'skipped',
      reason: 'standing.alreadyOrdered',
      orderId: null,
    });
    // The others: their usual order placed as before (Lhasa House's own was cancelled).
    for (const name of ['Bangkok Spice', 'Lhasa House']) {
      const orders = ordersOf(C[name]!.id, THU);
      expect(orders).toHaveLength(1);
      expect(runOf(C[name]!.id, THU)).toMatchObject({
        status: 'confirmed',
        orderId: orders[0]?.id,
        reason: null,
      });
    }
    // Another pass changes nothing.
    const again = tick(new Date(cutoff(THU).getTime() + 90_000));
    expect(again.confirmed + again.skipped).toBe(0);
    expect(ordersOf(C['Himalaya Kitchen']!.id, THU)).toHaveLength(1);
    // The customer's card: skipped, naming the order that stopped it.
    const mine = await query<Run[]>(C['Himalaya Kitchen']!.api, 'standing.upcoming');
    expect(mine.data.find((r) => r.deliveryDate === THU)).toMatchObject({
      status: 'skipped',
      reason: 'standing.alreadyOrdered',
      otherOrders: [{ id: own._id, orderNumber: own.orderNumber }],
    });
    // A confirmed run does not name the order it placed itself as another order.
    const placed = await query<Run[]>(C['Bangkok Spice']!.api, 'standing.upcoming');
    expect(placed.data.find((r) => r.deliveryDate === THU)).toMatchObject({
      status: 'confirmed',
      otherOrders: [],
    });
  });

  it('an order placed after the draft stops the usual order too', async () => {
    tick(hoursBefore(cutoff(THU2), 6));
    expect(runOf(C['Bangkok Spice']!.id, THU2)?.status).toBe('draft');
    now = hoursBefore(cutoff(THU2), 1);
    const own2 = await placeFor('Bangkok Spice', THU2);
    tick(cutoff(THU2));
    expect(ordersOf(C['Bangkok Spice']!.id, THU2).map((o) => o.id)).toEqual([own2._id]);
    expect(runOf(C['Bangkok Spice']!.id, THU2)).toMatchObject({
      status: 'skipped',
      reason: 'standing.alreadyOrdered',
    });
    // Himalaya Kitchen had nothing for THU2: its usual order was placed.
    expect(runOf(C['Himalaya Kitchen']!.id, THU2)?.status).toBe('confirmed');
  });
});

describe('when the drafts appear', () => {
  interface Day {
    weekday: string;
    draftsFrom: { weekday: string; time: string };
    cutoff: string;
    leadHours: number;
  }

  it('each delivery weekday says when its draft appears, from the standing settings', async () => {
    const r = await query<Day[]>(C['Himalaya Kitchen']!.api, 'standing.usual');
    expect(r.data.map((d) => [d.weekday, d.draftsFrom, d.cutoff, d.leadHours])).toEqual([
      ['Monday', { weekday: 'Sunday', time: '22:00' }, '04:00', 6],
      ['Thursday', { weekday: 'Wednesday', time: '22:00' }, '04:00', 6],
    ]);
    const changed = await mutate(office, 'standing.updateSettings', { leadHours: 2 });
    expect(changed.status).toBe(200);
    const after = await query<Day[]>(C['Himalaya Kitchen']!.api, 'standing.usual');
    expect(after.data.find((d) => d.weekday === 'Thursday')).toMatchObject({
      draftsFrom: { weekday: 'Thursday', time: '02:00' },
      leadHours: 2,
    });
  });
});
