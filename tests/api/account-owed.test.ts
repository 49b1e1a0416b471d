import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryCalendar } from '../../server/settings/settings';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  makeAdmin,
  makeCustomer,
  makeEmployee,
  makeInvoice,
  makeProduct,
} from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// The Account screen's figures over HTTP (`documents.mine` and `GET /api/documents/mine`): a
// monthly customer sees its closing and payment days, what was delivered and is still to be
// invoiced (per closing that will invoice it, with its due date), the next due date of what is
// invoiced, and the credit notes waiting to be deducted; the balance stays the invoiced, unpaid
// amount. Dates are relative to the real today (deliveries keep the real time).

interface Account {
  paymentMethod: string;
  closingDay: number | null;
  paymentDay: number | null;
  paymentMonth: 'same' | 'next';
  nextClosing: { date: string; dueDate: string } | null;
  toBeInvoiced: { closingDate: string; dueDate: string | null; orders: number; amount: number }[];
  nextDue: { date: string; amount: number } | null;
  credits: { amount: number; numbers: string[] } | null;
}
interface Mine {
  balance: number;
  overdue: number;
  documents: {
    kind: string;
    id: string;
    number: string;
    cancelled: boolean;
    unpaid?: number;
    overdue?: boolean;
  }[];
  account: Account;
}

let t: TestApp;
let admin: ApiClient;
let driver: ApiClient;
let driverId = '';
let today = '';
let date = '';
const P: Record<string, string> = {};
const C: Record<string, { id: string; api: ApiClient }> = {};

