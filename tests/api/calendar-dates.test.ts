import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// A date field takes a day of the calendar between 1900-01-01 and 2099-12-31 (the client's
// date inputs' range, shared/schemas/common.ts DATE_RANGE), with its schema's date code: never
// 2026-02-30 (which Date.parse rolls over to 2 March) and never a year 9999, whose closing
// answered a due date "+010000-30".

let t: TestApp;
let admin: ApiClient;
let customer: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  const a = await makeAdmin(t.db);
  const c = await makeCustomer(t.db);
  admin = new ApiClient(t.url);
  customer = new ApiClient(t.url);
  await admin.login(a.username, a.password);
  await customer.login(c.username, c.password);
});
afterAll(() => t.close());

describe('a date that is no day of the calendar, or outside 1900-2099', () => {
  it('closing.preview refuses it with invoice.dateInvalid', async () => {
    for (const closingDate of ['9999-12-31', '2100-01-01', '1899-12-31', '2026-02-30']) {
      const r = await query(admin, 'closing.preview', { closingDate });
      expect(r.status, closingDate).toBe(400);
      expect(r.code, closingDate).toBe('invoice.dateInvalid');
    }
    for (const closingDate of ['2026-02-28', '2099-12-31', '1900-01-01']) {
      expect((await query(admin, 'closing.preview', { closingDate })).status, closingDate).toBe(
        200,
      );
    }
  });

  it("the office's lists refuse it as a filter", async () => {
    for (const list of ['lists.orders', 'lists.invoices', 'lists.payments']) {
      for (const range of [{ from: '2026-02-30' }, { to: '2026-04-31' }, { from: '2999-01-01' }]) {
        const r = await query(admin, list, range);
        expect(r.status, `${list} ${JSON.stringify(range)}`).toBe(400);
        expect(r.code).toBe('invoice.dateInvalid');
      }
      expect((await query(admin, list, { from: '2026-02-28', to: '2099-12-31' })).status).toBe(200);
    }
  });

  it("a customer's same-day order and standing pauses refuse it; no 500 for a day 32", async () => {
    const same = await query(customer, 'orders.sameDay', { deliveryDate: '2026-02-30' });
    expect(same.status).toBe(400);
    expect(same.code).toBe('order.deliveryDateNotReal');
    // A delivery day after 2099 is "too far ahead", as placing an order for it says.
    const far = await query(customer, 'orders.sameDay', { deliveryDate: '9999-12-31' });
    expect(far.status).toBe(400);
    expect(far.code).toBe('order.deliveryDateTooFar');
    const old = await query(customer, 'orders.sameDay', { deliveryDate: '1899-12-31' });
    expect(old.status).toBe(400);
    expect(old.code).toBe('order.deliveryDatePast');
    for (const from of ['2026-02-30', '2026-02-32', '2100-01-01']) {
      const pause = await mutate(customer, 'standing.addPause', { from, to: from });
      expect(pause.status, from).toBe(400);
      expect(pause.code, from).toBe('standing.dateFormat');
    }
    const runs = await query(admin, 'standing.forDate', { deliveryDate: '2026-02-32' });
    expect(runs.status).toBe(400);
    expect(runs.code).toBe('standing.dateFormat');
  });

  it('a payment day given as a date must be one; placing an order for 2100 is refused', async () => {
    const byDate = await query(admin, 'invoices.byDate', { paymentDate: '2026-02-30' });
    expect(byDate.status).toBe(400);
    expect(byDate.code).toBe('invoice.paymentDayInvalid');
    expect((await query(admin, 'invoices.byDate', { paymentDate: '2026-02-28' })).status).toBe(200);
    const order = await mutate(customer, 'orders.place', {
      orderItems: [{ product: 'x', quantity: 1 }],
      deliveryDate: '2100-01-01',
    });
    expect(order.status).toBe(400);
    expect(order.code).toBe('order.deliveryDateTooFar');
    const notReal = await mutate(customer, 'orders.place', {
      orderItems: [{ product: 'x', quantity: 1 }],
      deliveryDate: '2026-02-30',
    });
    expect(notReal.code).toBe('order.deliveryDateNotReal');
    expect(t.db.$client.prepare('SELECT COUNT(*) AS n FROM customer_order').get()).toEqual({
      n: 0,
    });
  });
});
