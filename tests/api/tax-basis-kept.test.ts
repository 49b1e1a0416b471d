import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryCalendar } from '../../server/settings/settings';
import { documentFormat } from '../../shared/documents/formats';
import { isoDateInZone } from '../../shared/format';
import { taxByRate } from '../../shared/tax';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { pdfTextAt } from '../helpers/pdf';
import { mutate, query } from '../helpers/trpc';

// Orders and documents keep the price basis and tax rounding they were made with (ADR 053),
// over HTTP against the real app: the office switches the catalogue from tax-exclusive to
// tax-inclusive prices (or changes the rounding) while orders placed before are still on the
// road. Those orders are billed as they were placed (the cash invoice equals the order's total
// with tax, the driver's cash is accepted), a monthly closing over orders of both bases makes
// one invoice per basis on one statement that adds both up, and documents issued before the
// change print as they did.

let t: TestApp;
let admin: ApiClient;
let driver: ApiClient;
let cashCust: ApiClient;
let monthlyCust: ApiClient;
let roundingCust: ApiClient;
let driverId = '';
let cashId = '';
let monthlyId = '';
let date = '';
let today = '';
const p: Record<string, { id: string }> = {};

const one = <T>(text: string, ...params: unknown[]) =>
  t.db.$client.prepare(text).get(...params) as T;
const yen = (n: number) => `¥${n.toLocaleString('en-US')}`;

interface Job {
  _id: string;
  amountToCollect: number;
  order: {
    _id: string;
    totalPrice: number;
    orderItems: {
      _id: string;
      name: string;
      unitPrice: number;
      quantity: number;
      taxRate: number;
    }[];
    tax: { basis: string; rounding: string };
    invoice: { _id: string; number: string; amount: number; paidAmount: number } | null;
  };
}

beforeAll(async () => {
  t = await startTestApp();
  date = deliveryCalendar(t.db, t.config.timeZone).earliest;
  today = isoDateInZone(new Date(), t.config.timeZone);
  p.rice = makeProduct(t.db, { name: 'Basmati Rice 5kg', price: 2480, sku: 'Bag' });
  p.soap = makeProduct(t.db, { name: 'Dish Detergent 4L', price: 1000, sku: 'Btl' });
  t.db.$client.prepare('UPDATE product SET tax_rate = 10 WHERE id = ?').run(p.soap.id);
  const c1 = await makeCustomer(t.db, { restaurantName: 'Himalaya Kitchen' });
  const c2 = await makeCustomer(t.db, {
    restaurantName: 'Bangkok Spice',
    paymentMethod: 'monthly',
  });
  const c3 = await makeCustomer(t.db, { restaurantName: 'Kathmandu Momo' });
  // The monthly customer closes today (a closing runs once its date has come), paying the 25th.
  t.db.$client
    .prepare('UPDATE customer SET closing_day = ?, payment_date = ? WHERE id = ?')
    .run(Number(today.slice(8)), '25', c2.id);
  cashId = c1.id;
  monthlyId = c2.id;
  const adm = await makeAdmin(t.db);
  const dr = await makeEmployee(t.db, 'driver');
  driverId = dr.id;
  admin = new ApiClient(t.url);
  driver = new ApiClient(t.url);
  cashCust = new ApiClient(t.url);
  monthlyCust = new ApiClient(t.url);
  roundingCust = new ApiClient(t.url);
  await admin.login(adm.username, adm.password);
  await driver.login(dr.username, dr.password);
  await cashCust.login(c1.username, c1.password);
  await monthlyCust.login(c2.username, c2.password);
  await roundingCust.login(c3.username, c3.password);
});
afterAll(() => t.close());

async function setTax(basis: 'exclusive' | 'inclusive', rounding: 'down' | 'halfUp' | 'up') {
  const r = await mutate<{ basis: string; rounding: string }>(admin, 'settings.updateTax', {
    basis,
    rounding,
  });
  expect(r.status).toBe(200);
  expect(r.data).toMatchObject({ basis, rounding });
}

