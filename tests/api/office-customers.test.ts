import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, customerOrder, deliveryJob, invoice, session } from '../../drizzle/schema';
import { write } from '../../server/platform/db';
import { newId } from '../../server/platform/ids';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee, makeRoute } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

let t: TestApp;
let admin: ApiClient;
let manager: ApiClient;
let driver: ApiClient;
let cust: ApiClient;
let anon: ApiClient;
let routeA: { id: string; name: string };

beforeAll(async () => {
  t = await startTestApp();
  routeA = makeRoute(t.db, 'North');
  admin = new ApiClient(t.url);
  manager = new ApiClient(t.url);
  driver = new ApiClient(t.url);
  cust = new ApiClient(t.url);
  anon = new ApiClient(t.url);
  const a = await makeAdmin(t.db);
  await admin.login(a.username, a.password);
  const m = await makeEmployee(t.db, 'manager');
  await manager.login(m.username, m.password);
  const d = await makeEmployee(t.db, 'driver');
  await driver.login(d.username, d.password);
  const c = await makeCustomer(t.db, { routeId: routeA.id });
  await cust.login(c.username, c.password);
});
afterAll(() => t.close());

const form = (over: Record<string, unknown> = {}) => ({
  restaurantName: 'Himalaya Kitchen',
  phoneNumber: '090-1234-5678',
  customerCode: `HK${Math.random().toString(36).slice(2, 8)}`,
  paymentMethod: 'monthly',
  paymentDate: '25',
  deliveryDays: ['Monday', 'Thursday'],
  route: routeA.id,
  contactPerson: 'Ram',
  mobileNumber: '',
  username: '',
  password: '',
  badDebt: false,
  webOrder: false,
  creditHold: false,
  ...over,
});

interface Cust {
  _id: string;
  phoneNumber: string;
  username: string | null;
  totalDues: number;
  lastDelivered: string | null;
  inactive: boolean;
  routeName: string | null;
  creditHold: boolean;
}

