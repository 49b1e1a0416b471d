import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryCalendar } from '../../server/settings/settings';
import { isoDateInZone } from '../../shared/format';
import { en, ja, ne } from '../../shared/locales';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// Invoices made from deliveries (ADR 033), over HTTP against the real app: a cash customer's
// delivery becomes its invoice with the cash taken at the door, short lines bill what was
// delivered, the monthly closing run bills each delivered order exactly once (also when run
// twice at the same moment), goods claims become credit notes deducted on the next invoice, and
// an issued invoice never changes.

let t: TestApp;
let admin: ApiClient;
let driver: ApiClient;
let cashCust: ApiClient;
let monthlyCust: ApiClient;
let other: ApiClient;
let driverId = '';
let cashId = '';
let monthlyId = '';
let date = '';
let today = '';
const p: Record<string, { id: string }> = {};

const sql = <T>(text: string, ...params: unknown[]) =>
  t.db.$client.prepare(text).all(...params) as T[];
const one = <T>(text: string, ...params: unknown[]) =>
  t.db.$client.prepare(text).get(...params) as T;

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
  const c3 = await makeCustomer(t.db, { restaurantName: 'Other Place' });
  t.db.$client
    .prepare("UPDATE customer SET closing_day = 31, payment_date = '25' WHERE id = ?")
    .run(c2.id);
  cashId = c1.id;
  monthlyId = c2.id;
  const adm = await makeAdmin(t.db);
  const dr = await makeEmployee(t.db, 'driver');
  driverId = dr.id;
  admin = new ApiClient(t.url);
  driver = new ApiClient(t.url);
  cashCust = new ApiClient(t.url);
  monthlyCust = new ApiClient(t.url);
  other = new ApiClient(t.url);
  await admin.login(adm.username, adm.password);
  await driver.login(dr.username, dr.password);
  await cashCust.login(c1.username, c1.password);
  await monthlyCust.login(c2.username, c2.password);
  await other.login(c3.username, c3.password);
});
afterAll(() => t.close());

interface Job {
  _id: string;
  amountToCollect: number;
  order: {
    _id: string;
    orderItems: { _id: string; name: string; quantity: number }[];
    invoice: {
      _id: string;
      number: string;
      amount: number;
      paidAmount: number;
      receipts: { _id: string; amount: number }[];
    } | null;
    slipNumber: string | null;
    customMessage: string;
    credits: { id: string; number: string; total: number }[];
  };
}

/** Places an order as the customer and dispatches it to the driver: its pending job. */
async function orderAndDispatch(c: ApiClient, rice = 3, soap = 2): Promise<Job> {
  const placed = await c.post<{ _id: string }>('/api/orders', {
    orderItems: [
      { product: p.rice!.id, quantity: rice },
      { product: p.soap!.id, quantity: soap },
    ].filter((l) => l.quantity > 0),
    deliveryDate: date,
    customMessage: 'Back door, ring twice',
  });
  expect(placed.status).toBe(201);
  const d = await mutate(admin, 'orders.dispatch', { id: placed.body._id, driverId });
  expect(d.status).toBe(200);
  const jobs = await query<Job[]>(driver, 'ordertrack.driverPending', { driverId, keyword: '' });
  const job = jobs.data.find((j) => j.order?._id === placed.body._id);
  if (!job) throw new Error('no job');
  return job;
}

const invoicesOfOrder = (orderId: string) =>
  sql<{ id: string }>(
    `SELECT DISTINCT i.id FROM invoice i JOIN invoice_line l ON l.invoice_id = i.id
      WHERE l.order_id = ?`,
    orderId,
  );

