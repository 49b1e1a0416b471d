import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryCalendar } from '../../server/settings/settings';
import { nextClosingDate } from '../../shared/closing-dates';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import type { ClosingPreviewOut } from '../../shared/schemas/billing';
import type { LedgerOut } from '../../shared/schemas/ledger';
import { startTestApp, type TestApp } from '../helpers/app';
import { insertDeliveredOrder, placeAndDeliver, type Road } from '../helpers/deliveries';
import {
  makeAdmin,
  makeCustomer,
  makeEmployee,
  makeProduct,
  makeRoute,
} from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// A restaurant's statement after it moved between cash and monthly terms (ADR 091), over HTTP
// against the real app, read back from the statement PDF. Its cash invoices issued in the
// statement's period were on no statement: the first monthly statement counted the cash paid at
// the door as a payment but not the cash invoices, and asked for less than the restaurant owed
// (¥2,160 asked, ¥5,400 owed). Now a statement counts them in its period, by number, as it
// counts hand-made invoices, and its amount due is what the restaurant owes: its Account screen's
// balance and its ledger's on the closing date; the next statement starts from it.

let t: TestApp;
let road: Road;
let today = '';
let deliveryDate = '';
let rice = '';

interface StatementRow {
  id: string;
  previousBalance: number;
  paymentsReceived: number;
  periodAmount: number;
  amountDue: number;
}

const statementOn = (customerId: string, closingDate: string) =>
  t.db.$client
    .prepare<[string, string], StatementRow>(
      `SELECT id, previous_balance AS previousBalance, payments_received AS paymentsReceived,
              period_amount AS periodAmount, amount_due AS amountDue
         FROM statement WHERE customer_id = ? AND closing_date = ?`,
    )
    .get(customerId, closingDate);

async function signIn(c: { username: string; password: string }) {
  const client = new ApiClient(t.url);
  await client.login(c.username, c.password);
  return client;
}

/** The office moves the restaurant to cash or to monthly terms (月末締め翌月末払い). */
async function setTerms(id: string, routeId: string, paymentMethod: 'cash' | 'monthly') {
  const r = await mutate(road.admin, 'customers.update', {
    id,
    restaurantName: 'Himalaya Kitchen',
    phoneNumber: '090-1234-5678',
    customerCode: `HK${id.slice(0, 6)}`,
    paymentMethod,
    paymentDate: paymentMethod === 'monthly' ? '31' : '',
    closingDay: paymentMethod === 'monthly' ? '31' : '',
    paymentMonth: 1,
    deliveryDays: ['Monday', 'Thursday'],
    route: routeId,
    contactPerson: 'Ram',
    mobileNumber: '',
    badDebt: false,
    webOrder: true,
    creditHold: false,
  });
  expect(r.status, r.code).toBe(200);
}

/** One order of `kg` of rice at ¥1,000 (8 %), delivered now, with the cash taken if any. */
async function deliver(customer: ApiClient, kg: number, cashTaken?: number) {
  const { delivered } = await placeAndDeliver(
    road,
    customer,
    { orderItems: [{ product: rice, quantity: kg }], deliveryDate },
    cashTaken === undefined ? {} : { cashTaken },
  );
  return delivered.order.invoice;
}

async function statementText(id: string) {
  const res = await fetch(`${t.url}/api/documents/statement/${id}.pdf`, {
    headers: road.admin.cookie ? { cookie: road.admin.cookie } : {},
  });
  expect(res.status).toBe(200);
  const parser = new PDFParse({ data: new Uint8Array(await res.arrayBuffer()) });
  const text = (await parser.getText()).text.replace(/\s+/g, ' ');
  await parser.destroy();
  return text;
}