/** Places an order as the customer: its id. */
async function place(c: ApiClient, rice: number, soap: number): Promise<string> {
  const placed = await c.post<{ _id: string }>('/api/orders', {
    orderItems: [
      { product: p.rice!.id, quantity: rice },
      { product: p.soap!.id, quantity: soap },
    ].filter((l) => l.quantity > 0),
    deliveryDate: date,
    customMessage: '',
  });
  expect(placed.status).toBe(201);
  return placed.body._id;
}

/** Dispatches an order to the driver: its pending job as the phone reads it. */
async function dispatch(orderId: string): Promise<Job> {
  const d = await mutate(admin, 'orders.dispatch', { id: orderId, driverId });
  expect(d.status).toBe(200);
  return pendingJob(orderId);
}

async function pendingJob(orderId: string): Promise<Job> {
  const jobs = await query<Job[]>(driver, 'ordertrack.driverPending', { driverId, keyword: '' });
  const job = jobs.data.find((j) => j.order?._id === orderId);
  if (!job) throw new Error('no job');
  return job;
}

async function deliver(job: Job, extra: Record<string, unknown> = {}) {
  const r = await mutate<Job>(driver, 'ordertrack.deliver', { id: job._id, ...extra });
  expect(r.status, r.code).toBe(200);
  return r.data;
}

const pdfText = (path: string) => pdfTextAt(admin, path);

const invoiceRow = (id: string) =>
  one<Record<string, unknown>>(
    `SELECT amount, net8, tax8, net10, tax10, credit_applied AS creditApplied,
            tax_basis AS basis, tax_rounding AS rounding, statement_id AS statementId
       FROM invoice WHERE id = ?`,
    id,
  );
const orderTax = (id: string) =>
  one<{ basis: string; rounding: string; total: number }>(
    'SELECT tax_basis AS basis, tax_rounding AS rounding, total FROM customer_order WHERE id = ?',
    id,
  );

// Exclusive prices, rounded down: 2480 x 3 = 7440 at 8 % (+595), 1000 x 2 = 2000 at 10 % (+200).
const A_TOTAL = 7440 + 595 + 2000 + 200;