const lastDay = (iso: string) => {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  return `${iso.slice(0, 8)}${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};
const nextMonth = (iso: string, day: string) => {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m, 1));
  return `${d.toISOString().slice(0, 8)}${day}`;
};
const mine = async (name: string) => {
  const r = await query<Mine>(C[name]!.api, 'documents.mine');
  expect(r.status).toBe(200);
  return r.data;
};

async function customer(name: string, monthly: boolean) {
  const made = await makeCustomer(t.db, {
    restaurantName: name,
    paymentMethod: monthly ? 'monthly' : 'cash',
  });
  if (monthly)
    t.db.$client
      .prepare("UPDATE customer SET closing_day = 31, payment_date = '25' WHERE id = ?")
      .run(made.id);
  const api = new ApiClient(t.url);
  await api.login(made.username, made.password);
  C[name] = { id: made.id, api };
}

/** Places an order as the customer, dispatches it to the driver who delivers it: its ids. */
async function delivered(name: string) {
  const placed = await C[name]!.api.post<{ _id: string }>('/api/orders', {
    orderItems: [
      { product: P.rice, quantity: 3 },
      { product: P.soap, quantity: 2 },
    ],
    deliveryDate: date,
  });
  expect(placed.status).toBe(201);
  expect((await mutate(admin, 'orders.dispatch', { id: placed.body._id, driverId })).status).toBe(
    200,
  );
  const jobs = await query<{ _id: string; order: { _id: string } | null }[]>(
    driver,
    'ordertrack.driverPending',
    { driverId, keyword: '' },
  );
  const job = jobs.data.find((j) => j.order?._id === placed.body._id);
  if (!job) throw new Error('no job');
  expect((await mutate(driver, 'ordertrack.deliver', { id: job._id })).status).toBe(200);
  return { orderId: placed.body._id, jobId: job._id };
}

beforeAll(async () => {
  t = await startTestApp();
  today = isoDateInZone(new Date(), t.config.timeZone);
  date = deliveryCalendar(t.db, t.config.timeZone).earliest;
  P.rice = makeProduct(t.db, { name: 'Basmati Rice 5kg', price: 2480, sku: 'Bag' }).id;
  P.soap = makeProduct(t.db, { name: 'Dish Detergent 4L', price: 1000, sku: 'Btl' }).id;
  t.db.$client.prepare('UPDATE product SET tax_rate = 10 WHERE id = ?').run(P.soap);
  await customer('Himalaya Kitchen', true);
  await customer('Everest Dining', true);
  await customer('Bangkok Spice', false);
  const adm = await makeAdmin(t.db);
  const dr = await makeEmployee(t.db, 'driver');
  driverId = dr.id;
  admin = new ApiClient(t.url);
  driver = new ApiClient(t.url);
  await admin.login(adm.username, adm.password);
  await driver.login(dr.username, dr.password);
});
afterAll(() => t.close());

/** 3 x 2480 at 8 % and 2 x 1000 at 10 %, tax per rate: 7440 + 595 + 2000 + 200. */
const ORDER = 10_235;

describe("a monthly customer's account", () => {
  const monthEnd = () => lastDay(today);
  const previousMonthEnd = () => addDaysIso(`${today.slice(0, 8)}01`, -1);

  it('says when it closes and pays, with nothing delivered yet', async () => {
    const r = await mine('Himalaya Kitchen');
    expect(r.balance).toBe(0);
    expect(r.account).toEqual({
      paymentMethod: 'monthly',
      closingDay: 31,
      paymentDay: 25,
      paymentMonth: 'next',
      nextClosing: { date: monthEnd(), dueDate: nextMonth(monthEnd(), '25') },
      toBeInvoiced: [],
      nextDue: null,
      credits: null,
    });
  });

  it('shows what is delivered and still to be invoiced, per closing, the balance unchanged', async () => {
    await delivered('Himalaya Kitchen');
    // A second order delivered in the previous period whose closing has not been run yet.
    const late = await delivered('Himalaya Kitchen');
    const lastMonth = `${addDaysIso(previousMonthEnd(), -2)}T03:00:00.000Z`;
    t.db.$client
      .prepare('UPDATE delivery_job SET delivered_at = ? WHERE id = ?')
      .run(lastMonth, late.jobId);
    const r = await mine('Himalaya Kitchen');
    expect(r.balance).toBe(0);
    expect(r.account.toBeInvoiced).toEqual([
      {
        closingDate: previousMonthEnd(),
        dueDate: `${today.slice(0, 8)}25`,
        orders: 1,
        amount: ORDER,
      },
      {
        closingDate: monthEnd(),
        dueDate: nextMonth(monthEnd(), '25'),
        orders: 1,
        amount: ORDER,
      },
    ]);
    // The REST door answers the same.
    const rest = await C['Himalaya Kitchen']!.api.get<Mine>('/api/documents/mine');
    expect(rest.status).toBe(200);
    expect(rest.body.account.toBeInvoiced).toEqual(r.account.toBeInvoiced);

    // Once the previous closing has run, its invoice is in the balance and off the list.
    const run = await mutate(
      admin,
      'closing.run',
      { closingDate: previousMonthEnd(), customerId: C['Himalaya Kitchen']!.id },
      'close-previous',
    );
    expect(run.status).toBe(200);
    const after = await mine('Himalaya Kitchen');
    expect(after.balance).toBe(ORDER);
    expect(after.account.toBeInvoiced).toEqual([
      { closingDate: monthEnd(), dueDate: nextMonth(monthEnd(), '25'), orders: 1, amount: ORDER },
    ]);
  });

  it('counts an approved credit note as waiting to be deducted, not in what is delivered', async () => {
    const line = t.db.$client
      .prepare(
        `SELECT l.id FROM order_line l JOIN customer_order o ON o.id = l.order_id
          WHERE o.customer_id = ? AND o.invoice_id IS NULL AND l.name LIKE 'Basmati%'`,
      )
      .get(C['Himalaya Kitchen']!.id) as { id: string };
    const claim = await mutate<{ _id: string }>(C['Himalaya Kitchen']!.api, 'claims.create', {
      orderLineId: line.id,
      quantity: 1,
      reason: 'Torn bag',
    });
    expect(claim.status).toBe(200);
    const decided = await mutate<{ creditNoteNumber: string }>(admin, 'claims.decide', {
      id: claim.data._id,
      approve: true,
      note: '',
    });
    expect(decided.status).toBe(200);
    const total = (
      t.db.$client
        .prepare('SELECT total FROM credit_note WHERE number = ?')
        .get(decided.data.creditNoteNumber) as { total: number }
    ).total;
    // 2480 at 8 %: 2678.
    expect(total).toBe(2678);
    const r = await mine('Himalaya Kitchen');
    expect(r.account.credits).toEqual({ amount: 2678, numbers: [decided.data.creditNoteNumber] });
    expect(r.account.toBeInvoiced.map((e) => e.amount)).toEqual([ORDER]);
  });

  it('gives the next due date of the invoiced amount and what is due then', async () => {
    const id = C['Everest Dining']!.id;
    makeInvoice(t.db, { customerId: id, amount: 417_952, dueDate: addDaysIso(today, 20) });
    makeInvoice(t.db, { customerId: id, amount: 3_000, dueDate: addDaysIso(today, 20) });
    makeInvoice(t.db, { customerId: id, amount: 9_000, dueDate: addDaysIso(today, 50) });
    // Paid, cancelled and overdue invoices are not the next due.
    makeInvoice(t.db, {
      customerId: id,
      amount: 5_000,
      paidAmount: 5_000,
      dueDate: addDaysIso(today, 2),
    });
    const cancelled = makeInvoice(t.db, { customerId: id, amount: 7_000, dueDate: today });
    t.db.$client
      .prepare("UPDATE invoice SET cancelled_at = '2030-01-01T00:00:00Z' WHERE id = ?")
      .run(cancelled.id);
    makeInvoice(t.db, { customerId: id, amount: 1_000, dueDate: addDaysIso(today, -3) });
    // Part paid: what is left counts.
    makeInvoice(t.db, {
      customerId: id,
      amount: 10_000,
      paidAmount: 4_000,
      dueDate: addDaysIso(today, 20),
    });
    const r = await mine('Everest Dining');
    expect(r.balance).toBe(417_952 + 3_000 + 9_000 + 1_000 + 6_000);
    expect(r.overdue).toBe(1_000);
    expect(r.account.nextDue).toEqual({
      date: addDaysIso(today, 20),
      amount: 417_952 + 3_000 + 6_000,
    });
    expect(r.account.toBeInvoiced).toEqual([]);
    expect(r.account.credits).toBeNull();
    // The document list marks the cancelled invoice.
    expect(r.documents.filter((d) => d.kind === 'invoice').map((d) => d.cancelled)).toContain(true);
    // Each invoice says what of it is still to pay, and whether that is overdue: the balance
    // is the invoices marked so. A cancelled or paid invoice is owed nothing.
    const invoices = r.documents.filter((d) => d.kind === 'invoice');
    expect(invoices.reduce((sum, d) => sum + (d.unpaid ?? 0), 0)).toBe(r.balance);
    expect(invoices.filter((d) => d.overdue).map((d) => d.unpaid)).toEqual([1_000]);
    expect(invoices.find((d) => d.id === cancelled.id)).toMatchObject({
      unpaid: 0,
      overdue: false,
    });
  });
});

describe("a cash customer's account", () => {
  it('has no closing: nothing waits to be invoiced, each delivery is its invoice', async () => {
    await delivered('Bangkok Spice');
    const r = await mine('Bangkok Spice');
    expect(r.balance).toBe(ORDER);
    expect(r.account).toMatchObject({
      paymentMethod: 'cash',
      closingDay: null,
      paymentDay: null,
      nextClosing: null,
      toBeInvoiced: [],
      credits: null,
    });
    // Its delivery invoice is due on the delivery day.
    expect(r.account.nextDue).toEqual({ date: today, amount: ORDER });
  });
});
