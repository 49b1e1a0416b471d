import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntry, customer, deliveryJob } from '../../drizzle/schema';
import { instantInZone } from '../../server/platform/business-day';
import { deliveryCalendar } from '../../server/settings/settings';
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

// The order of a route's stops, set by the office, and the driver's route for the day in that
// order (ADR 042), through the REST door and tRPC.

let t: TestApp;
let admin: ApiClient;
let manager: ApiClient;
let d1: ApiClient;
let d2: ApiClient;
let cust: ApiClient;
let driver1Id = '';
let driver2Id = '';
let north = { id: '', name: '' };
let south = { id: '', name: '' };
const c: Record<string, string> = {};
let orderTotal = 0;
const jobOf: Record<string, string> = {};

interface Stops {
  _id: string;
  name: string;
  customers: {
    _id: string;
    restaurantName: string;
    customerCode: string;
    address: string | null;
  }[];
}
interface Stop {
  number: number;
  customerId: string | null;
  restaurantName: string;
  routeName: string | null;
  address: string | null;
  phoneNumber: string;
  pending: number;
  delivered: number;
  amountToCollect: number;
}
interface DriverRoute {
  date: string;
  stops: Stop[];
}

beforeAll(async () => {
  t = await startTestApp();
  north = makeRoute(t.db, 'North');
  south = makeRoute(t.db, 'South');
  for (const name of ['Alpha Curry', 'Bravo Noodles', 'Charlie Grill']) {
    const made = await makeCustomer(t.db, { restaurantName: name, routeId: north.id });
    c[name] = made.id;
    t.db
      .update(customer)
      .set({ billingAddress: `1-2-3 ${name.split(' ')[0]}-cho, Shinjuku, Tokyo` })
      .where(eq(customer.id, made.id))
      .run();
  }
  const delta = await makeCustomer(t.db, { restaurantName: 'Delta Diner', routeId: south.id });
  c['Delta Diner'] = delta.id;
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
  cust = new ApiClient(t.url);
  await admin.login(adm.username, adm.password);
  await manager.login(mgr.username, mgr.password);
  await d1.login(dr1.username, dr1.password);
  await d2.login(dr2.username, dr2.password);

  // Charlie Grill (cash) ordered; its delivery goes to driver 1 with the order.
  const charlie = await makeCustomer(t.db, { restaurantName: 'Echo Cafe', routeId: south.id });
  c['Echo Cafe'] = charlie.id;
  await cust.login(charlie.username, charlie.password);
  const rice = makeProduct(t.db, { name: 'Basmati Rice 5kg', price: 2480, sku: 'Bag' });
  const placed = await cust.post<{ _id: string; totalPrice: number }>('/api/orders', {
    orderItems: [{ product: rice.id, quantity: 2 }],
    deliveryDate: deliveryCalendar(t.db, t.config.timeZone).earliest,
  });
  expect(placed.status).toBe(201);
  orderTotal = placed.body.totalPrice;

  const job = async (name: string, driverId: string, order?: string) => {
    const r = await admin.post<{ _id: string }>('/api/ordertrack', {
      customer: c[name],
      deliveredBy: driverId,
      ...(order ? { order } : {}),
    });
    expect(r.status).toBe(201);
    jobOf[name] = r.body._id;
  };
  await job('Bravo Noodles', driver1Id);
  await job('Alpha Curry', driver1Id);
  await job('Charlie Grill', driver1Id);
  await job('Echo Cafe', driver1Id, placed.body._id);
  await job('Delta Diner', driver2Id);
});
afterAll(() => t.close());

const names = (s: Stops) => s.customers.map((x) => x.restaurantName);
const stopNames = (r: DriverRoute) => r.stops.map((s) => s.restaurantName);

