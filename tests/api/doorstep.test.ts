import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntry, deliveryJob } from '../../drizzle/schema';
import { deliveryCalendar } from '../../server/settings/settings';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  makeAdmin,
  makeCustomer,
  makeEmployee,
  makeProduct,
  makeRoute,
} from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// Web orders, order tracking, the driver's jobs and the day's report, through the REST door
// (every path of spec §7 "Orders") and tRPC where no REST path exists.

let t: TestApp;
let admin: ApiClient;
let manager: ApiClient;
let d1: ApiClient;
let d2: ApiClient;
let ana: ApiClient;
let anon: ApiClient;
let driver1Id = '';
let driver2Id = '';
let anaId = '';
let bobId = '';
let date = '';
const p: Record<string, { id: string; name: string }> = {};

type Order = { _id: string; orderNumber: number; isDelivered: boolean; deliveredBy: string | null };
type Job = {
  _id: string;
  serialNo: number;
  isDelivered: boolean;
  deliveredAt: string | null;
  deliveredBy: { _id: string; username: string } | null;
  order: { _id: string; orderItems: { name: string }[] } | null;
  amountToCollect: number;
  restaurantName: string;
};

beforeAll(async () => {
  t = await startTestApp();
  date = deliveryCalendar(t.db, t.config.timeZone).earliest;
  p.rice = makeProduct(t.db, { name: 'Basmati Rice 5kg', price: 2480, sku: 'Bag' });
  p.ghee = makeProduct(t.db, { name: 'Ghee 1L', price: 1650, sku: 'Btl' });
  const r = makeRoute(t.db, 'Shinjuku');
  const a = await makeCustomer(t.db, { restaurantName: 'Himalaya Kitchen', routeId: r.id });
  const b = await makeCustomer(t.db, { restaurantName: 'Bangkok Spice', paymentMethod: 'monthly' });
  anaId = a.id;
  bobId = b.id;
  const adm = await makeAdmin(t.db);
  const mgr = await makeEmployee(t.db, 'manager');
  const dr1 = await makeEmployee(t.db, 'driver');
  const dr2 = await makeEmployee(t.db, 'driver');
  driver1Id = dr1.id;
  driver2Id = dr2.id;
  admin = new ApiClient(t.url);
  manager = new ApiClient(t.url);
  d1 = new ApiClient(t.url);
  d2 = new ApiClient(t.url);
  ana = new ApiClient(t.url);
  anon = new ApiClient(t.url);
  await admin.login(adm.username, adm.password);
  await manager.login(mgr.username, mgr.password);
  await d1.login(dr1.username, dr1.password);
  await d2.login(dr2.username, dr2.password);
  await ana.login(a.username, a.password);
});
afterAll(() => t.close());

const place = (c: ApiClient, qty = 2) =>
  c.post<Order>('/api/orders', {
    orderItems: [
      { product: p.rice!.id, quantity: qty },
      { product: p.ghee!.id, quantity: 1 },
    ],
    deliveryDate: date,
  });

async function trpc<T>(c: ApiClient, path: string, input?: unknown, key?: string) {
  const r = await c.post<{ result?: { data: T }; error?: { data: { appCode: string } } }>(
    `/trpc/${path}`,
    input ?? {},
    key ? { 'idempotency-key': key } : {},
  );
  return { status: r.status, data: r.body.result?.data as T, code: r.body.error?.data.appCode };
}
async function trpcQuery<T>(c: ApiClient, path: string, input?: unknown) {
  const q = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const r = await c.get<{ result?: { data: T }; error?: { data: { appCode: string } } }>(
    `/trpc/${path}${q}`,
  );
  return { status: r.status, data: r.body.result?.data as T, code: r.body.error?.data.appCode };
}