describe('a cash delivery becomes its invoice', () => {
  let job: Job;
  let invoiceId = '';

  it('the job card shows the amount to collect with tax', async () => {
    job = await orderAndDispatch(cashCust);
    // 2480 x 3 = 7440 at 8% (+595), 1000 x 2 = 2000 at 10% (+200).
    expect(job.amountToCollect).toBe(7440 + 595 + 2000 + 200);
    expect(job.order.invoice).toBeNull();
    // What the restaurant wrote with its order reaches the driver.
    expect(job.order.customMessage).toBe('Back door, ring twice');
  });

  it('refuses a delivered quantity above the ordered one, changing nothing', async () => {
    const rice = job.order.orderItems.find((l) => l.name.startsWith('Basmati'))!;
    const r = await mutate(driver, 'ordertrack.deliver', {
      id: job._id,
      lines: [{ lineId: rice._id, deliveredQuantity: 4, reason: 'short' }],
    });
    expect(r.status).toBe(400);
    expect(r.code).toBe('delivery.deliveredAboveOrdered');
    const still = one<{ isDelivered: number }>(
      'SELECT is_delivered AS isDelivered FROM delivery_job WHERE id = ?',
      job._id,
    );
    expect(still.isDelivered).toBe(0);
    expect(invoicesOfOrder(job.order._id)).toEqual([]);
  });

  it('refuses more cash than the invoice, changing nothing', async () => {
    const r = await mutate(driver, 'ordertrack.deliver', { id: job._id, cashTaken: 999_999 });
    expect(r.status).toBe(400);
    expect(r.code).toBe('delivery.cashAboveInvoice');
    expect(invoicesOfOrder(job.order._id)).toEqual([]);
    expect(one<{ n: number }>('SELECT COUNT(*) AS n FROM payment').n).toBe(0);
  });

  it('a short line and the cash taken: the invoice bills what was delivered, paid in part', async () => {
    const rice = job.order.orderItems.find((l) => l.name.startsWith('Basmati'))!;
    const r = await mutate<Job>(
      driver,
      'ordertrack.deliver',
      {
        id: job._id,
        lines: [{ lineId: rice._id, deliveredQuantity: 2, reason: 'short' }],
        cashTaken: 5000,
      },
      'deliver-short-1',
    );
    expect(r.status).toBe(200);
    // 2480 x 2 = 4960 at 8%: tax 396 (rounded down once); 2000 at 10%: 200.
    const expected = 4960 + 396 + 2000 + 200;
    expect(r.data.order.invoice).toMatchObject({ amount: expected, paidAmount: 5000 });
    expect(r.data.order.slipNumber).toMatch(/^DS-\d{6}$/);
    invoiceId = r.data.order.invoice!._id;
    const inv = one<Record<string, unknown>>('SELECT * FROM invoice WHERE id = ?', invoiceId);
    expect(inv).toMatchObject({
      kind: 'delivery',
      customer_id: cashId,
      amount: expected,
      net8: 4960,
      tax8: 396,
      net10: 2000,
      tax10: 200,
      issue_date: today,
      due_date: today,
      assign_to_collect: driverId,
    });
    expect(inv.number).toMatch(/^INV-\d{6}$/);
    const lines = sql<{ name: string; quantity: number; amount: number; tax_rate: number }>(
      'SELECT name, quantity, amount, tax_rate FROM invoice_line WHERE invoice_id = ? ORDER BY position',
      invoiceId,
    );
    expect(lines).toEqual([
      { name: 'Basmati Rice 5kg', quantity: 2, amount: 4960, tax_rate: 8 },
      { name: 'Dish Detergent 4L', quantity: 2, amount: 2000, tax_rate: 10 },
    ]);
    const order = one<{ invoice_id: string; total: number }>(
      'SELECT invoice_id, total FROM customer_order WHERE id = ?',
      job.order._id,
    );
    expect(order).toEqual({ invoice_id: invoiceId, total: expected });
    const line = one<{ delivered_quantity: number; short_reason: string }>(
      'SELECT delivered_quantity, short_reason FROM order_line WHERE id = ?',
      rice._id,
    );
    expect(line).toEqual({ delivered_quantity: 2, short_reason: 'short' });
    const pay = one<{ amount: number; date: string; collected_by: string }>(
      'SELECT amount, date, collected_by FROM payment WHERE invoice_id = ?',
      invoiceId,
    );
    expect(pay).toEqual({ amount: 5000, date: today, collected_by: driverId });
  });

  it("the cash taken counts in the driver's handover of the day", async () => {
    const day = await query<{ total: number }>(driver, 'handovers.myDay', {});
    expect(day.status).toBe(200);
    expect(day.data.total).toBe(5000);
  });

  it('an issued invoice keeps its amount: editing it is refused, its note may change', async () => {
    const base = { id: invoiceId, customer: cashId, dueDate: today, assignToCollect: driverId };
    const r = await mutate(admin, 'invoices.update', { ...base, amount: 100, note: '' });
    expect(r.status).toBe(409);
    expect(r.code).toBe('invoice.issuedLocked');
    expect(
      one<{ amount: number }>('SELECT amount FROM invoice WHERE id = ?', invoiceId).amount,
    ).toBe(4960 + 396 + 2000 + 200);
    const del = await mutate(admin, 'invoices.delete', { id: invoiceId });
    expect(del.status).toBe(409);
    expect(del.code).toBe('invoice.issuedNoDelete');
    const ok = await mutate(admin, 'invoices.update', {
      ...base,
      amount: 4960 + 396 + 2000 + 200,
      note: 'rest next week',
    });
    expect(ok.status).toBe(200);
  });

  it('the same job delivered twice at the same moment is invoiced once', async () => {
    const j = await orderAndDispatch(cashCust, 1, 1);
    const [a, b] = await Promise.all([
      mutate(driver, 'ordertrack.deliver', { id: j._id, cashTaken: 1000 }, 'twice-a'),
      mutate(driver, 'ordertrack.deliver', { id: j._id, cashTaken: 1000 }, 'twice-b'),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(invoicesOfOrder(j.order._id)).toHaveLength(1);
    const paid = one<{ n: number; sum: number }>(
      `SELECT COUNT(*) AS n, SUM(p.amount) AS sum FROM payment p
         JOIN customer_order o ON o.invoice_id = p.invoice_id WHERE o.id = ?`,
      j.order._id,
    );
    expect(paid).toEqual({ n: 1, sum: 1000 });
  });
});

describe('the monthly closing run', () => {
  // Today: a closing runs once its date has come (a later date is refused, below). The monthly
  // customer closes on today's day of the month, paying on the 25th.
  const closingDate = isoDateInZone(new Date(), 'Asia/Tokyo');
  const orders: string[] = [];
  beforeAll(() => {
    t.db.$client
      .prepare('UPDATE customer SET closing_day = ? WHERE id = ?')
      .run(Number(closingDate.slice(8)), monthlyId);
  });

  it("a monthly customer's deliveries wait for the closing", async () => {
    for (const n of [1, 2]) {
      const j = await orderAndDispatch(monthlyCust, n, 1);
      const r = await mutate<Job>(driver, 'ordertrack.deliver', { id: j._id });
      expect(r.status).toBe(200);
      expect(r.data.order.invoice).toBeNull();
      expect(r.data.order.slipNumber).toMatch(/^DS-/);
      orders.push(j.order._id);
    }
    const cash = await mutate(driver, 'ordertrack.deliver', {
      id: (await orderAndDispatch(monthlyCust, 1, 0))._id,
      cashTaken: 100,
    });
    expect(cash.code).toBe('delivery.nothingToCollect');
  });

  it('the preview lists the customer, its orders and the amount with tax', async () => {
    const r = await query<{ customers: Record<string, unknown>[] }>(admin, 'closing.preview', {
      closingDate,
    });
    expect(r.status).toBe(200);
    const c = r.data.customers.find((x) => x.customerId === monthlyId);
    // 2480 x 3 = 7440 (+595 once), 1000 x 2 = 2000 (+200).
    expect(c).toMatchObject({
      orders: 2,
      amount: 7440 + 595 + 2000 + 200,
      closed: false,
      statement: true,
      handMade: 0,
      amountDue: 7440 + 595 + 2000 + 200,
    });
    expect(r.data.customers.some((x) => x.customerId === cashId)).toBe(false);
  });

  it('a closing date after today is refused, making nothing', async () => {
    const tomorrow = new Date(Date.parse(`${closingDate}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    const r = await mutate(admin, 'closing.run', { closingDate: tomorrow, customerId: monthlyId });
    expect(r.status).toBe(400);
    expect(r.code).toBe('invoice.closingInFuture');
    expect(one<{ n: number }>('SELECT COUNT(*) AS n FROM statement').n).toBe(0);
    for (const o of orders) expect(invoicesOfOrder(o)).toHaveLength(0);
  });

  it('two runs at the same moment invoice each order once', async () => {
    const [a, b] = await Promise.all([
      mutate<{ results: { customerId: string; invoiceId: string }[] }>(
        admin,
        'closing.run',
        { closingDate },
        'close-a',
      ),
      mutate<{ results: { customerId: string; invoiceId: string }[] }>(
        admin,
        'closing.run',
        { closingDate },
        'close-b',
      ),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const made = [...a.data.results, ...b.data.results].filter((r) => r.customerId === monthlyId);
    expect(made).toHaveLength(1);
    for (const o of orders) expect(invoicesOfOrder(o)).toHaveLength(1);
    const inv = one<Record<string, unknown>>(
      "SELECT * FROM invoice WHERE customer_id = ? AND kind = 'closing'",
      monthlyId,
    );
    // Due on the first 25th after the closing date.
    const [y, m, d] = closingDate.split('-').map(Number) as [number, number, number];
    const nextMonth = new Date(Date.UTC(y, d < 25 ? m - 1 : m, 25)).toISOString().slice(0, 10);
    expect(inv).toMatchObject({
      amount: 7440 + 595 + 2000 + 200,
      net8: 7440,
      tax8: 595,
      net10: 2000,
      tax10: 200,
      period_end: closingDate,
      issue_date: closingDate,
      due_date: nextMonth,
    });
    const st = sql<Record<string, unknown>>(
      'SELECT * FROM statement WHERE customer_id = ?',
      monthlyId,
    );
    expect(st).toHaveLength(1);
    expect(st[0]).toMatchObject({
      invoice_id: inv.id,
      period_amount: inv.amount,
      amount_due: inv.amount,
      previous_balance: 0,
      due_date: nextMonth,
    });
    expect(st[0]?.number).toMatch(/^ST-\d{6}$/);
  });

  it('running it again invoices nothing', async () => {
    const r = await mutate<{ invoiced: number }>(admin, 'closing.run', { closingDate });
    expect(r.data.invoiced).toBe(0);
    expect(
      one<{ n: number }>(
        "SELECT COUNT(*) AS n FROM invoice WHERE customer_id = ? AND kind = 'closing'",
        monthlyId,
      ).n,
    ).toBe(1);
  });

  it('the preview shows a closed customer with what its closing made, and the period it covered', async () => {
    const r = await query<{ customers: Record<string, unknown>[] }>(admin, 'closing.preview', {
      closingDate,
    });
    const st = one<{ id: string; number: string; period_start: string; invoice_id: string }>(
      'SELECT id, number, period_start, invoice_id FROM statement WHERE customer_id = ?',
      monthlyId,
    );
    const inv = one<{ number: string }>('SELECT number FROM invoice WHERE id = ?', st.invoice_id);
    const c = r.data.customers.find((x) => x.customerId === monthlyId);
    // Not "0 orders, ¥0": the two orders and the amount its invoice billed, and where to read it.
    expect(c).toMatchObject({
      closed: true,
      orders: 2,
      amount: 7440 + 595 + 2000 + 200,
      net8: 7440,
      tax8: 595,
      amountDue: 7440 + 595 + 2000 + 200,
      periodStart: st.period_start,
      periodEnd: closingDate,
      issued: {
        statementId: st.id,
        statementNumber: st.number,
        invoices: [{ id: st.invoice_id, number: inv.number }],
      },
    });
    // The run's total counts only what is still to close.
    expect((r.data as unknown as { total: number }).total).toBe(0);
    expect(String(c?.periodStart) <= String(c?.periodEnd)).toBe(true);
  });

  it('a cash customer cannot be closed', async () => {
    const r = await mutate(admin, 'closing.run', { closingDate, customerId: cashId });
    expect(r.status).toBe(400);
    expect(r.code).toBe('invoice.notMonthlyCustomer');
  });
});

describe('goods claims and credit notes', () => {
  let riceLine = '';
  let claimId = '';
  let firstInvoice = '';

  it('a claim for more than was delivered is refused', async () => {
    const row = one<{ id: string; invoice_id: string }>(
      `SELECT l.id, o.invoice_id FROM order_line l JOIN customer_order o ON o.id = l.order_id
        WHERE o.customer_id = ? AND l.delivered_quantity = 2`,
      cashId,
    );
    riceLine = row.id;
    firstInvoice = row.invoice_id;
    const r = await mutate(cashCust, 'claims.create', {
      orderLineId: riceLine,
      quantity: 3,
      reason: 'Torn bag',
    });
    expect(r.status).toBe(400);
    expect(r.code).toBe('claim.aboveDelivered');
    expect(one<{ n: number }>('SELECT COUNT(*) AS n FROM goods_claim').n).toBe(0);
  });

  it("another customer's line answers 404", async () => {
    const r = await mutate(other, 'claims.create', {
      orderLineId: riceLine,
      quantity: 1,
      reason: 'x',
    });
    expect(r.status).toBe(404);
  });

  it('a claim within 48 hours is taken, and listed for the office', async () => {
    const r = await mutate<{ _id: string; status: string }>(cashCust, 'claims.create', {
      orderLineId: riceLine,
      quantity: 1,
      reason: 'Torn bag, rice spilled',
    });
    expect(r.status).toBe(200);
    expect(r.data.status).toBe('pending');
    claimId = r.data._id;
    const list = await query<{ _id: string }[]>(admin, 'claims.list', { status: 'pending' });
    expect(list.data.map((c) => c._id)).toContain(claimId);
  });

  it('a claim after 48 hours is refused', async () => {
    const j = await orderAndDispatch(cashCust, 1, 1);
    await mutate(driver, 'ordertrack.deliver', { id: j._id });
    const old = new Date(Date.now() - 49 * 3600_000).toISOString();
    t.db.$client.prepare('UPDATE delivery_job SET delivered_at = ? WHERE id = ?').run(old, j._id);
    const line = j.order.orderItems[0]!;
    const r = await mutate(cashCust, 'claims.create', {
      orderLineId: line._id,
      quantity: 1,
      reason: 'Late',
    });
    expect(r.status).toBe(400);
    expect(r.code).toBe('claim.windowClosed');
  });

  it('an order dispatched days before its driver delivered it can be reported on', async () => {
    // The order was handed to the driver ten days ago (customer_order.delivered_at) and reached
    // the restaurant just now: the 48 hours run from the delivery, and the screen lists it.
    const j = await orderAndDispatch(cashCust, 1, 1);
    await mutate(driver, 'ordertrack.deliver', { id: j._id });
    const dispatched = new Date(Date.now() - 10 * 86_400_000).toISOString();
    t.db.$client
      .prepare('UPDATE customer_order SET delivered_at = ? WHERE id = ?')
      .run(dispatched, j.order._id);
    const list = await query<{ orderId: string }[]>(cashCust, 'claims.claimable');
    expect(list.status).toBe(200);
    expect(list.data.map((o) => o.orderId)).toContain(j.order._id);
  });

  it('approving a claim issues a credit note with its tax per rate', async () => {
    const r = await mutate<{ status: string; creditNoteId: string; creditNoteNumber: string }>(
      admin,
      'claims.decide',
      { id: claimId, approve: true, note: 'Photo checked' },
    );
    expect(r.status).toBe(200);
    expect(r.data.status).toBe('approved');
    expect(r.data.creditNoteNumber).toMatch(/^CN-\d{6}$/);
    const cn = await query<Record<string, unknown>>(admin, 'creditNotes.byId', {
      id: r.data.creditNoteId,
    });
    // 2480 at 8%: tax 198 (198.4 rounded down).
    expect(cn.data).toMatchObject({
      invoiceId: firstInvoice,
      net8: 2480,
      tax8: 198,
      total: 2678,
      appliedToInvoiceId: null,
    });
    // Its document names the unit the delivered line had (before: a bare quantity).
    const doc = await query<{ lines: { quantity: number; sku: string }[] }>(
      admin,
      'documents.model',
      { kind: 'creditNote', id: r.data.creditNoteId },
    );
    expect(doc.data.lines).toMatchObject([{ quantity: 1, sku: 'Bag' }]);
    const again = await mutate(admin, 'claims.decide', { id: claimId, approve: false });
    expect(again.status).toBe(409);
  });

  it("another customer's or a missing credit note is not found, with its own code", async () => {
    const cn = one<{ id: string; customerId: string }>(
      'SELECT id, customer_id AS customerId FROM credit_note ORDER BY number LIMIT 1',
    );
    expect([cashId, monthlyId]).toContain(cn.customerId);
    const owner = cn.customerId === cashId ? cashCust : monthlyCust;
    expect((await query(owner, 'creditNotes.byId', { id: cn.id })).status).toBe(200);
    const theirs = await query(other, 'creditNotes.byId', { id: cn.id });
    expect(theirs.status).toBe(404);
    expect(theirs.code).toBe('creditNote.notFound');
    const missing = await query(admin, 'creditNotes.byId', { id: 'no-such-credit-note' });
    expect(missing.status).toBe(404);
    expect(missing.code).toBe('creditNote.notFound');
    for (const tree of [en, ne, ja]) expect(tree.errors.creditNote.notFound).toBeTruthy();
  });

  it("the office's credit note form lists what each line billed and what was taken back", async () => {
    const r = await query<{
      number: string;
      lines: { name: string; sku: string; invoiced: number; credited: number; date?: string }[];
    }>(admin, 'creditNotes.creditable', { invoiceId: firstInvoice });
    expect(r.status).toBe(200);
    // Each line's delivery day: a month's invoice bills the same product on several days.
    const delivered = one<{ date: string }>(
      "SELECT date FROM invoice_line WHERE invoice_id = ? AND name LIKE 'Basmati%'",
      firstInvoice,
    ).date;
    expect(delivered).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(r.data.lines.find((l) => l.name.startsWith('Basmati'))).toMatchObject({
      sku: 'Bag',
      invoiced: 2,
      credited: 1,
      date: delivered,
    });
    expect(
      (await query(driver, 'creditNotes.creditable', { invoiceId: firstInvoice })).status,
    ).toBe(403);
  });

  it('a credit note above what it corrects is refused', async () => {
    const il = one<{ id: string }>(
      "SELECT id FROM invoice_line WHERE invoice_id = ? AND name LIKE 'Basmati%'",
      firstInvoice,
    );
    const r = await mutate(admin, 'creditNotes.create', {
      invoiceId: firstInvoice,
      reason: 'Price corrected',
      lines: [{ invoiceLineId: il.id, quantity: 2 }],
    });
    expect(r.status).toBe(400);
    expect(r.code).toBe('claim.creditAboveInvoiced');
    // The same line named twice, each within what is left (1), adds up to more than is left.
    const twice = await mutate(admin, 'creditNotes.create', {
      invoiceId: firstInvoice,
      reason: 'Price corrected',
      lines: [
        { invoiceLineId: il.id, quantity: 1 },
        { invoiceLineId: il.id, quantity: 1 },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.code).toBe('claim.creditAboveInvoiced');
    expect(one<{ n: number }>('SELECT COUNT(*) AS n FROM credit_note').n).toBe(1);
  });

  it("the credit note is deducted on the customer's next delivery invoice, and the driver's card already says so", async () => {
    const j = await orderAndDispatch(cashCust, 3, 0);
    // The phone shows the cash to collect after the credit note, and can work it out again
    // for a short delivery from the credit notes it is given.
    expect(j.amountToCollect).toBe(8035 - 2678);
    expect(j.order.credits.map((c) => c.total)).toEqual([2678]);
    const route = await query<{ stops: { customerId: string; amountToCollect: number }[] }>(
      driver,
      'ordertrack.driverRoute',
      { driverId },
    );
    expect(route.data.stops.find((s) => s.customerId === cashId)?.amountToCollect).toBe(
      8035 - 2678,
    );
    // Collecting exactly what the card says is taken (before, the card asked for 8035 and the
    // server refused it as more than the invoice).
    const r = await mutate<Job>(driver, 'ordertrack.deliver', {
      id: j._id,
      cashTaken: j.amountToCollect,
    });
    expect(r.status).toBe(200);
    expect(r.data.order.invoice?.paidAmount).toBe(8035 - 2678);
    expect(r.data.amountToCollect).toBe(0);
    // The receipt of the cash taken is on the job, for the driver's phone to open.
    expect(r.data.order.invoice?.receipts).toMatchObject([{ amount: 8035 - 2678 }]);
    expect(r.data.order.credits).toEqual([]);
    // 7440 + 595 = 8035, less the credit note's 2678.
    expect(r.data.order.invoice?.amount).toBe(8035 - 2678);
    const inv = one<{ credit_applied: number }>(
      'SELECT credit_applied FROM invoice WHERE id = ?',
      r.data.order.invoice!._id,
    );
    expect(inv.credit_applied).toBe(2678);
    const cn = one<{ applied_to_invoice_id: string; number: string }>(
      'SELECT applied_to_invoice_id, number FROM credit_note',
    );
    expect(cn.applied_to_invoice_id).toBe(r.data.order.invoice!._id);
    // The invoice names the credit note it deducts, so the customer can match the two.
    const doc = await admin.get<{ references: { label: string; value: string }[] }>(
      `/api/documents/invoice/${r.data.order.invoice!._id}`,
    );
    expect(doc.body.references).toEqual([{ label: 'creditNotesDeducted', value: cn.number }]);
  });
});