describe("a route's order of stops", () => {
  it('starts by name and is set by the office, audited', async () => {
    const first = await manager.get<Stops>(`/api/route/${north.id}/stops`);
    expect(first.status).toBe(200);
    expect(names(first.body)).toEqual(['Alpha Curry', 'Bravo Noodles', 'Charlie Grill']);

    const set = await manager.put<Stops>(`/api/route/${north.id}/stops`, {
      customerIds: [c['Charlie Grill'], c['Alpha Curry'], c['Bravo Noodles']],
    });
    expect(set.status).toBe(200);
    expect(names(set.body)).toEqual(['Charlie Grill', 'Alpha Curry', 'Bravo Noodles']);
    const again = await admin.get<Stops>(`/api/route/${north.id}/stops`);
    expect(names(again.body)).toEqual(['Charlie Grill', 'Alpha Curry', 'Bravo Noodles']);

    const trail = t.db
      .select()
      .from(auditEntry)
      .where(and(eq(auditEntry.entity, 'route'), eq(auditEntry.entityId, north.id)))
      .all();
    expect(trail).toHaveLength(1);
    expect(trail[0]?.action).toBe('update');
  });

  it('refuses a customer of another route, a repeated one and a missing one, changing nothing', async () => {
    const before = names((await admin.get<Stops>(`/api/route/${north.id}/stops`)).body);
    const other = await admin.put<{ code: string; message: string }>(
      `/api/route/${north.id}/stops`,
      { customerIds: [c['Alpha Curry'], c['Bravo Noodles'], c['Delta Diner']] },
    );
    expect(other.status).toBe(400);
    expect(other.body.code).toBe('route.customerNotOnRoute');
    expect(other.body.message).toBe('A customer in the list is not on this route.');

    const unknown = await admin.put<{ code: string }>(`/api/route/${north.id}/stops`, {
      customerIds: [c['Alpha Curry'], c['Bravo Noodles'], 'no-such-customer'],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('route.customerNotOnRoute');

    const twice = await admin.put<{ code: string }>(`/api/route/${north.id}/stops`, {
      customerIds: [c['Alpha Curry'], c['Alpha Curry'], c['Bravo Noodles']],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.code).toBe('route.stopRepeated');

    const missing = await admin.put<{ code: string }>(`/api/route/${north.id}/stops`, {
      customerIds: [c['Alpha Curry'], c['Bravo Noodles']],
    });
    expect(missing.status).toBe(409);
    expect(missing.body.code).toBe('route.stopsChanged');

    const noRoute = await admin.put<{ code: string }>('/api/route/no-such-route/stops', {
      customerIds: [],
    });
    expect(noRoute.status).toBe(404);
    expect(noRoute.body.code).toBe('route.notFound');

    expect(names((await admin.get<Stops>(`/api/route/${north.id}/stops`)).body)).toEqual(before);
  });

  it('is the office’s alone', async () => {
    const body = { customerIds: [c['Alpha Curry'], c['Bravo Noodles'], c['Charlie Grill']] };
    expect((await d1.put(`/api/route/${north.id}/stops`, body)).status).toBe(403);
    expect((await cust.put(`/api/route/${north.id}/stops`, body)).status).toBe(403);
    expect((await new ApiClient(t.url).put(`/api/route/${north.id}/stops`, body)).status).toBe(401);
    expect((await d1.get(`/api/route/${north.id}/stops`)).status).toBe(403);
  });

  it('two offices saving at once: one whole order wins, never a mix', async () => {
    const a = [c['Alpha Curry'], c['Bravo Noodles'], c['Charlie Grill']];
    const b = [c['Bravo Noodles'], c['Charlie Grill'], c['Alpha Curry']];
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? admin : manager).put<Stops>(`/api/route/${north.id}/stops`, {
          customerIds: i % 2 ? a : b,
        }),
      ),
    );
    for (const r of replies) expect(r.status).toBe(200);
    const now = (await admin.get<Stops>(`/api/route/${north.id}/stops`)).body.customers.map(
      (x) => x._id,
    );
    expect([JSON.stringify(a), JSON.stringify(b)]).toContain(JSON.stringify(now));
    const positions = t.db
      .select({ p: customer.stopPosition })
      .from(customer)
      .where(eq(customer.routeId, north.id))
      .all()
      .map((r) => r.p)
      .sort();
    expect(positions).toEqual([1, 2, 3]);
    // Back to the order the driver's tests below expect.
    await admin.put(`/api/route/${north.id}/stops`, {
      customerIds: [c['Charlie Grill'], c['Alpha Curry'], c['Bravo Noodles']],
    });
  });

  it('puts a customer who joins the route, new or moved, at its end', async () => {
    const form = {
      restaurantName: 'Aardvark Bistro',
      phoneNumber: '090-1111-2222',
      customerCode: 'AARD1',
      paymentMethod: 'cash',
      deliveryDays: ['Monday'],
      route: south.id,
      contactPerson: '',
      mobileNumber: '',
      username: '',
      password: '',
      badDebt: false,
      webOrder: false,
      creditHold: false,
    };
    const made = await admin.post<{ _id: string }>('/api/customer', form);
    expect(made.status).toBe(201);
    const moved = await admin.put(`/api/customer/${made.body._id}`, { ...form, route: north.id });
    expect(moved.status).toBe(200);
    const stops = (await admin.get<Stops>(`/api/route/${north.id}/stops`)).body;
    expect(names(stops)).toEqual([
      'Charlie Grill',
      'Alpha Curry',
      'Bravo Noodles',
      'Aardvark Bistro',
    ]);
    // Back out of the route: the driver's list below is about the three.
    await admin.put(`/api/customer/${made.body._id}`, { ...form });
  });
});