describe('POST /api/customer', () => {
  it('creates a customer, stores the phone without the leading 0, never returns a password', async () => {
    const r = await manager.post<Cust>('/api/customer', form({ creditHold: true }));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      phoneNumber: '9012345678',
      routeName: 'North',
      creditHold: true,
    });
    expect(JSON.stringify(r.body)).not.toMatch(/password/i);
    // Registered a moment ago: not yet "30 days without an order" (ADR 057).
    expect(r.body.inactive).toBe(false);
    expect(r.body.totalDues).toBe(0);
  });

  it('answers 400 with per-field codes for missing required fields', async () => {
    const r = await admin.post<{ code: string; issues: Record<string, string> }>('/api/customer', {
      ...form(),
      restaurantName: '',
      phoneNumber: '',
      customerCode: '',
      paymentMethod: undefined,
      route: '',
    });
    expect(r.status).toBe(400);
    expect(r.body.issues).toMatchObject({
      restaurantName: 'common.required',
      phoneNumber: 'common.required',
      customerCode: 'common.required',
      paymentMethod: 'common.required',
      route: 'common.required',
    });
  });

  it('answers 409 naming the field for a duplicate customer code and a username taken by any account', async () => {
    const first = form();
    expect((await admin.post('/api/customer', first)).status).toBe(201);
    const dup = await admin.post<{ code: string; params: { field: string } }>(
      '/api/customer',
      form({ customerCode: first.customerCode.toLowerCase() }),
    );
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({
      code: 'customer.codeTaken',
      params: { field: 'customerCode' },
    });
    // An employee already has this username.
    const emp = await makeEmployee(t.db, 'driver');
    const taken = await admin.post<{ code: string; params: { field: string } }>(
      '/api/customer',
      form({ username: emp.username.toUpperCase(), password: 'long-enough-1' }),
    );
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: 'customer.usernameTaken',
      params: { field: 'username' },
    });
  });

  it('refuses a login without a password, and a reference to an unknown route', async () => {
    const r = await admin.post<{ issues: Record<string, string> }>(
      '/api/customer',
      form({ username: 'newlogin1' }),
    );
    expect(r.status).toBe(400);
    expect(r.body.issues).toEqual({ password: 'customer.passwordRequired' });
    const bad = await admin.post<{ issues: Record<string, string> }>(
      '/api/customer',
      form({ route: 'nope' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual({ route: 'route.notFound' });
  });

  it('is for staff only: anonymous 401, customer and driver 403', async () => {
    expect((await anon.get('/api/customer')).status).toBe(401);
    expect((await cust.get('/api/customer')).status).toBe(403);
    expect((await driver.get('/api/customer')).status).toBe(403);
    expect((await driver.post('/api/customer', form())).status).toBe(403);
    expect((await cust.delete('/api/customer/x')).status).toBe(403);
    expect((await anon.get('/api/customer/baddebt')).status).toBe(401);
  });
});

describe('the customer login', () => {
  it('lets a web-order customer created with a login sign in; a new password ends its sessions', async () => {
    const created = await admin.post<Cust>(
      '/api/customer',
      form({ webOrder: true, username: 'tandoori1', password: 'first-pass-1' }),
    );
    expect(created.status).toBe(201);
    expect(created.body.username).toBe('tandoori1');
    const browser = new ApiClient(t.url);
    await browser.login('tandoori1', 'first-pass-1');
    expect((await browser.get('/api/users/profile')).status).toBe(200);

    const upd = await admin.put<Cust>(`/api/customer/${created.body._id}`, {
      ...form({ webOrder: true, username: 'tandoori1', password: 'second-pass-2' }),
      customerCode: 'TAND1',
    });
    expect(upd.status).toBe(200);
    expect((await browser.get('/api/users/profile')).status).toBe(401);
    await browser.login('tandoori1', 'second-pass-2');

    // A PUT that leaves the login out keeps it (and its session).
    const { username: _u, password: _p, ...rest } = form({ webOrder: true });
    const kept = await admin.put<Cust>(`/api/customer/${created.body._id}`, {
      ...rest,
      customerCode: 'TAND1',
    });
    expect(kept.body.username).toBe('tandoori1');
    expect((await browser.get('/api/users/profile')).status).toBe(200);

    // A blank username removes the login and ends its session; a new one needs a password.
    const removed = await admin.put<Cust>(`/api/customer/${created.body._id}`, {
      ...form({ username: '' }),
      customerCode: 'TAND1',
    });
    expect(removed.body.username).toBeNull();
    expect((await browser.get('/api/users/profile')).status).toBe(401);
    const noPass = await admin.put(`/api/customer/${created.body._id}`, {
      ...form({ username: 'tandoori1' }),
      customerCode: 'TAND1',
    });
    expect(noPass.status).toBe(400);
    await admin.put(`/api/customer/${created.body._id}`, {
      ...form({ username: 'tandoori1', password: 'second-pass-2' }),
      customerCode: 'TAND1',
    });
    await browser.login('tandoori1', 'second-pass-2');

    // Deleting the customer ends the session and removes the login.
    const del = await admin.delete(`/api/customer/${created.body._id}`);
    expect(del.status).toBe(200);
    expect((await browser.get('/api/users/profile')).status).toBe(401);
    const again = await new ApiClient(t.url).post('/api/users/login', {
      username: 'tandoori1',
      password: 'second-pass-2',
    });
    expect(again.status).toBe(401);
  });
});

describe('GET /api/customer', () => {
  it('carries last delivery, dues and the 30-day flag, and filters by kind, route and keyword', async () => {
    const routeB = makeRoute(t.db, 'South');
    const c = await admin.post<Cust>(
      '/api/customer',
      form({ restaurantName: 'Everest Dining', route: routeB.id, paymentMethod: 'cash' }),
    );
    const id = c.body._id;
    const recent = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const older = new Date(Date.now() - 40 * 86_400_000).toISOString();
    // Written as the orders and invoices services do, through write().
    const tax = { taxBasis: 'exclusive', taxRounding: 'down' } as const;
    write(t.db, () => {
      t.db
        .insert(customerOrder)
        .values({
          id: newId(),
          orderNumber: 900001,
          customerId: id,
          restaurantName: 'Everest Dining',
          customerCode: 'X',
          username: 'x',
          deliveryDate: '2026-01-01',
          total: 100,
          taxBasis: 'exclusive',
          taxRounding: 'down',
          isDelivered: true,
          deliveredAt: older,
        })
        .run();
      t.db
        .insert(deliveryJob)
        .values({
          id: newId(),
          serialNo: 900001,
          customerId: id,
          restaurantName: 'Everest Dining',
          isDelivered: true,
          deliveredAt: recent,
        })
        .run();
      t.db
        .insert(invoice)
        .values([
          { id: newId(), customerId: id, amount: 5000, paidAmount: 1000, ...tax },
          { id: newId(), customerId: id, amount: 3000, paidAmount: 3000, ...tax },
          { id: newId(), customerId: id, amount: 200, ...tax },
        ])
        .run();
    });
    const list = await admin.get<Cust[]>(`/api/customer?route=${routeB.id}`);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ totalDues: 4200, lastDelivered: recent, inactive: false });
    // An order handed to a driver today is not a delivery until the driver delivers it.
    const orderId = newId();
    write(t.db, () => {
      t.db
        .insert(customerOrder)
        .values({
          id: orderId,
          orderNumber: 900002,
          customerId: id,
          restaurantName: 'Everest Dining',
          customerCode: 'X',
          username: 'x',
          deliveryDate: '2026-01-02',
          total: 100,
          ...tax,
          isDelivered: true,
          deliveredAt: new Date().toISOString(),
        })
        .run();
      t.db
        .insert(deliveryJob)
        .values({
          id: newId(),
          serialNo: 900002,
          customerId: id,
          orderId,
          restaurantName: 'Everest Dining',
          isDelivered: false,
        })
        .run();
    });
    const still = await admin.get<Cust[]>(`/api/customer?route=${routeB.id}`);
    expect(still.body[0]?.lastDelivered).toBe(recent);

    const byPhone = await admin.get<Cust[]>('/api/customer?keyword=0901234');
    expect(byPhone.body.length).toBeGreaterThan(0);
    const byName = await admin.get<Cust[]>('/api/customer?keyword=everest');
    expect(byName.body.map((x) => x._id)).toEqual([id]);
    const monthly = await admin.get<Cust[]>('/api/customer?kind=monthly');
    expect(monthly.body.some((x) => x._id === id)).toBe(false);
  });

  it('answers one page under a customers key when asked for a pageNumber', async () => {
    const all = await admin.get<Cust[]>('/api/customer');
    const r = await admin.get<{ customers: Cust[]; page: number; pages: number; total: number }>(
      '/api/customer?pageNumber=1',
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ page: 1, pages: 1, total: all.body.length });
    expect(r.body.customers.map((c) => c._id)).toEqual(all.body.map((c) => c._id));
    const beyond = await admin.get<{ page: number }>('/api/customer?pageNumber=9');
    expect(beyond.body.page).toBe(1);
    expect((await admin.get('/api/customer?pageNumber=0')).status).toBe(400);
  });

  it('lists bad-debt customers on /api/customer/baddebt', async () => {
    const bad = await admin.post<Cust>('/api/customer', form({ badDebt: true }));
    const r = await manager.get<Cust[]>('/api/customer/baddebt');
    expect(r.status).toBe(200);
    expect(r.body.map((x) => x._id)).toContain(bad.body._id);
    expect(r.body.every((x) => (x as unknown as { badDebt: boolean }).badDebt)).toBe(true);
  });
});

