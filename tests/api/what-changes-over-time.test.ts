import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryCalendar } from '../../server/settings/settings';
import { isoDateInZone } from '../../shared/format';
import { startTestApp, type TestApp } from '../helpers/app';
import { placeAndDeliver } from '../helpers/deliveries';
import {
  makeAdmin,
  makeCustomer,
  makeEmployee,
  makeProduct,
  makeRoute,
} from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// What changes over a wholesaler's months (ADR 088), over HTTP against the real app: a monthly
// restaurant moved to cash terms while deliveries wait for its closing, a driver who leaves with
// jobs and cash in hand, a restaurant that closes down with a claim and an order in flight. The
// server refuses the change until nothing would be left unbilled or unanswered, and says what
// to do first.

let t: TestApp;
let admin: ApiClient;
let driver: ApiClient;
let driverId = '';
let date = '';
/** The business's today: a delivery made now is delivered, paid and closable on this day. */
let today = '';

const one = <T>(text: string, ...params: unknown[]) =>
  t.db.$client.prepare(text).get(...params) as T;

async function customerClient(c: { username: string; password: string }) {
  const client = new ApiClient(t.url);
  await client.login(c.username, c.password);
  return client;
}

beforeAll(async () => {
  t = await startTestApp();
  date = deliveryCalendar(t.db, t.config.timeZone).earliest;
  today = isoDateInZone(new Date(), t.config.timeZone);
  admin = new ApiClient(t.url);
  const a = await makeAdmin(t.db);
  await admin.login(a.username, a.password);
  const d = await makeEmployee(t.db, 'driver');
  driverId = d.id;
  driver = await customerClient(d);
});
afterAll(() => t?.close());

describe('a monthly restaurant moved to cash terms', () => {
  it('is refused while a delivery waits for its closing; closed first, the change goes through and the delivery is billed once', async () => {
    const route = makeRoute(t.db);
    const c = await makeCustomer(t.db, { paymentMethod: 'monthly', routeId: route.id });
    const rice = makeProduct(t.db, { price: 1000 });
    const cust = await customerClient(c);
    const { orderId } = await placeAndDeliver({ admin, driver, driverId }, cust, {
      orderItems: [{ product: rice.id, quantity: 2 }],
      deliveryDate: date,
    });
    const form = {
      id: c.id,
      restaurantName: 'Annapurna',
      phoneNumber: '090-1234-5678',
      customerCode: `AN${c.id.slice(0, 6)}`,
      paymentMethod: 'cash',
      paymentDate: '',
      deliveryDays: ['Monday', 'Thursday'],
      route: route.id,
      contactPerson: 'Ram',
      mobileNumber: '',
      badDebt: false,
      webOrder: true,
      creditHold: false,
    };

    // Refused on both doors, naming the field, and nothing changes.
    const refused = await admin.put<{ message: string }>(`/api/customer/${c.id}`, form);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Close this customer first');
    const r = await mutate(admin, 'customers.update', form);
    expect(r.code).toBe('customer.unbilledBeforeCash');
    expect(
      one<{ m: string }>('SELECT payment_method AS m FROM customer WHERE id = ?', c.id).m,
    ).toBe('monthly');

    // Closed for this customer alone, its delivery is invoiced; then cash terms are accepted.
    const closed = await mutate(admin, 'closing.run', { closingDate: today, customerId: c.id });
    expect(closed.status, JSON.stringify(closed)).toBe(200);
    const billed = one<{ invoiceId: string | null }>(
      'SELECT invoice_id AS invoiceId FROM customer_order WHERE id = ?',
      orderId,
    );
    expect(billed.invoiceId).not.toBeNull();
    expect((await mutate(admin, 'customers.update', form)).status).toBe(200);
    const invoices = one<{ n: number; total: number }>(
      'SELECT COUNT(*) AS n, SUM(amount) AS total FROM invoice WHERE customer_id = ?',
      c.id,
    );
    expect(invoices).toEqual({ n: 1, total: 2160 });
  });
});