describe('web orders', () => {
  let first: Order;
  it('a placed order shows in New Orders, the tile count and Frozen Counts', async () => {
    first = (await place(ana, 3)).body;
    await place(ana, 1);
    const list = await admin.get<{ orders: (Order & { offSchedule: boolean })[]; pages: number }>(
      `/api/orders?deliveryDate=${date}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.orders.map((o) => o._id)).toContain(first._id);
    expect(list.body.orders[0]).toHaveProperty('offSchedule');
    const byRoute = await admin.get<{ orders: Order[] }>('/api/orders?route=Shinjuku');
    expect(byRoute.body.orders.length).toBe(2);
    const noRoute = await admin.get<{ orders: Order[] }>('/api/orders?route=Elsewhere');
    expect(noRoute.body.orders.length).toBe(0);
    expect((await admin.get<{ count: number }>('/api/orders/pendingcount')).body.count).toBe(2);

    // Static segments are not swallowed by /api/orders/:id.
    const frozen = await admin.get<{ itemName: string; totalQuantity: number; sku: string }[]>(
      '/api/orders/itemquantities',
    );
    expect(frozen.status).toBe(200);
    expect(frozen.body).toEqual([
      // No Nepali or Japanese names for these products (ADR 040, 064: the pick list shows them
      // when there are).
      {
        itemName: 'Basmati Rice 5kg',
        itemNameNe: null,
        itemNameJa: null,
        totalQuantity: 4,
        sku: 'Bag',
      },
      { itemName: 'Ghee 1L', itemNameNe: null, itemNameJa: null, totalQuantity: 2, sku: 'Btl' },
    ]);
    const all = await admin.get<unknown[]>('/api/orders/itemquantities?deliveryDate=all');
    expect(all.body).toHaveLength(2);
    const other = await admin.get<unknown[]>(
      `/api/orders/itemquantities?deliveryDate=${addDaysIso(date, 30)}`,
    );
    expect(other.body).toEqual([]);
    const delivered = await admin.get<{ orders: Order[]; page: number }>(
      '/api/orders/delivered?pageNumber=1',
    );
    expect(delivered.status).toBe(200);
    expect(delivered.body.orders).toEqual([]);
  });

  it('the pick list gives totals and each stop in route order', async () => {
    const r = await trpcQuery<{ totals: unknown[]; stops: { restaurantName: string }[] }>(
      admin,
      'orders.pickList',
      { deliveryDate: date },
    );
    expect(r.status).toBe(200);
    expect(r.data.totals).toHaveLength(2);
    expect(r.data.stops.map((s) => s.restaurantName)).toEqual([
      'Himalaya Kitchen',
      'Himalaya Kitchen',
    ]);
  });

  it("one customer's orders, paged, with keyword", async () => {
    const r = await admin.get<{ orders: Order[] }>(`/api/orders/customer/${anaId}?keyword=ghee`);
    expect(r.status).toBe(200);
    expect(r.body.orders).toHaveLength(2);
    const none = await admin.get<{ orders: Order[] }>(`/api/orders/customer/${anaId}?keyword=zzz`);
    expect(none.body.orders).toHaveLength(0);
    const num = await admin.get<{ orders: Order[] }>(
      `/api/orders/customer/${anaId}?keyword=%23${first.orderNumber}`,
    );
    expect(num.body.orders.map((o) => o._id)).toEqual([first._id]);
    expect((await admin.get(`/api/orders/customer/${bobId}`)).status).toBe(200);
    expect((await admin.get('/api/orders/customer/nope')).status).toBe(404);
  });

  it('dispatching to a driver creates the job once, even when retried with the same key', async () => {
    const key = { 'idempotency-key': 'dispatch-1' };
    const r1 = await admin.put<Order>(
      `/api/orders/${first._id}/dispatch`,
      { driverId: driver1Id },
      key,
    );
    const r2 = await admin.put<Order>(
      `/api/orders/${first._id}/dispatch`,
      { driverId: driver1Id },
      key,
    );
    expect(r1.status).toBe(200);
    expect(r2.body).toEqual(r1.body);
    expect(r1.body.isDelivered).toBe(true);
    expect(r1.body.deliveredBy).toMatch(/^driver/);
    const jobs = t.db.select().from(deliveryJob).where(eq(deliveryJob.orderId, first._id)).all();
    expect(jobs).toHaveLength(1);
    // Without the key, a second dispatch is refused.
    const again = await admin.put<{ code: string }>(`/api/orders/${first._id}/dispatch`, {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('delivery.alreadyDispatched');
    // The customer's history says Accepted.
    const mine = await ana.get<{ orders: Order[] }>('/api/orders/myorders');
    expect(mine.body.orders.find((o) => o._id === first._id)?.isDelivered).toBe(true);
    const dispatched = await admin.get<{ orders: Order[] }>('/api/orders/delivered');
    expect(dispatched.body.orders.map((o) => o._id)).toEqual([first._id]);
  });

  it('an unknown driver is refused and nothing changes', async () => {
    const o = (await place(ana)).body;
    const r = await admin.put<{ code: string }>(`/api/orders/${o._id}/dispatch`, {
      driverId: anaId,
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('delivery.driverNotFound');
    const after = await admin.get<Order>(`/api/orders/${o._id}`);
    expect(after.body.isDelivered).toBe(false);
    // Mark as dispatched without a driver (the spec's deliver), then delete with an audit entry.
    const d = await manager.put<Order>(`/api/orders/${o._id}/deliver`);
    expect(d.status).toBe(200);
    expect(d.body.isDelivered).toBe(true);
    expect((await manager.delete(`/api/orders/${o._id}`)).status).toBe(200);
    expect((await admin.get(`/api/orders/${o._id}`)).status).toBe(404);
    expect((await manager.delete(`/api/orders/${o._id}`)).status).toBe(404);
    const trail = t.db
      .select()
      .from(auditEntry)
      .where(and(eq(auditEntry.entityId, o._id), eq(auditEntry.action, 'delete')))
      .all();
    expect(trail).toHaveLength(1);
  });

  it('many orders go to one driver in one step, all or none', async () => {
    const a = (await place(ana)).body;
    const b = (await place(ana)).body;
    const bad = await trpc<unknown>(admin, 'orders.dispatchMany', {
      ids: [a._id, 'missing'],
      driverId: driver2Id,
    });
    expect(bad.status).toBe(404);
    expect((await admin.get<Order>(`/api/orders/${a._id}`)).body.isDelivered).toBe(false);
    const ok = await trpc<{ dispatched: number }>(
      admin,
      'orders.dispatchMany',
      { ids: [a._id, b._id], driverId: driver2Id },
      'many-1',
    );
    expect(ok.data).toEqual({ dispatched: 2 });
    const jobs = await d2.get<Job[]>(`/api/ordertrack/${driver2Id}`);
    expect(jobs.body.map((j) => j.order?._id).sort()).toEqual([a._id, b._id].sort());
  });

  it('the office places an order phoned in, priced by the server, in the customer history', async () => {
    const r = await trpc<Order & { placedByStaff: boolean; totalPrice: number }>(
      manager,
      'orders.placeFor',
      {
        customerId: bobId,
        orderItems: [{ product: p.ghee!.id, quantity: 2, price: 1 }],
        deliveryDate: date,
      },
      'phone-1',
    );
    expect(r.status).toBe(200);
    // Priced from the product (1,650 x 2), plus its 8% tax rounded down once: 3,300 + 264.
    expect(r.data.totalPrice).toBe(3300 + 264);
    expect(r.data.placedByStaff).toBe(true);
    const bobs = await admin.get<{ orders: Order[] }>(`/api/orders/customer/${bobId}`);
    expect(bobs.body.orders.map((o) => o._id)).toContain(r.data._id);
    // Customers cannot use it.
    const refused = await trpc(ana, 'orders.placeFor', {
      customerId: bobId,
      orderItems: [{ product: p.ghee!.id, quantity: 2 }],
      deliveryDate: date,
    });
    expect(refused.status).toBe(403);
  });

  it('a held order cannot be dispatched until the office releases it', async () => {
    expect(
      (await trpc(manager, 'credit.setHold', { customerId: bobId, creditHold: true })).status,
    ).toBe(200);
    const held = await trpc<Order & { onHold: boolean }>(
      manager,
      'orders.placeFor',
      { customerId: bobId, orderItems: [{ product: p.ghee!.id, quantity: 1 }], deliveryDate: date },
      'held-1',
    );
    expect(held.data.onHold).toBe(true);
    const refused = await admin.put<{ code: string; message: string }>(
      `/api/orders/${held.data._id}/dispatch`,
      { driverId: driver1Id },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('order.onHold');
    const many = await trpc(
      admin,
      'orders.dispatchMany',
      { ids: [held.data._id], driverId: driver1Id },
      'held-many',
    );
    expect(many.code).toBe('order.onHold');
    expect((await admin.get<Order>(`/api/orders/${held.data._id}`)).body.isDelivered).toBe(false);
    // Only staff release; then it goes.
    expect((await trpc(ana, 'orders.release', { id: held.data._id })).status).toBe(403);
    expect((await trpc(manager, 'orders.release', { id: held.data._id })).status).toBe(200);
    // Without a driver, so no job joins the order-tracking tests below.
    const ok = await admin.put<Order>(`/api/orders/${held.data._id}/dispatch`, {});
    expect(ok.status).toBe(200);
    expect(ok.body.isDelivered).toBe(true);
    await trpc(manager, 'credit.setHold', { customerId: bobId, creditHold: false });
  });
});

describe('order tracking', () => {
  let job: Job;
  it('creates a job with a server serial number; customer and driver are required', async () => {
    const missing = await admin.post<{ code: string; issues: Record<string, string> }>(
      '/api/ordertrack',
      { customer: '', deliveredBy: '' },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toEqual({
      customer: 'common.required',
      deliveredBy: 'common.required',
    });
    const r = await admin.post<Job>('/api/ordertrack', {
      customer: bobId,
      deliveredBy: driver1Id,
      serialNo: 1,
    });
    expect(r.status).toBe(201);
    job = r.body;
    expect(job.serialNo).toBeGreaterThan(0);
    const pending = await admin.get<Job[]>('/api/ordertrack');
    expect(pending.body.map((j) => j._id)).toContain(job._id);
    const search = await admin.get<Job[]>('/api/ordertrack?keyword=bangkok');
    expect(search.body.map((j) => j._id)).toEqual([job._id]);
    const edit = await admin.put<Job>(`/api/ordertrack/${job._id}`, {
      customer: anaId,
      deliveredBy: driver2Id,
    });
    expect(edit.status).toBe(200);
    expect(edit.body.restaurantName).toBe('Himalaya Kitchen');
    expect(edit.body.deliveredBy?._id).toBe(driver2Id);
    const back = await admin.put<Job>(`/api/ordertrack/${job._id}`, {
      customer: bobId,
      deliveredBy: driver1Id,
    });
    expect(back.body.deliveredBy?._id).toBe(driver1Id);
  });

  it("a driver sees only their own jobs; another driver's answer 404", async () => {
    const mine = await d1.get<Job[]>(`/api/ordertrack/${driver1Id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.every((j) => j.deliveredBy?._id === driver1Id)).toBe(true);
    expect(mine.body.map((j) => j._id)).toContain(job._id);
    expect((await d2.get(`/api/ordertrack/${driver1Id}`)).status).toBe(404);
    expect((await d2.get(`/api/ordertrack/${driver1Id}/delivered`)).status).toBe(404);
    const stolen = await d2.put(`/api/ordertrack/${job._id}/deliver`, {});
    expect(stolen.status).toBe(404);
    // The office's lists are not for drivers or customers.
    expect((await d1.get('/api/ordertrack')).status).toBe(403);
    expect((await ana.get(`/api/ordertrack/${driver1Id}`)).status).toBe(403);
    expect((await anon.get(`/api/ordertrack/${driver1Id}`)).status).toBe(401);
  });

  it('keeps the tap time, refuses the future and the stale, and applies once', async () => {
    const future = new Date(Date.now() + 60 * 60_000).toISOString();
    const r1 = await d1.put<{ code: string }>(`/api/ordertrack/${job._id}/deliver`, {
      deliveredAt: future,
    });
    expect(r1.status).toBe(400);
    expect(r1.body.code).toBe('delivery.deliveredAtFuture');
    const old = new Date(Date.now() - 8 * 24 * 3600_000).toISOString();
    const r2 = await d1.put<{ code: string }>(`/api/ordertrack/${job._id}/deliver`, {
      deliveredAt: old,
    });
    expect(r2.body.code).toBe('delivery.deliveredAtTooOld');
    const tapped = new Date(Date.now() - 40 * 60_000).toISOString();
    const key = { 'idempotency-key': 'tap-1' };
    const ok = await d1.put<Job>(
      `/api/ordertrack/${job._id}/deliver`,
      { deliveredAt: tapped, recipientName: 'Mr Rai' },
      key,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.deliveredAt).toBe(tapped);
    const replay = await d1.put<Job>(
      `/api/ordertrack/${job._id}/deliver`,
      { deliveredAt: tapped, recipientName: 'Mr Rai' },
      key,
    );
    expect(replay.body).toEqual(ok.body);
    const twice = await admin.put<{ code: string }>(`/api/ordertrack/${job._id}/deliver`);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('delivery.alreadyDelivered');
    const delivered = await d1.get<{ orders: Job[] }>(
      `/api/ordertrack/${driver1Id}/delivered?keyword=bangkok&pageNumber=1`,
    );
    expect(delivered.body.orders.map((j) => j._id)).toEqual([job._id]);
    const trail = t.db
      .select()
      .from(auditEntry)
      .where(and(eq(auditEntry.entityId, job._id), eq(auditEntry.entity, 'delivery_job')))
      .all();
    expect(trail.length).toBeGreaterThanOrEqual(2);
  });

  it('completed, delivered today and the report are not swallowed by /:driverId', async () => {
    const completed = await admin.get<{ orders: Job[]; pages: number }>(
      '/api/ordertrack/completed?keyword=&pageNumber=1',
    );
    expect(completed.status).toBe(200);
    expect(completed.body.orders.length).toBeGreaterThan(0);
    const today = await admin.get<Job[]>('/api/ordertrack/delivercompleted');
    expect(today.status).toBe(200);
    expect(Array.isArray(today.body)).toBe(true);
    const day = isoDateInZone(new Date(Date.now() - 40 * 60_000), t.config.timeZone);
    const report = await admin.get<{
      totalOrders: number;
      orderTrack: { deliveredBy: { username: string }; count: number }[];
    }>(`/api/ordertrack/report/${day}`);
    expect(report.status).toBe(200);
    expect(report.body.totalOrders).toBe(1);
    expect(report.body.orderTrack[0]?.count).toBe(1);
    expect((await admin.get('/api/ordertrack/report/2026-02-30')).status).toBe(400);
    expect((await d1.get(`/api/ordertrack/report/${day}`)).status).toBe(403);
  });

  it('the admin marks delivered and deletes', async () => {
    const j = (
      await manager.post<Job>('/api/ordertrack', { customer: anaId, deliveredBy: driver2Id })
    ).body;
    const done = await manager.put<Job>(`/api/ordertrack/${j._id}/deliver`);
    expect(done.body.isDelivered).toBe(true);
    expect((await manager.delete(`/api/ordertrack/${j._id}`)).status).toBe(200);
    expect((await manager.delete(`/api/ordertrack/${j._id}`)).status).toBe(404);
    expect((await d1.delete(`/api/ordertrack/${j._id}`)).status).toBe(403);
  });
});

describe('roles on every path', () => {
  const staffOnly: [string, string][] = [
    ['GET', '/api/orders'],
    ['GET', '/api/orders/delivered'],
    ['GET', '/api/orders/itemquantities'],
    ['GET', '/api/orders/customer/x'],
    ['PUT', '/api/orders/x/deliver'],
    ['PUT', '/api/orders/x/dispatch'],
    ['DELETE', '/api/orders/x'],
    ['GET', '/api/ordertrack'],
    ['GET', '/api/ordertrack/delivercompleted'],
    ['GET', '/api/ordertrack/completed'],
    ['GET', '/api/ordertrack/report/2026-01-01'],
    ['POST', '/api/ordertrack'],
    ['PUT', '/api/ordertrack/x'],
    ['DELETE', '/api/ordertrack/x'],
  ];
  it('anonymous 401, customer and driver 403 on the office paths', async () => {
    for (const [method, path] of staffOnly) {
      expect(
        (await anon.request(method, path, method === 'GET' ? undefined : {})).status,
        path,
      ).toBe(401);
      for (const c of [ana, d1]) {
        const r = await c.request(method, path, method === 'GET' ? undefined : {});
        expect(r.status, `${method} ${path}`).toBe(403);
      }
    }
  });
  it('driver paths: customers 403, anonymous 401', async () => {
    for (const [method, path] of [
      ['GET', `/api/ordertrack/${driver1Id}`],
      ['GET', `/api/ordertrack/${driver1Id}/delivered`],
      ['PUT', '/api/ordertrack/x/deliver'],
    ] as const) {
      expect((await ana.request(method, path, method === 'GET' ? undefined : {})).status).toBe(403);
      expect((await anon.request(method, path, method === 'GET' ? undefined : {})).status).toBe(
        401,
      );
    }
  });
});

describe('settings: cut-off and holidays', () => {
  it('validates, audits, and a customer ordering after the cut-off cannot choose today', async () => {
    const bad = await trpc(admin, 'settings.update', { cutoff: '25:00', holidays: [] });
    expect(bad.status).toBe(400);
    expect(bad.code).toBe('settings.cutoffFormat');
    const badDay = await trpc(admin, 'settings.update', {
      cutoff: '04:00',
      holidays: ['2026-13-01'],
    });
    expect(badDay.status).toBe(400);
    expect((await trpc(ana, 'settings.update', { cutoff: '04:00', holidays: [] })).status).toBe(
      403,
    );

    // A cut-off of 00:00 has always passed: today is closed to new orders.
    const saved = await trpc<{ cutoff: string }>(admin, 'settings.update', {
      cutoff: '00:00',
      holidays: [],
    });
    expect(saved.data.cutoff).toBe('00:00');
    const got = await trpcQuery<{ cutoff: string }>(manager, 'settings.get');
    expect(got.data.cutoff).toBe('00:00');
    const today = isoDateInZone(new Date(), t.config.timeZone);
    const cal = await trpcQuery<{ earliest: string }>(ana, 'settings.deliveryCalendar');
    expect(cal.data.earliest).toBe(addDaysIso(today, 1));
    const refused = await ana.post<{ code: string }>('/api/orders', {
      orderItems: [{ product: p.rice!.id, quantity: 1 }],
      deliveryDate: today,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('order.deliveryDateTooEarly');
    const trail = t.db.select().from(auditEntry).where(eq(auditEntry.entity, 'setting')).all();
    expect(trail.at(-1)?.after).toMatchObject({ cutoff: '00:00' });
  });
});

describe('proof of delivery photo', () => {
  it('a driver uploads the photo (purpose=proof) and delivers with it; a customer may not upload', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#369' } })
      .png()
      .toBuffer();
    const send = async (c: ApiClient) => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(png)]), 'proof.png');
      const headers: Record<string, string> = { origin: t.url };
      if (c.cookie) headers.cookie = c.cookie;
      const res = await fetch(`${t.url}/api/upload?purpose=proof`, {
        method: 'POST',
        body: form,
        headers,
      });
      return { status: res.status, body: (await res.json()) as { imageUrl: string } };
    };
    expect((await send(ana)).status).toBe(403);
    const up = await send(d1);
    expect(up.status).toBe(201);
    const name = up.body.imageUrl.slice('/uploads/'.length);
    const job = (
      await admin.post<Job>('/api/ordertrack', { customer: anaId, deliveredBy: driver1Id })
    ).body;
    const bad = await d1.put<{ code: string }>(`/api/ordertrack/${job._id}/deliver`, {
      proofImage: `${'0'.repeat(32)}.png`,
    });
    expect(bad.body.code).toBe('delivery.proofNotFound');
    const done = await d1.put<Job & { proofImage: string | null }>(
      `/api/ordertrack/${job._id}/deliver`,
      { proofImage: name, recipientName: 'Sita' },
    );
    expect(done.status).toBe(200);
    expect(done.body.proofImage).toBe(name);
    // The photo stays: drivers cannot delete uploads.
    expect((await d1.delete(`/api/delete/${name}`)).status).toBe(403);
  });
});