describe('switching the catalogue from tax-exclusive to tax-inclusive prices', () => {
  const ids: Record<string, string> = {};
  const before: Record<string, string> = {};

  it('documents issued under tax-exclusive prices: a cash invoice, its slip, a hand-made invoice', async () => {
    await setTax('exclusive', 'down');
    ids.b = await place(cashCust, 1, 1);
    const b = await deliver(await dispatch(ids.b), { cashTaken: 2480 + 198 + 1000 + 100 });
    ids.bInvoice = b.order.invoice!._id;
    expect(invoiceRow(ids.bInvoice)).toMatchObject({
      amount: 3778,
      basis: 'exclusive',
      rounding: 'down',
    });
    const typed = await admin.post<{ _id: string }>('/api/invoice', {
      customer: cashId,
      amount: 11000,
      dueDate: today,
      note: 'Delivery fee',
    });
    expect(typed.status).toBe(201);
    ids.typed = typed.body._id;
    expect(invoiceRow(ids.typed)).toMatchObject({ net10: 10000, tax10: 1000, basis: 'exclusive' });
    before.invoice = await pdfText(`/api/documents/invoice/${ids.bInvoice}.pdf`);
    before.slip = await pdfText(`/api/documents/slip/${ids.b}.pdf`);
    before.typed = await pdfText(`/api/documents/invoice/${ids.typed}.pdf`);
    // Its tax was taken out of the amount with tax (ADR 046), whatever the basis of the time:
    // its line and its rate read with tax, under 10%対象（税込）.
    expect(before.typed).toMatch(/Delivery fee[^\n]*¥11,000/);
    expect(before.typed).toContain(`10%対象（税込） ${yen(11000)} うち消費税 ${yen(1000)}`);
  });

  it('orders placed under tax-exclusive prices record it', async () => {
    ids.a = await place(cashCust, 3, 2);
    ids.c = await place(cashCust, 1, 0);
    ids.m1 = await place(monthlyCust, 1, 1);
    ids.m2 = await place(monthlyCust, 2, 1);
    for (const id of [ids.a, ids.c, ids.m1, ids.m2]) {
      expect(orderTax(id!)).toMatchObject({ basis: 'exclusive', rounding: 'down' });
    }
    expect(orderTax(ids.a!).total).toBe(A_TOTAL);
    for (const id of [ids.a, ids.c, ids.m1, ids.m2]) await dispatch(id!);
    ids.s = await place(cashCust, 1, 0);
    await dispatch(ids.s);
  });

  it('the admin switches to tax-inclusive prices', async () => {
    await setTax('inclusive', 'down');
  });

  it('documents issued before the switch print as they did (amounts, 税抜/税込 lines)', async () => {
    expect(await pdfText(`/api/documents/invoice/${ids.bInvoice}.pdf`)).toBe(before.invoice);
    expect(await pdfText(`/api/documents/slip/${ids.b}.pdf`)).toBe(before.slip);
    const typed = await pdfText(`/api/documents/invoice/${ids.typed}.pdf`);
    expect(typed).toBe(before.typed);
    expect(typed).toContain('10%対象（税込）');
    expect(typed).toContain(`10%対象（税込） ${yen(11000)} うち消費税 ${yen(1000)}`);
  });

  it("a cash order placed before: the driver's card, the cash taken and the invoice are its total with tax", async () => {
    const job = await pendingJob(ids.a!);
    // The phone computes a short delivery with the order's own basis, not the settings now.
    expect(job.order.tax).toEqual({ basis: 'exclusive', rounding: 'down' });
    expect(job.amountToCollect).toBe(A_TOTAL);
    const done = await deliver(job, { cashTaken: job.amountToCollect });
    expect(done.order.invoice).toMatchObject({ amount: A_TOTAL, paidAmount: A_TOTAL });
    ids.aInvoice = done.order.invoice!._id;
    expect(invoiceRow(ids.aInvoice)).toMatchObject({
      amount: A_TOTAL,
      net8: 7440,
      tax8: 595,
      net10: 2000,
      tax10: 200,
      basis: 'exclusive',
      rounding: 'down',
    });
    // Its slip says the same.
    const slip = await query<{ total: number; tax: number }>(admin, 'documents.model', {
      kind: 'slip',
      id: ids.a,
    });
    expect(slip.data).toMatchObject({ total: A_TOTAL, tax: 795 });
  });

  it("a substitute handed over on an order of before is priced in that order's basis", async () => {
    // The phone's list says which basis its prices are in, so it can read them across too.
    const list = await query<{ basis: string }>(driver, 'products.forDriver');
    expect(list.data.basis).toBe('inclusive');
    const job = await pendingJob(ids.s!);
    const rice = job.order.orderItems.find((l) => l.name.startsWith('Basmati'))!;
    const done = await deliver(job, {
      lines: [
        {
          lineId: rice._id,
          deliveredQuantity: 0,
          reason: 'substituted',
          substitute: { productId: p.soap!.id, quantity: 1 },
        },
      ],
    });
    // The detergent's 1,000 now includes its 10 %: 909 before tax on this tax-exclusive order,
    // + 90 tax (rounded down), not 1,000 + 100.
    const soap = done.order.orderItems.find((l) => l.name.startsWith('Dish'))!;
    expect(soap.unitPrice).toBe(909);
    expect(invoiceRow(done.order.invoice!._id)).toMatchObject({
      amount: 999,
      net10: 909,
      tax10: 90,
      basis: 'exclusive',
    });
  });

  it('a cancelled cash invoice is re-issued as its order was placed', async () => {
    const done = await deliver(await pendingJob(ids.c!));
    const first = done.order.invoice!._id;
    expect(invoiceRow(first)).toMatchObject({ amount: 2678, basis: 'exclusive' });
    const r = await mutate<{ reissued: { id: string } }>(admin, 'invoices.cancel', {
      id: first,
      reason: 'Wrong name on the invoice',
    });
    expect(r.status).toBe(200);
    expect(invoiceRow(r.data.reissued.id)).toMatchObject({
      amount: 2678,
      net8: 2480,
      tax8: 198,
      basis: 'exclusive',
      rounding: 'down',
    });
  });

  it("a credit note on an invoice of before takes that invoice's basis", async () => {
    const il = one<{ id: string }>(
      "SELECT id FROM invoice_line WHERE invoice_id = ? AND name LIKE 'Basmati%'",
      ids.aInvoice,
    );
    const r = await mutate<{ _id: string; total: number; net8: number; tax8: number }>(
      admin,
      'creditNotes.create',
      {
        invoiceId: ids.aInvoice,
        reason: 'Torn bag',
        lines: [{ invoiceLineId: il.id, quantity: 1 }],
      },
    );
    expect(r.status).toBe(200);
    // 2480 without tax (+198), not 2480 with tax in it.
    expect(r.data).toMatchObject({ net8: 2480, tax8: 198, total: 2678 });
    expect(
      one(
        'SELECT tax_basis AS basis, tax_rounding AS rounding FROM credit_note WHERE id = ?',
        r.data._id,
      ),
    ).toEqual({ basis: 'exclusive', rounding: 'down' });
  });

  it('an order the office places now records tax-inclusive prices', async () => {
    const r = await mutate<{ _id: string; totalPrice: number }>(admin, 'orders.placeFor', {
      customerId: monthlyId,
      deliveryDate: date,
      customMessage: '',
      orderItems: [
        { product: p.rice!.id, quantity: 1 },
        { product: p.soap!.id, quantity: 1 },
      ],
    });
    expect(r.status, r.code).toBe(200);
    ids.m3 = r.data._id;
    // 2480 holds 183 of tax (2480 x 8/108 = 183.7), 1000 holds 90 (1000 x 10/110 = 90.9).
    expect(orderTax(ids.m3)).toEqual({ basis: 'inclusive', rounding: 'down', total: 3480 });
    await deliver(await pendingJob(ids.m1!));
    await deliver(await pendingJob(ids.m2!));
    await deliver(await dispatch(ids.m3));
  });

  // The exclusive part: M1 + M2 = rice 3 (7440 +595), soap 2 (2000 +200); the inclusive part
  // M3: 8 % 2297 + 183, 10 % 910 + 90.
  const EXCL = { net8: 7440, tax8: 595, net10: 2000, tax10: 200 };
  const INCL = { net8: 2297, tax8: 183, net10: 910, tax10: 90 };
  const DUE = A_TOTAL + 3480;

  it("the closing preview and the customer's Account count each order as it was placed", async () => {
    const r = await query<{ customers: Record<string, unknown>[] }>(admin, 'closing.preview', {
      closingDate: today,
      customerId: monthlyId,
    });
    expect(r.status).toBe(200);
    expect(r.data.customers[0]).toMatchObject({
      orders: 3,
      amount: DUE,
      net8: EXCL.net8 + INCL.net8,
      tax8: EXCL.tax8 + INCL.tax8,
      net10: EXCL.net10 + INCL.net10,
      tax10: EXCL.tax10 + INCL.tax10,
      credit: 0,
      amountDue: DUE,
    });
    const mine = await query<{ account: { toBeInvoiced: { amount: number }[] } }>(
      monthlyCust,
      'documents.mine',
    );
    expect(mine.status).toBe(200);
    expect(mine.data.account.toBeInvoiced.reduce((s, x) => s + x.amount, 0)).toBe(DUE);
  });

  it('the closing run makes one invoice per basis, and the statement adds both up', async () => {
    const r = await mutate<{
      results: {
        customerId: string;
        invoiceId: string;
        invoices: { id: string; number: string }[];
        statementId: string;
        amount: number;
        amountDue: number;
      }[];
    }>(admin, 'closing.run', { closingDate: today, customerId: monthlyId });
    expect(r.status, r.code).toBe(200);
    const res = r.data.results[0]!;
    expect(res.invoices).toHaveLength(2);
    expect(res.invoiceId).toBe(res.invoices[0]!.id);
    expect(res).toMatchObject({ amount: DUE, amountDue: DUE });
    const [first, second] = res.invoices as [
      { id: string; number: string },
      { id: string; number: string },
    ];
    expect(invoiceRow(first.id)).toMatchObject({
      amount: A_TOTAL,
      ...EXCL,
      basis: 'exclusive',
      rounding: 'down',
      statementId: null,
    });
    expect(invoiceRow(second.id)).toMatchObject({
      amount: 3480,
      ...INCL,
      basis: 'inclusive',
      rounding: 'down',
      statementId: res.statementId,
    });
    // Every delivered order on exactly one of them, by its basis.
    const billed = (id: string) =>
      one<{ invoiceId: string }>(
        'SELECT invoice_id AS invoiceId FROM customer_order WHERE id = ?',
        id,
      ).invoiceId;
    expect([billed(ids.m1!), billed(ids.m2!), billed(ids.m3!)]).toEqual([
      first.id,
      first.id,
      second.id,
    ]);
    expect(
      one(
        'SELECT amount_due AS due, period_amount AS period, invoice_id AS inv FROM statement WHERE id = ?',
        res.statementId,
      ),
    ).toEqual({ due: DUE, period: DUE, inv: first.id });

    const st = await query<{
      perRate: { rate: number; net: number; tax: number }[];
      total: number;
      amount: number;
      references: { label: string; value: string }[];
      statement: {
        periodAmount: number;
        amountDue: number;
        byDate: { date: string; slip: string | null; basis: string; amount: number }[];
      };
    }>(admin, 'documents.model', { kind: 'statement', id: res.statementId });
    expect(st.status).toBe(200);
    expect(st.data.perRate).toEqual([
      { rate: 8, net: EXCL.net8 + INCL.net8, tax: EXCL.tax8 + INCL.tax8, gross: 7440 + 595 + 2480 },
      {
        rate: 10,
        net: EXCL.net10 + INCL.net10,
        tax: EXCL.tax10 + INCL.tax10,
        gross: 2000 + 200 + 1000,
      },
    ]);
    expect(st.data.total).toBe(DUE);
    expect(st.data.amount).toBe(DUE);
    expect(st.data.statement).toMatchObject({ periodAmount: DUE, amountDue: DUE });
    expect(st.data.references.map((x) => x.value)).toEqual([first.number, second.number]);
    // Deliveries by date and slip: each delivery's own amount under the number of the slip the
    // restaurant signed, never adding amounts without tax to amounts with it.
    const slip = (id: string) =>
      one<{ slip: string }>('SELECT slip_number AS slip FROM customer_order WHERE id = ?', id).slip;
    expect(st.data.statement.byDate).toEqual([
      { date: today, slip: slip(ids.m1!), basis: 'exclusive', amount: 2480 + 1000 },
      { date: today, slip: slip(ids.m2!), basis: 'exclusive', amount: 4960 + 1000 },
      { date: today, slip: slip(ids.m3!), basis: 'inclusive', amount: 2480 + 1000 },
    ]);
    expect(EXCL.net8 + EXCL.net10).toBe(2480 + 1000 + 4960 + 1000);

    const pdf = await pdfText(`/api/documents/statement/${res.statementId}.pdf`);
    for (const id of [ids.m1!, ids.m2!, ids.m3!]) expect(pdf).toContain(slip(id));
    expect(pdf).toContain(first.number);
    expect(pdf).toContain(second.number);
    expect(pdf).toContain(
      `8%対象 ${yen(EXCL.net8 + INCL.net8)} 消費税 ${yen(EXCL.tax8 + INCL.tax8)}`,
    );
    expect(pdf).toContain(
      `10%対象 ${yen(EXCL.net10 + INCL.net10)} 消費税 ${yen(EXCL.tax10 + INCL.tax10)}`,
    );
    expect(pdf).toMatch(new RegExp(`ご請求金額\\s*${yen(DUE)}`));
    const printed = documentFormat('ja').date(today);
    expect(pdf).toMatch(new RegExp(`${printed}\\s*${slip(ids.m1!)}\\s*${yen(3480)}\\s*税抜`));
    expect(pdf).toMatch(new RegExp(`${printed}\\s*${slip(ids.m2!)}\\s*${yen(5960)}\\s*税抜`));
    expect(pdf).toMatch(new RegExp(`${printed}\\s*${slip(ids.m3!)}\\s*${yen(3480)}\\s*税込`));
    // Each invoice's own PDF carries its own figures.
    const exclPdf = await pdfText(`/api/documents/invoice/${first.id}.pdf`);
    expect(exclPdf).toContain(`8%対象 ${yen(EXCL.net8)} 消費税 ${yen(EXCL.tax8)}`);
    // Priced with tax, its tax was computed from the amounts with tax: those are its figures.
    const inclPdf = await pdfText(`/api/documents/invoice/${second.id}.pdf`);
    expect(inclPdf).toContain(
      `8%対象（税込） ${yen(INCL.net8 + INCL.tax8)} うち消費税 ${yen(INCL.tax8)}`,
    );
    expect(inclPdf).toContain(
      `10%対象（税込） ${yen(INCL.net10 + INCL.tax10)} うち消費税 ${yen(INCL.tax10)}`,
    );
  });
});