describe('PUT and DELETE /api/customer/{id}', () => {
  it('answers 404 for an unknown id, and records the history of each change', async () => {
    expect((await admin.put('/api/customer/nope', form())).status).toBe(404);
    expect((await admin.delete('/api/customer/nope')).status).toBe(404);
    const c = await admin.post<Cust>('/api/customer', form({ restaurantName: 'Old Name' }));
    const body = { ...form({ restaurantName: 'New Name' }) };
    const code = t.db
      .select()
      .from(customer)
      .where(eq(customer.id, c.body._id))
      .get()?.customerCode;
    await manager.put(`/api/customer/${c.body._id}`, { ...body, customerCode: code });
    const h = await admin.get<
      { action: string; actorName: string; before: unknown; after: unknown }[]
    >(`/api/customer/${c.body._id}/history`);
    expect(h.status).toBe(200);
    expect(h.body.map((e) => e.action)).toEqual(['update', 'create']);
    expect(h.body[0]).toMatchObject({
      before: { restaurantName: 'Old Name' },
      after: { restaurantName: 'New Name' },
    });
    expect(JSON.stringify(h.body)).not.toMatch(/secret|first-pass/);
  });

  it('ends no session when only other fields change', async () => {
    const before = t.db.select().from(session).all().length;
    const c = await admin.post<Cust>('/api/customer', form());
    const code = t.db
      .select()
      .from(customer)
      .where(eq(customer.id, c.body._id))
      .get()?.customerCode;
    await admin.put(`/api/customer/${c.body._id}`, {
      ...form({ contactPerson: 'Sita' }),
      customerCode: code,
    });
    expect(t.db.select().from(session).all().length).toBe(before);
  });
});