/** What the restaurant owes: its Account screen's balance, and its ledger's up to today. */
async function owed(customer: ApiClient, customerId: string) {
  const docs = await query<{ balance: number }>(customer, 'documents.mine', {});
  expect(docs.status).toBe(200);
  const ledger = await query<LedgerOut>(road.admin, 'customers.ledger', {
    customerId,
    from: addDaysIso(today, -30),
    to: today,
  });
  expect(ledger.status).toBe(200);
  expect(ledger.data.closingBalance).toBe(docs.data.balance);
  return docs.data.balance;
}

beforeAll(async () => {
  t = await startTestApp();
  today = isoDateInZone(new Date(), t.config.timeZone);
  deliveryDate = deliveryCalendar(t.db, t.config.timeZone).earliest;
  const a = await makeAdmin(t.db);
  const d = await makeEmployee(t.db, 'driver');
  road = { admin: await signIn(a), driver: await signIn(d), driverId: d.id };
  rice = makeProduct(t.db, { name: 'Rice', price: 1000 }).id;
});
afterAll(() => t?.close());

describe('a restaurant moved from cash to monthly terms with cash invoices unpaid', () => {
  it('is asked on its first statement for what it owes, its cash invoices counted by number', async () => {
    const route = makeRoute(t.db);
    const c = await makeCustomer(t.db, { paymentMethod: 'cash', routeId: route.id });
    const cust = await signIn(c);
    // On cash terms: ¥2,160 delivered and not paid, ¥1,080 paid at the door.
    const unpaid = await deliver(cust, 2);
    const paid = await deliver(cust, 1, 1080);
    expect(unpaid?.amount).toBe(2160);
    expect(paid?.amount).toBe(1080);
    // Monthly from now on: ¥3,240 delivered for the closing.
    await setTerms(c.id, route.id, 'monthly');
    expect(await deliver(cust, 3)).toBeNull();
    expect(await owed(cust, c.id)).toBe(2160);

    const preview = await query<ClosingPreviewOut>(road.admin, 'closing.preview', {
      closingDate: today,
      customerId: c.id,
    });
    expect(preview.data.customers[0]).toMatchObject({
      amount: 3240,
      handMade: 3240,
      previousBalance: 0,
      paymentsReceived: 1080,
      amountDue: 5400,
    });
    // The office closes the restaurant alone today, as it may on any day.
    const run = await mutate(road.admin, 'closing.run', { closingDate: today, customerId: c.id });
    expect(run.status, run.code).toBe(200);
    const st = statementOn(c.id, today);
    expect(st).toMatchObject({
      previousBalance: 0,
      paymentsReceived: 1080,
      periodAmount: 6480,
      amountDue: 5400,
    });
    expect(st?.amountDue).toBe(await owed(cust, c.id));

    const text = await statementText(st?.id ?? '');
    expect(text).toContain('前回ご請求額 ¥0');
    expect(text).toContain('ご入金額 ¥1,080');
    expect(text).toContain('繰越金額 △¥1,080');
    expect(text).toContain('今回お買上額（税込・値引後） ¥6,480 ご請求金額 ¥5,400');
    // The cash invoices the restaurant holds, named on the statement.
    expect(text).toContain(unpaid?.number ?? 'unpaid');
    expect(text).toContain(paid?.number ?? 'paid');

    // The next statement follows on: the cash invoice paid, and a cash delivery made after this
    // statement on its own date (the restaurant on cash terms again for a while) is counted.
    const pay = await mutate(road.admin, 'invoices.pay', {
      invoiceId: unpaid?._id,
      amount: 2160,
      date: today,
    });
    expect(pay.status, pay.code).toBe(200);
    await setTerms(c.id, route.id, 'cash');
    const later = await deliver(cust, 1);
    expect(later?.amount).toBe(1080);
    await setTerms(c.id, route.id, 'monthly');
    const next = await query<ClosingPreviewOut>(road.admin, 'closing.preview', {
      closingDate: nextClosingDate(31, addDaysIso(today, 1)),
      customerId: c.id,
    });
    expect(next.data.customers[0]).toMatchObject({
      previousBalance: 5400,
      paymentsReceived: 2160,
      handMade: 1080,
      amountDue: 4320,
    });
    expect(next.data.customers[0]?.amountDue).toBe(await owed(cust, c.id));
  });
});