describe("the driver's route today", () => {
  it('lists the driver’s stops in the office’s order, with address, phone and cash to collect', async () => {
    const r = await d1.get<DriverRoute>(`/api/ordertrack/${driverIdOf(1)}/route`);
    expect(r.status).toBe(200);
    // Routes by name (North, then South), each in its own order; Delta is driver 2's.
    expect(stopNames(r.body)).toEqual([
      'Charlie Grill',
      'Alpha Curry',
      'Bravo Noodles',
      'Echo Cafe',
    ]);
    expect(r.body.stops.map((s) => s.number)).toEqual([1, 2, 3, 4]);
    const first = r.body.stops[0] as Stop;
    expect(first).toMatchObject({
      customerId: c['Charlie Grill'],
      routeName: 'North',
      address: '1-2-3 Charlie-cho, Shinjuku, Tokyo',
      phoneNumber: '312345678',
      pending: 1,
      delivered: 0,
      amountToCollect: 0,
    });
    expect(r.body.stops[3]?.amountToCollect).toBe(orderTotal);
    expect(orderTotal).toBeGreaterThan(0);
    expect(r.body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('follows a new order at once, and the tRPC door says the same', async () => {
    await admin.put(`/api/route/${north.id}/stops`, {
      customerIds: [c['Bravo Noodles'], c['Charlie Grill'], c['Alpha Curry']],
    });
    const r = await d1.get<DriverRoute>(`/api/ordertrack/${driverIdOf(1)}/route`);
    expect(stopNames(r.body).slice(0, 3)).toEqual([
      'Bravo Noodles',
      'Charlie Grill',
      'Alpha Curry',
    ]);
    const input = encodeURIComponent(JSON.stringify({ driverId: driverIdOf(1) }));
    const viaTrpc = await d1.get<{ result: { data: DriverRoute } }>(
      `/trpc/ordertrack.driverRoute?input=${input}`,
    );
    expect(viaTrpc.status).toBe(200);
    expect(stopNames(viaTrpc.body.result.data)).toEqual(stopNames(r.body));
  });

  it("lists the driver's jobs to deliver in the same order of stops", async () => {
    const r = await d1.get<
      { restaurantName: string; isDelivered: boolean; customer: { address: string | null } }[]
    >(`/api/ordertrack/${driverIdOf(1)}`);
    expect(r.status).toBe(200);
    // Each job says where to go, as its stop does.
    expect(r.body.find((j) => j.restaurantName === 'Charlie Grill')?.customer.address).toBe(
      '1-2-3 Charlie-cho, Shinjuku, Tokyo',
    );
    const route = await d1.get<DriverRoute>(`/api/ordertrack/${driverIdOf(1)}/route`);
    const pendingStops = route.body.stops.filter((s) => s.pending > 0).map((s) => s.restaurantName);
    // One job per stop here: the pending list reads as the route does, not by dispatch.
    expect([...new Set(r.body.map((j) => j.restaurantName))]).toEqual(pendingStops);
  });

  it('prints the delivery sheet in the same order of stops', async () => {
    const input = encodeURIComponent(JSON.stringify({ driverId: driverIdOf(1) }));
    const sheet = await manager.get<{
      result: { data: { jobs: { restaurantName: string; customer: { routeName: string } }[] } };
    }>(`/trpc/ordertrack.sheet?input=${input}`);
    expect(sheet.status).toBe(200);
    // North in the office's order (Bravo, Charlie, Alpha; not by job number), then South.
    expect(sheet.body.result.data.jobs.map((j) => j.restaurantName)).toEqual([
      'Bravo Noodles',
      'Charlie Grill',
      'Alpha Curry',
      'Echo Cafe',
    ]);
  });

  it('dates every stop on the sheet, a job made without an order by the day it was made', async () => {
    type SheetJob = {
      restaurantName: string;
      deliveryDate: string;
      order: { deliveryDate: string } | null;
    };
    const read = async () => {
      const input = encodeURIComponent(JSON.stringify({ driverId: driverIdOf(1) }));
      const r = await manager.get<{ result: { data: { jobs: SheetJob[] } } }>(
        `/trpc/ordertrack.sheet?input=${input}`,
      );
      expect(r.status).toBe(200);
      return r.body.result.data.jobs;
    };
    const today = isoDateInZone(new Date(), t.config.timeZone);
    const jobs = await read();
    const echo = jobs.find((j) => j.restaurantName === 'Echo Cafe');
    expect(echo?.deliveryDate).toBe(echo?.order?.deliveryDate);
    for (const j of jobs.filter((x) => x.order === null)) expect(j.deliveryDate).toBe(today);

    // Made at 07:30 on a business day (the day before in UTC, east of it): that day, and so
    // after the stops of the days before it.
    const madeAt = instantInZone('2030-05-15', '07:30', t.config.timeZone).toISOString();
    const alpha = jobOf['Alpha Curry'] as string;
    const was = t.db.select().from(deliveryJob).where(eq(deliveryJob.id, alpha)).get();
    t.db.update(deliveryJob).set({ createdAt: madeAt }).where(eq(deliveryJob.id, alpha)).run();
    try {
      const later = await read();
      expect(later.map((j) => [j.restaurantName, j.deliveryDate])).toEqual([
        ['Bravo Noodles', today],
        ['Charlie Grill', today],
        ['Echo Cafe', echo?.deliveryDate],
        ['Alpha Curry', '2030-05-15'],
      ]);
    } finally {
      t.db
        .update(deliveryJob)
        .set({ createdAt: was?.createdAt as string })
        .where(eq(deliveryJob.id, alpha))
        .run();
    }
  });

  it('keeps a stop delivered today in its place, marked delivered', async () => {
    const done = await d1.put(`/api/ordertrack/${jobOf['Charlie Grill']}/deliver`, {});
    expect(done.status).toBe(200);
    const r = await d1.get<DriverRoute>(`/api/ordertrack/${driverIdOf(1)}/route`);
    const charlie = r.body.stops.find((s) => s.restaurantName === 'Charlie Grill');
    expect(charlie).toMatchObject({ number: 2, pending: 0, delivered: 1 });
  });

  it("answers another driver 404 and never lists another driver's stops", async () => {
    const other = await d2.get<{ code: string }>(`/api/ordertrack/${driverIdOf(1)}/route`);
    expect(other.status).toBe(404);
    const own = await d2.get<DriverRoute>(`/api/ordertrack/${driverIdOf(2)}/route`);
    expect(own.status).toBe(200);
    expect(stopNames(own.body)).toEqual(['Delta Diner']);
    // The office may look at any driver's day; a customer may not.
    const office = await manager.get<DriverRoute>(`/api/ordertrack/${driverIdOf(1)}/route`);
    expect(office.status).toBe(200);
    expect(office.body.stops).toHaveLength(4);
    expect((await cust.get(`/api/ordertrack/${driverIdOf(1)}/route`)).status).toBe(403);
  });
});

function driverIdOf(n: 1 | 2): string {
  return n === 1 ? driver1Id : driver2Id;
}