describe('a driver who leaves', () => {
  it('is kept while jobs are assigned or cash is not confirmed, then deleted with the cash still in the report', async () => {
    const c = await makeCustomer(t.db, { paymentMethod: 'cash' });
    const rice = makeProduct(t.db, { price: 1000 });
    const cust = await customerClient(c);
    const d = await makeEmployee(t.db, 'driver');
    const leaving = await customerClient(d);
    const road = { admin, driver: leaving, driverId: d.id };
    await placeAndDeliver(
      road,
      cust,
      { orderItems: [{ product: rice.id, quantity: 1 }], deliveryDate: date },
      { cashTaken: 1080 },
    );
    const placed = await cust.post<{ _id: string }>('/api/orders', {
      orderItems: [{ product: rice.id, quantity: 3 }],
      deliveryDate: date,
    });
    await mutate(admin, 'orders.dispatch', { id: placed.body._id, driverId: d.id });

    const jobs = await mutate(admin, 'employees.remove', { id: d.id });
    expect(jobs.status).toBe(409);
    expect(jobs.code).toBe('employee.driverHasJobs');
    expect(jobs.params).toMatchObject({ count: 1 });

    // Given to another driver: the cash is what still holds the driver.
    const job = one<{ id: string }>(
      'SELECT id FROM delivery_job WHERE order_id = ?',
      placed.body._id,
    );
    const moved = await mutate(admin, 'ordertrack.update', {
      id: job.id,
      customer: c.id,
      deliveredBy: driverId,
      order: placed.body._id,
    });
    expect(moved.status).toBe(200);
    const cash = await mutate(admin, 'employees.remove', { id: d.id });
    expect(cash.status).toBe(409);
    expect(cash.code).toBe('employee.driverHoldsCash');
    expect(cash.params).toMatchObject({ amount: '¥1,080' });

    // Handed over but not yet confirmed: still held.
    const handed = await mutate<{ _id: string }>(leaving, 'handovers.handOver', {
      date: today,
      handedOver: 1080,
    });
    expect(handed.status, JSON.stringify(handed)).toBe(200);
    expect((await mutate(admin, 'employees.remove', { id: d.id })).code).toBe(
      'employee.driverHoldsCash',
    );
    const report = await query<{ driverId: string; handover: { _id: string } | null }[]>(
      admin,
      'handovers.report',
      { from: today, to: today },
    );
    const row = report.data.find((e) => e.driverId === d.id);
    if (!row?.handover) throw new Error('no handover');
    expect(
      (await mutate(admin, 'handovers.confirm', { id: row.handover._id, confirmed: 1080 })).status,
    ).toBe(200);

    const gone = await mutate(admin, 'employees.remove', { id: d.id });
    expect(gone.status).toBe(200);
    const after = await query<
      { driverName: string; collected: number; handover: { confirmed: number | null } | null }[]
    >(admin, 'handovers.report', { from: today, to: today });
    // The day stays as it was confirmed: who, what was collected, what was counted.
    const kept = after.data.find((e) => e.handover?.confirmed === 1080);
    expect(kept).toMatchObject({ driverName: `driver ${d.username}`, collected: 1080 });
  });
});

describe('a restaurant that closes down', () => {
  it('is deleted only once its claim is decided and its orders are delivered', async () => {
    const c = await makeCustomer(t.db, { paymentMethod: 'cash' });
    const rice = makeProduct(t.db, { price: 1000 });
    const cust = await customerClient(c);
    const { delivered } = await placeAndDeliver({ admin, driver, driverId }, cust, {
      orderItems: [{ product: rice.id, quantity: 5 }],
      deliveryDate: date,
    });
    const lineId = delivered.order.orderItems[0]?._id;
    const claim = await mutate<{ _id: string }>(cust, 'claims.create', {
      orderLineId: lineId,
      quantity: 1,
      reason: 'Wet bag',
    });
    expect(claim.status).toBe(200);
    const placed = await cust.post<{ _id: string }>('/api/orders', {
      orderItems: [{ product: rice.id, quantity: 2 }],
      deliveryDate: date,
    });
    expect(placed.status).toBe(201);

    const pending = await mutate(admin, 'customers.remove', { id: c.id });
    expect(pending.status).toBe(409);
    expect(pending.code).toBe('customer.claimPending');
    expect(pending.params).toMatchObject({ count: 1 });
    expect(
      (await mutate(admin, 'claims.decide', { id: claim.data._id, approve: true })).status,
    ).toBe(200);
    // The credit note went to the restaurant, which still exists.
    expect(
      one<{ n: number }>('SELECT COUNT(*) AS n FROM credit_note WHERE customer_id = ?', c.id).n,
    ).toBe(1);

    const open = await mutate(admin, 'customers.remove', { id: c.id });
    expect(open.status).toBe(409);
    expect(open.code).toBe('customer.ordersOpen');
    expect((await mutate(admin, 'orders.remove', { id: placed.body._id })).status).toBe(200);

    // Its unpaid invoice stays listed under its name (ADR 023).
    expect((await mutate(admin, 'customers.remove', { id: c.id })).status).toBe(200);
  });
});
