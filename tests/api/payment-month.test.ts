import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestClosingDate } from '../../shared/closing-dates';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import { startTestApp, type TestApp } from '../helpers/app';
import { insertDeliveredOrder } from '../helpers/deliveries';
import { makeAdmin, makeProduct, makeRoute } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// A monthly customer's payment month (支払月, ADR 066): 20日締め翌月末払い can be set, the closing
// run dates its invoice at the end of the month after the closing, a 当月 term pays in the
// closing's own month, and a 当月 term due before its closing is refused.

let t: TestApp;
let admin: ApiClient;
let today = '';
let routeId = '';
let productId = '';

type Err = { code: string; issues?: Record<string, string> };
type Customer = { _id: string; customerCode: string; paymentMonth: number } & Record<
  string,
  unknown
>;

const form = (over: Record<string, unknown> = {}) => ({
  restaurantName: 'Sakura Curry',
  phoneNumber: '090-1111-2222',
  customerCode: `PM${Math.random().toString(36).slice(2, 8)}`,
  paymentMethod: 'monthly',
  deliveryDays: ['Monday'],
  route: routeId,
  closingDay: 20,
  paymentDate: '31',
  ...over,
});

/** The last day of the month `months` after the month of `iso`. */
function monthEndAfter(iso: string, months: number): string {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + months + 1, 0)).toISOString().slice(0, 10);
}

async function closingDue(customerId: string, closingDate: string): Promise<string | null> {
  const r = await mutate(admin, 'closing.run', { closingDate, customerId });
  expect(r.status).toBe(200);
  return t.db.$client
    .prepare(
      `SELECT due_date FROM invoice WHERE customer_id = ? AND kind = 'closing'
        ORDER BY created_at DESC LIMIT 1`,
    )
    .pluck()
    .get(customerId) as string | null;
}

beforeAll(async () => {
  t = await startTestApp();
  today = isoDateInZone(new Date(), t.config.timeZone);
  routeId = makeRoute(t.db, 'Payment Month Route').id;
  productId = makeProduct(t.db, { name: 'Rice', price: 1000 }).id;
  const adm = await makeAdmin(t.db);
  admin = new ApiClient(t.url);
  await admin.login(adm.username, adm.password);
});
afterAll(() => t.close());

describe("a customer's payment month", () => {
  it('is 翌月 for a new customer, and kept on an update that leaves it out', async () => {
    const made = await admin.post<Customer>('/api/customer', form());
    expect(made.status).toBe(201);
    expect(made.body.paymentMonth).toBe(1);
    const set = await admin.put<Customer>(
      `/api/customer/${made.body._id}`,
      form({ customerCode: made.body.customerCode, paymentMonth: 2 }),
    );
    expect(set.status).toBe(200);
    expect(set.body.paymentMonth).toBe(2);
    const left = await admin.put<Customer>(
      `/api/customer/${made.body._id}`,
      form({ customerCode: made.body.customerCode }),
    );
    expect(left.body.paymentMonth).toBe(2);
    // The trail records it like the other fields.
    const trail = await query<{ before: Record<string, unknown> | null; after: unknown }[]>(
      admin,
      'audit.history',
      { entity: 'customer', id: made.body._id },
    );
    expect(trail.data.some((e) => e.before?.paymentMonth === 1)).toBe(true);
    expect(trail.data.some((e) => (e.after as Record<string, unknown>)?.paymentMonth === 2)).toBe(
      true,
    );
  });

  it('refuses 当月 when the payment day is not after the closing day', async () => {
    const r = await admin.post<Err>(
      '/api/customer',
      form({ closingDay: 20, paymentDate: '10', paymentMonth: 0 }),
    );
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('customer.paymentMonthTooEarly');
    expect(r.body.issues).toEqual({ paymentMonth: 'customer.paymentMonthTooEarly' });
    // A month-end closing has no day after it in its own month.
    const monthEnd = await admin.post<Err>(
      '/api/customer',
      form({ closingDay: 31, paymentDate: '31', paymentMonth: 0 }),
    );
    expect(monthEnd.body.code).toBe('customer.paymentMonthTooEarly');
    // An update that moves the closing day past a 当月 payment day is refused too.
    const ok = await admin.post<Customer>(
      '/api/customer',
      form({ closingDay: 20, paymentDate: '25', paymentMonth: 0 }),
    );
    expect(ok.status).toBe(201);
    const moved = await admin.put<Err>(
      `/api/customer/${ok.body._id}`,
      form({ customerCode: ok.body.customerCode, closingDay: 25, paymentDate: '25' }),
    );
    expect(moved.status).toBe(400);
    expect(moved.body.code).toBe('customer.paymentMonthTooEarly');
  });

  it('takes only 当月, 翌月 or 翌々月', async () => {
    for (const paymentMonth of [3, -1, '翌月', 1.5]) {
      const r = await admin.post<Err>('/api/customer', form({ paymentMonth }));
      expect(r.status, String(paymentMonth)).toBe(400);
      expect(r.body.issues?.paymentMonth).toBe('customer.badPaymentMonth');
    }
  });
});

describe("the closing run's due date", () => {
  it('is the end of the next month for 20日締め翌月末払い', async () => {
    const made = await admin.post<Customer>('/api/customer', form({ paymentMonth: 1 }));
    const closing = latestClosingDate(20, today);
    insertDeliveredOrder(t.db, {
      customerId: made.body._id,
      productId,
      day: addDaysIso(closing, -2),
    });
    expect(await closingDue(made.body._id, closing)).toBe(monthEndAfter(closing, 1));
  });

  it("is in the closing's own month for 25日締め当月末払い", async () => {
    const made = await admin.post<Customer>(
      '/api/customer',
      form({ closingDay: 25, paymentDate: '31', paymentMonth: 0 }),
    );
    const closing = latestClosingDate(25, today);
    insertDeliveredOrder(t.db, {
      customerId: made.body._id,
      productId,
      day: addDaysIso(closing, -2),
    });
    expect(await closingDue(made.body._id, closing)).toBe(monthEndAfter(closing, 0));
  });

  it('is the 10th two months on for 月末締め翌々月10日払い', async () => {
    const made = await admin.post<Customer>(
      '/api/customer',
      form({ closingDay: 31, paymentDate: '10', paymentMonth: 2 }),
    );
    const closing = latestClosingDate(31, today);
    insertDeliveredOrder(t.db, {
      customerId: made.body._id,
      productId,
      day: addDaysIso(closing, -2),
    });
    expect(await closingDue(made.body._id, closing)).toBe(
      `${monthEndAfter(closing, 2).slice(0, 8)}10`,
    );
  });
});
