import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryCalendar } from '../../server/settings/settings';
import { isoDateInZone } from '../../shared/format';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// History stays readable and money stays visible (ADR 023): a deleted record's trail is read by
// the office, a deleted customer's invoices stay listed in their tab, order numbers never return.

let t: TestApp;
let admin: ApiClient;
let d1: ApiClient;
let driverId = '';
let today = '';

type Invoice = {
  _id: string;
  amount: number;
  customer: { _id: string } | null;
  deletedCustomer: { restaurantName: string; customerCode: string } | null;
  code?: string;
};
type Page = { invoices: Invoice[]; total: number };
type Entry = { action: string; before: Record<string, unknown> | null };

beforeAll(async () => {
  t = await startTestApp();
  today = isoDateInZone(new Date(), t.config.timeZone);
  const a = await makeAdmin(t.db);
  const dr = await makeEmployee(t.db, 'driver');
  driverId = dr.id;
  admin = new ApiClient(t.url);
  d1 = new ApiClient(t.url);
  await admin.login(a.username, a.password);
  await d1.login(dr.username, dr.password);
});
afterAll(() => t.close());

describe("a deleted record's trail", () => {
  it('the office reads the history of a deleted invoice, payments included', async () => {
    const c = await makeCustomer(t.db, { restaurantName: 'Kathmandu Grill' });
    const inv = await admin.post<Invoice>('/api/invoice', {
      customer: c.id,
      amount: 4000,
      assignToCollect: driverId,
    });
    await admin.post(`/api/invoice/${inv.body._id}/payment`, { amount: 1000, date: today });
    // Kept from before documents were numbered (an issued invoice is never deleted, ADR 047).
    t.db.$client.prepare('UPDATE invoice SET number = NULL WHERE id = ?').run(inv.body._id);
    expect((await admin.delete(`/api/invoice/${inv.body._id}`)).status).toBe(200);
    expect((await admin.get(`/api/invoice/${inv.body._id}`)).status).toBe(404);

    const history = await admin.get<Entry[]>(`/api/invoice/${inv.body._id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.map((e) => e.action)).toEqual(['create', 'create', 'delete']);
    expect(history.body[2]?.before).toMatchObject({
      amount: 4000,
      restaurantName: 'Kathmandu Grill',
    });
    // A driver it was assigned to no longer reaches it.
    expect((await d1.get(`/api/invoice/${inv.body._id}/history`)).status).toBe(404);
    // Nothing ever existed: 404.
    expect((await admin.get('/api/invoice/nothing-here/history')).status).toBe(404);
  });

  it('the audit trail reads any deleted record the office changed (an order, a job)', async () => {
    const c = await makeCustomer(t.db, { restaurantName: 'Pokhara Kitchen' });
    const job = await admin.post<{ _id: string }>('/api/ordertrack', {
      customer: c.id,
      deliveredBy: driverId,
    });
    expect((await admin.delete(`/api/ordertrack/${job.body._id}`)).status).toBe(200);
    const input = encodeURIComponent(JSON.stringify({ entity: 'delivery_job', id: job.body._id }));
    const trail = await admin.get<{ result: { data: Entry[] } }>(
      `/trpc/audit.history?input=${input}`,
    );
    expect(trail.status).toBe(200);
    expect(trail.body.result.data.map((e) => e.action)).toEqual(['delete', 'create']);
  });
});

describe("a deleted customer's money stays visible", () => {
  it('its pending invoice stays in the Cash tab, as Deleted Restaurant', async () => {
    const c = await makeCustomer(t.db, { restaurantName: 'Ghar Ko Khana', paymentMethod: 'cash' });
    const inv = (await admin.post<Invoice>('/api/invoice', { customer: c.id, amount: 9999 })).body;
    expect((await admin.delete(`/api/customer/${c.id}`)).status).toBe(200);

    const cash = await admin.get<Page>('/api/invoice/cash');
    const listed = cash.body.invoices.find((i) => i._id === inv._id);
    expect(listed).toBeDefined();
    expect(listed?.customer).toBeNull();
    expect(listed?.deletedCustomer?.restaurantName).toBe('Ghar Ko Khana');
    const monthly = await admin.get<Page>('/api/invoice/monthly');
    expect(monthly.body.invoices.map((i) => i._id)).not.toContain(inv._id);

    // Paid, it moves to Done, where its old name still finds it.
    expect((await admin.post(`/api/invoice/${inv._id}/fullpayment`, { date: today })).status).toBe(
      201,
    );
    const done = await admin.get<Page>('/api/invoice/completed?keyword=Ghar%20Ko');
    expect(done.body.invoices.map((i) => i._id)).toEqual([inv._id]);
  });

  it("a monthly customer's invoice stays in the Monthly tab", async () => {
    const c = await makeCustomer(t.db, {
      restaurantName: 'Thakali House',
      paymentMethod: 'monthly',
    });
    const inv = (await admin.post<Invoice>('/api/invoice', { customer: c.id, amount: 12345 })).body;
    expect((await admin.delete(`/api/customer/${c.id}`)).status).toBe(200);
    const monthly = await admin.get<Page>('/api/invoice/monthly');
    expect(monthly.body.invoices.map((i) => i._id)).toContain(inv._id);
    const cash = await admin.get<Page>('/api/invoice/cash');
    expect(cash.body.invoices.map((i) => i._id)).not.toContain(inv._id);
  });
});

describe('order numbers', () => {
  it("a deleted order's number is never given again", async () => {
    const date = deliveryCalendar(t.db, t.config.timeZone).earliest;
    const product = makeProduct(t.db, { price: 1200 });
    const c = await makeCustomer(t.db, { restaurantName: 'Mustang Momo' });
    const cust = new ApiClient(t.url);
    await cust.login(c.username, c.password);
    const place = async () => {
      const r = await cust.post<{ _id: string; orderNumber: number }>('/api/orders', {
        orderItems: [{ product: product.id, quantity: 1 }],
        deliveryDate: date,
      });
      expect(r.status).toBe(201);
      return r.body;
    };
    const first = await place();
    expect((await admin.delete(`/api/orders/${first._id}`)).status).toBe(200);
    const next = await place();
    expect(next.orderNumber).toBe(first.orderNumber + 1);
  });
});