describe('changing the rounding after an order was placed', () => {
  const ids: Record<string, string> = {};

  it('orders placed while tax is rounded down keep that rounding', async () => {
    await setTax('exclusive', 'down');
    // 2480 x 8 % = 198.4: 198 rounded down, 199 rounded up; 1000 x 10 % = 100 either way.
    ids.r = await place(roundingCust, 1, 1);
    ids.s = await place(roundingCust, 3, 1);
    await dispatch(ids.r);
    await dispatch(ids.s);
    await setTax('exclusive', 'up');
    expect(orderTax(ids.r)).toEqual({ basis: 'exclusive', rounding: 'down', total: 3778 });
  });

  it("delivered after the change: invoiced with the order's rounding, the driver's cash accepted", async () => {
    const job = await pendingJob(ids.r!);
    expect(job.order.tax).toEqual({ basis: 'exclusive', rounding: 'down' });
    expect(job.amountToCollect).toBe(3778);
    const done = await deliver(job, { cashTaken: 3778 });
    expect(done.order.invoice).toMatchObject({ amount: 3778, paidAmount: 3778 });
    expect(invoiceRow(done.order.invoice!._id)).toMatchObject({
      net8: 2480,
      tax8: 198,
      rounding: 'down',
    });
  });

  it('a short delivery: the phone and the server work out the same invoice', async () => {
    const job = await pendingJob(ids.s!);
    const rice = job.order.orderItems.find((l) => l.name.startsWith('Basmati'))!;
    // What the phone computes (DeliveredLines.deliveredTotal) for one bag of rice and the soap.
    const onPhone = taxByRate(
      [
        { amount: 2480, rate: 8 },
        { amount: 1000, rate: 10 },
      ],
      job.order.tax.basis as 'exclusive',
      job.order.tax.rounding as 'down',
    ).total;
    expect(onPhone).toBe(3778);
    const done = await deliver(job, {
      lines: [{ lineId: rice._id, deliveredQuantity: 1, reason: 'short' }],
      cashTaken: onPhone,
    });
    expect(done.order.invoice).toMatchObject({ amount: 3778, paidAmount: 3778 });
    expect(orderTax(ids.s!)).toEqual({ basis: 'exclusive', rounding: 'down', total: 3778 });
  });

  it('a hand-made invoice typed before the change keeps its figures when its note is edited', async () => {
    await setTax('exclusive', 'down');
    const cust = one<{ id: string }>(
      "SELECT id FROM customer WHERE restaurant_name = 'Kathmandu Momo'",
    );
    // 1,005 with 10 % in it: 91.36 of tax, 91 rounded down, 92 up.
    const typed = await mutate<{ _id: string }>(admin, 'invoices.create', {
      customer: cust.id,
      amount: 1005,
      dueDate: today,
      note: 'Ice',
    });
    expect(typed.status, typed.code).toBe(200);
    expect(invoiceRow(typed.data._id)).toMatchObject({ net10: 914, tax10: 91, rounding: 'down' });
    await setTax('exclusive', 'up');
    const edited = await mutate(admin, 'invoices.update', {
      id: typed.data._id,
      customer: cust.id,
      amount: 1005,
      dueDate: today,
      note: 'Ice, two bags',
    });
    expect(edited.status, edited.code).toBe(200);
    expect(invoiceRow(typed.data._id)).toMatchObject({ net10: 914, tax10: 91, rounding: 'down' });
    // One typed now is rounded as the business rounds now.
    const now = await mutate<{ _id: string }>(admin, 'invoices.create', {
      customer: cust.id,
      amount: 1005,
      dueDate: today,
      note: 'Ice',
    });
    expect(invoiceRow(now.data._id)).toMatchObject({ net10: 913, tax10: 92, rounding: 'up' });
  });

  it('an order placed after the change is rounded up', async () => {
    const id = await place(roundingCust, 1, 1);
    expect(orderTax(id)).toEqual({ basis: 'exclusive', rounding: 'up', total: 3779 });
  });
});