describe('a restaurant on cash terms between two monthly closings', () => {
  it('is asked on its next statement for its cash invoices of the months between', async () => {
    const route = makeRoute(t.db);
    const c = await makeCustomer(t.db, { paymentMethod: 'monthly', routeId: route.id });
    const cust = await signIn(c);
    await setTerms(c.id, route.id, 'monthly');
    // Closed yesterday on monthly terms: ¥1,080.
    const yesterday = addDaysIso(today, -1);
    insertDeliveredOrder(t.db, { customerId: c.id, productId: rice, day: yesterday });
    expect(
      (await mutate(road.admin, 'closing.run', { closingDate: yesterday, customerId: c.id }))
        .status,
    ).toBe(200);
    expect(statementOn(c.id, yesterday)).toMatchObject({ amountDue: 1080 });
    // On cash terms today: ¥2,160 not paid, ¥1,080 paid at the door; then monthly again.
    await setTerms(c.id, route.id, 'cash');
    const unpaid = await deliver(cust, 2);
    const paid = await deliver(cust, 1, 1080);
    await setTerms(c.id, route.id, 'monthly');

    const run = await mutate(road.admin, 'closing.run', { closingDate: today, customerId: c.id });
    expect(run.status, run.code).toBe(200);
    const st = statementOn(c.id, today);
    expect(st).toMatchObject({
      previousBalance: 1080,
      paymentsReceived: 1080,
      periodAmount: 3240,
      amountDue: 3240,
    });
    expect(st?.amountDue).toBe(await owed(cust, c.id));
    const text = await statementText(st?.id ?? '');
    expect(text).toContain('前回ご請求額 ¥1,080');
    expect(text).toContain('ご入金額 ¥1,080');
    expect(text).toContain('今回お買上額（税込・値引後） ¥3,240 ご請求金額 ¥3,240');
    expect(text).toContain(unpaid?.number ?? 'unpaid');
    expect(text).toContain(paid?.number ?? 'paid');
  });
});

describe('a cash invoice in a first statement’s previous balance, cancelled and re-issued after it', () => {
  it('is asked for once on the next statement', async () => {
    const route = makeRoute(t.db);
    const c = await makeCustomer(t.db, { paymentMethod: 'cash', routeId: route.id });
    const cust = await signIn(c);
    const old = await deliver(cust, 2);
    // Delivered two months ago, in the cash days before the first statement's period (written
    // straight in: the road delivers today).
    const twoMonthsAgo = addDaysIso(today, -62);
    t.db.$client
      .prepare('UPDATE invoice SET issue_date = ?, due_date = ? WHERE id = ?')
      .run(twoMonthsAgo, twoMonthsAgo, old?._id);
    await setTerms(c.id, route.id, 'monthly');
    const run = await mutate(road.admin, 'closing.run', { closingDate: today, customerId: c.id });
    expect(run.status, run.code).toBe(200);
    expect(statementOn(c.id, today)).toMatchObject({ previousBalance: 2160, amountDue: 2160 });

    // The office corrects the invoice: cancelled, re-issued today under a new number.
    const cancel = await mutate(road.admin, 'invoices.cancel', {
      id: old?._id,
      reason: 'Wrong name',
    });
    expect(cancel.status, cancel.code).toBe(200);
    const next = await query<ClosingPreviewOut>(road.admin, 'closing.preview', {
      closingDate: nextClosingDate(31, addDaysIso(today, 1)),
      customerId: c.id,
    });
    expect(next.data.customers[0]).toMatchObject({
      previousBalance: 0,
      handMade: 2160,
      amountDue: 2160,
    });
    expect(next.data.customers[0]?.amountDue).toBe(await owed(cust, c.id));
  });
});
