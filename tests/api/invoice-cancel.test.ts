import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryCalendar } from '../../server/settings/settings';
import { isoDateInZone } from '../../shared/format';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { pdfTextAt as pdfText } from '../helpers/pdf';
import { mutate, query } from '../helpers/trpc';

// Cancelling an issued invoice (ADR 034), over HTTP on the real app: the office gives a reason,
// the number stays used, the orders are billed again (a cash delivery at once, a closing's at the
// next closing run), an invoice with payments is refused, two cancels at once make one, and a
// cancelled invoice leaves dues, aging, overdue and the tax summary. Also the closing's statement
// counting the hand-made invoices of its period (ADR 034, amending ADR 033).

let t: TestApp;
let admin: ApiClient;
let driver: ApiClient;
let cashCust: ApiClient;
let monthlyCust: ApiClient;
let driverId = '';
let cashId = '';
let monthlyId = '';
let date = '';
let today = '';
const p: Record<string, { id: string }> = {};

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
  await admin.login(adm.username, adm.password);
  await driver.login(dr.username, dr.password);
  await cashCust.login(c1.username, c1.password);
  await monthlyCust.login(c2.username, c2.password);
});
afterAll(() => t.close());

interface Job {
  _id: string;
  order: { _id: string; invoice: { _id: string; number: string; amount: number } | null };
}

/** Places an order as the customer, dispatches it and delivers it: the delivered job. */
async function deliver(c: ApiClient, rice: number, soap: number, cashTaken?: number) {
  const placed = await c.post<{ _id: string }>('/api/orders', {
    orderItems: [
      { product: p.rice!.id, quantity: rice },
      { product: p.soap!.id, quantity: soap },
    ],
    deliveryDate: date,
  });
  expect(placed.status).toBe(201);
  expect((await mutate(admin, 'orders.dispatch', { id: placed.body._id, driverId })).status).toBe(
    200,
  );
  const jobs = await query<Job[]>(driver, 'ordertrack.driverPending', { driverId, keyword: '' });
  const job = jobs.data.find((j) => j.order?._id === placed.body._id)!;
  const r = await mutate<Job>(driver, 'ordertrack.deliver', {
    id: job._id,
    ...(cashTaken !== undefined ? { cashTaken } : {}),
  });
  expect(r.status).toBe(200);
  return r.data;
}

interface Cancelled {
  invoice: { _id: string; number: string; cancelled: { by: string; reason: string } | null };
  reissued: { id: string; number: string } | null;
}

const monthEnd = (offset: number) => {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m + offset, 0)).toISOString().slice(0, 10);
};

describe('cancelling a cash delivery invoice', () => {
  let job: Job;
  let oldId = '';
  let oldNumber = '';
  let newId = '';
  // 2480 x 2 = 4960 at 8% (+396), 1000 x 1 at 10% (+100).
  const amount = 4960 + 396 + 1000 + 100;

  it('an invoice with payments on it is refused, changing nothing', async () => {
    const paid = await deliver(cashCust, 1, 1, 1000);
    const r = await mutate(admin, 'invoices.cancel', {
      id: paid.order.invoice!._id,
      reason: 'Wrong customer',
    });
    expect(r.status).toBe(409);
    expect(r.code).toBe('invoice.cancelHasPayments');
    expect(
      one<{ c: string | null }>(
        'SELECT cancelled_at AS c FROM invoice WHERE id = ?',
        paid.order.invoice!._id,
      ).c,
    ).toBeNull();
  });

  it('an invoice from before numbering is refused (it is deleted instead), changing nothing', async () => {
    const made = await mutate<{ _id: string }>(admin, 'invoices.create', {
      customer: cashId,
      amount: 3300,
    });
    expect(made.status).toBe(200);
    // As a database from before document numbers holds it.
    t.db.$client.prepare('UPDATE invoice SET number = NULL WHERE id = ?').run(made.data._id);
    const r = await mutate(admin, 'invoices.cancel', { id: made.data._id, reason: 'Typed twice' });
    expect(r.status).toBe(409);
    expect(r.code).toBe('invoice.cancelUnnumbered');
    expect(
      one<{ c: string | null }>('SELECT cancelled_at AS c FROM invoice WHERE id = ?', made.data._id)
        .c,
    ).toBeNull();
    expect((await mutate(admin, 'invoices.delete', { id: made.data._id })).status).toBe(200);
  });

  it('a reason is required, and drivers may not cancel', async () => {
    job = await deliver(cashCust, 2, 1);
    oldId = job.order.invoice!._id;
    oldNumber = job.order.invoice!.number;
    const blank = await mutate(admin, 'invoices.cancel', { id: oldId, reason: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.code).toBe('invoice.cancelReasonRequired');
    const byDriver = await mutate(driver, 'invoices.cancel', { id: oldId, reason: 'x' });
    expect(byDriver.status).toBe(403);
    const missing = await mutate(admin, 'invoices.cancel', { id: 'nope', reason: 'x' });
    expect(missing.status).toBe(404);
  });

  it('cancels with who and why, keeps the number, and re-issues the delivery at once', async () => {
    const dues = await query<{ totalDues: number }>(admin, 'invoices.byCustomer', {
      customerId: cashId,
    });
    // Delivered weeks ago: its due date has passed.
    t.db.$client.prepare("UPDATE invoice SET due_date = '2026-09-08' WHERE id = ?").run(oldId);
    const r = await admin.post<Cancelled>(`/api/invoice/${oldId}/cancel`, {
      reason: 'Billed to the old company name',
    });
    expect(r.status).toBe(200);
    expect(r.body.invoice.cancelled).toMatchObject({ reason: 'Billed to the old company name' });
    expect(r.body.invoice.cancelled?.by).toBeTruthy();
    expect(r.body.invoice.number).toBe(oldNumber);
    const row = one<Record<string, unknown>>('SELECT * FROM invoice WHERE id = ?', oldId);
    expect(row).toMatchObject({
      number: oldNumber,
      cancel_reason: 'Billed to the old company name',
    });
    expect(row.cancelled_at).toBeTruthy();
    expect(row.cancelled_by).toBeTruthy();
    // The corrected invoice: a new number (the cancelled one is never given again), same order.
    expect(r.body.reissued).not.toBeNull();
    newId = r.body.reissued!.id;
    expect(r.body.reissued!.number > oldNumber).toBe(true);
    const order = one<{ invoice_id: string }>(
      'SELECT invoice_id FROM customer_order WHERE id = ?',
      job.order._id,
    );
    expect(order.invoice_id).toBe(newId);
    expect(
      one<{ amount: number; kind: string }>('SELECT amount, kind FROM invoice WHERE id = ?', newId),
    ).toEqual({
      amount,
      kind: 'delivery',
    });
    // Issued today, but due when the cancelled one was: the correction does not give the
    // customer more time, so it stays overdue and in the same aging bucket.
    expect(
      one<Record<string, unknown>>('SELECT issue_date, due_date FROM invoice WHERE id = ?', newId),
    ).toEqual({ issue_date: today, due_date: '2026-09-08' });
    const overdue = await query<{ customerId: string }[]>(admin, 'invoices.overdueCustomers');
    expect(overdue.data.map((c) => c.customerId)).toContain(cashId);
    // The customer owes the delivery once, not twice.
    const after = await query<{ totalDues: number }>(admin, 'invoices.byCustomer', {
      customerId: cashId,
    });
    expect(after.data.totalDues).toBe(dues.data.totalDues);
  });

  it('a cancelled invoice takes no payment, no second cancel, no deletion', async () => {
    const pay = await mutate(admin, 'invoices.pay', { invoiceId: oldId, amount: 100, date: today });
    expect(pay.status).toBe(409);
    expect(pay.code).toBe('invoice.alreadyCancelled');
    const again = await mutate(admin, 'invoices.cancel', { id: oldId, reason: 'again' });
    expect(again.status).toBe(409);
    expect(again.code).toBe('invoice.alreadyCancelled');
    const del = await mutate(admin, 'invoices.delete', { id: oldId });
    expect(del.status).toBe(409);
  });

  it('leaves the open lists and the driver’s collection; is found, marked, in Done', async () => {
    const open = await query<{ invoices: { _id: string }[] }>(admin, 'invoices.list', {
      kind: 'all',
    });
    expect(open.data.invoices.map((i) => i._id)).not.toContain(oldId);
    expect(open.data.invoices.map((i) => i._id)).toContain(newId);
    const mine = await query<{ invoices: { _id: string }[] }>(driver, 'invoices.mine');
    expect(mine.data.invoices.map((i) => i._id)).not.toContain(oldId);
    const done = await query<{ invoices: { _id: string; cancelled: unknown }[] }>(
      admin,
      'invoices.completed',
      { keyword: 'Himalaya' },
    );
    expect(done.data.invoices.find((i) => i._id === oldId)?.cancelled).toBeTruthy();
    const aging = await query<{ customers: { customerId: string; total: number }[] }>(
      admin,
      'invoices.aging',
    );
    const owed = one<{ s: number }>(
      `SELECT SUM(amount - paid_amount) AS s FROM invoice
        WHERE customer_id = ? AND cancelled_at IS NULL`,
      cashId,
    ).s;
    expect(aging.data.customers.find((c) => c.customerId === cashId)?.total).toBe(owed);
  });

  it('the PDF of the cancelled invoice says so, with the reason', async () => {
    const text = await pdfText(admin, `/api/documents/invoice/${oldId}.pdf`);
    expect(text).toMatch(/取消|CANCELLED/);
    expect(text).toContain('Billed to the old company name');
    const live = await pdfText(admin, `/api/documents/invoice/${newId}.pdf`);
    expect(live).not.toMatch(/取消|CANCELLED/);
  });

  it('the tax summary: cancelled in the month it was issued, the invoice nets to zero', async () => {
    const month = today.slice(0, 7);
    const r = await query<{
      totals: { total: number; invoices: number; cancelledInvoices: number };
    }>(admin, 'reports.taxSummary', { from: month, to: month });
    const live = one<{ s: number; n: number }>(
      `SELECT SUM(amount + credit_applied) AS s, COUNT(*) AS n FROM invoice
        WHERE cancelled_at IS NULL AND substr(issue_date, 1, 7) = ?`,
      month,
    );
    const cancelled = one<{ n: number }>(
      `SELECT COUNT(*) AS n FROM invoice
        WHERE cancelled_at IS NOT NULL AND substr(issue_date, 1, 7) = ?`,
      month,
    );
    // Counted issued and cancelled (ADR 054): the figures are the live invoices'.
    expect(r.data.totals.invoices).toBe(live.n + cancelled.n);
    expect(r.data.totals.cancelledInvoices).toBe(cancelled.n);
    expect(r.data.totals.total).toBe(live.s);
  });

  it('two cancels at the same moment: one succeeds, the other is refused', async () => {
    const j = await deliver(cashCust, 1, 1);
    const id = j.order.invoice!._id;
    const [a, b] = await Promise.all([
      mutate(admin, 'invoices.cancel', { id, reason: 'first' }),
      mutate(admin, 'invoices.cancel', { id, reason: 'second' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    // One corrected invoice for the order, not two.
    const n = one<{ n: number }>(
      `SELECT COUNT(DISTINCT invoice_id) AS n FROM invoice_line l JOIN invoice i ON i.id = l.invoice_id
        WHERE l.order_id = ? AND i.cancelled_at IS NULL`,
      j.order._id,
    ).n;
    expect(n).toBe(1);
  });
});

describe('overdue and credit hold leave a cancelled invoice out', () => {
  it('an old unpaid hand-made invoice makes the customer overdue until it is cancelled', async () => {
    // The re-issued delivery invoice above is still due on its old date: paid here, so that
    // only this test's invoice can make the customer overdue.
    const open = t.db.$client
      .prepare<[string, string], { id: string; owed: number }>(
        `SELECT id, amount - paid_amount AS owed FROM invoice
          WHERE customer_id = ? AND due_date < ? AND cancelled_at IS NULL AND paid_amount < amount`,
      )
      .all(cashId, today);
    expect(open.length).toBe(1);
    for (const inv of open) {
      const paid = await mutate(admin, 'invoices.pay', {
        invoiceId: inv.id,
        amount: inv.owed,
        date: today,
      });
      expect(paid.status).toBe(200);
    }
    const old = new Date(Date.parse(`${today}T00:00:00Z`) - 100 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const made = await mutate<{ _id: string }>(admin, 'invoices.create', {
      customer: cashId,
      amount: 12345,
      dueDate: today,
    });
    expect(made.status).toBe(200);
    // Issued 100 days ago and due then (a new invoice cannot be due before it is issued).
    t.db.$client
      .prepare('UPDATE invoice SET issue_date = ?, due_date = ? WHERE id = ?')
      .run(old, old, made.data._id);
    const before = await query<{ customerId: string }[]>(admin, 'invoices.overdueCustomers');
    expect(before.data.map((c) => c.customerId)).toContain(cashId);
    const r = await mutate(admin, 'invoices.cancel', { id: made.data._id, reason: 'Duplicate' });
    expect(r.status).toBe(200);
    const after = await query<{ customerId: string }[]>(admin, 'invoices.overdueCustomers');
    expect(after.data.map((c) => c.customerId)).not.toContain(cashId);
    const banner = await query<{ overdue: boolean }>(cashCust, 'invoices.myOverdue');
    expect(banner.data.overdue).toBe(false);
  });
});

describe('the payment-day list and the follow-ups leave a cancelled invoice out', () => {
  it('a monthly hand-made invoice with a follow-up leaves both once cancelled', async () => {
    const made = await mutate<{ _id: string }>(admin, 'invoices.create', {
      customer: monthlyId,
      amount: 7777,
      dueDate: today,
    });
    expect(made.status).toBe(200);
    const id = made.data._id;
    const note = await admin.post(`/api/invoice/${id}/note`, {
      note: 'Will pay at the month end',
      date: today,
      nextFollowUp: '2099-01-05',
    });
    expect(note.status).toBe(201);
    const onDay = async () =>
      (
        await admin.get<{ invoices: { _id: string }[]; totalAmountToCollect: number }>(
          '/api/invoice/date?paymentDate=25',
        )
      ).body;
    const follow = async () =>
      (await admin.get<{ invoice: { _id: string } }[]>('/api/invoice/followups')).body.map(
        (w) => w.invoice._id,
      );
    const before = await onDay();
    expect(before.invoices.map((i) => i._id)).toContain(id);
    expect(await follow()).toContain(id);
    expect((await mutate(admin, 'invoices.cancel', { id, reason: 'Typed twice' })).status).toBe(
      200,
    );
    const after = await onDay();
    expect(after.invoices.map((i) => i._id)).not.toContain(id);
    expect(after.totalAmountToCollect).toBe(before.totalAmountToCollect - 7777);
    expect(await follow()).not.toContain(id);
  });
});

describe('a closing invoice cancelled, and hand-made invoices on the statement', () => {
  let orderId = '';
  let manualId = '';
  let closingId = '';
  let closingAmount = 0;

  // Last month's business, closed at its end; the next closing is today's, for this customer
  // alone (a closing date must have come).
  let lastMonthEnd = '';
  let lastMonthDay = '';
  beforeAll(() => {
    lastMonthEnd = monthEnd(-1);
    lastMonthDay = `${lastMonthEnd.slice(0, 8)}15`;
  });

  it("the statement counts the period's hand-made invoice with the closing invoice", async () => {
    const j = await deliver(monthlyCust, 1, 1);
    orderId = j.order._id;
    const made = await mutate<{ _id: string }>(admin, 'invoices.create', {
      customer: monthlyId,
      amount: 5000,
      note: 'Freezer rental',
    });
    expect(made.status).toBe(200);
    manualId = made.data._id;
    // Both happened on the 15th of last month.
    const at = `${lastMonthDay}T03:00:00.000Z`;
    t.db.$client
      .prepare('UPDATE delivery_job SET delivered_at = ? WHERE order_id = ?')
      .run(at, orderId);
    t.db.$client
      .prepare('UPDATE customer_order SET delivered_at = ? WHERE id = ?')
      .run(at, orderId);
    t.db.$client
      .prepare('UPDATE invoice SET issue_date = ?, created_at = ? WHERE id = ?')
      .run(lastMonthDay, at, manualId);
    const r = await mutate<{ results: { customerId: string; invoiceId: string }[] }>(
      admin,
      'closing.run',
      { closingDate: lastMonthEnd },
    );
    expect(r.status).toBe(200);
    closingId = r.data.results.find((x) => x.customerId === monthlyId)!.invoiceId;
    closingAmount = one<{ amount: number }>(
      'SELECT amount FROM invoice WHERE id = ?',
      closingId,
    ).amount;
    const st = one<Record<string, unknown>>(
      'SELECT * FROM statement WHERE customer_id = ? AND closing_date = ?',
      monthlyId,
      lastMonthEnd,
    );
    expect(st).toMatchObject({
      previous_balance: 0,
      period_amount: closingAmount + 5000,
      amount_due: closingAmount + 5000,
    });
    expect(
      one<{ s: string }>('SELECT statement_id AS s FROM invoice WHERE id = ?', manualId).s,
    ).toBe(st.id);
    const manualNumber = one<{ n: string }>(
      'SELECT number AS n FROM invoice WHERE id = ?',
      manualId,
    ).n;
    expect(await pdfText(admin, `/api/documents/statement/${st.id}.pdf`)).toContain(manualNumber);
    // Its figures add both documents up: the hand-made invoice's line and tax are in them.
    const model = await query<{
      total: number;
      tax: number;
      lines: { name: string; amount: number }[];
      statement: { byDate: { date: string; amount: number }[] };
    }>(admin, 'documents.model', { kind: 'statement', id: st.id });
    expect(model.data.total).toBe(closingAmount + 5000);
    expect(model.data.lines.some((l) => l.name.startsWith(manualNumber))).toBe(true);
    const byDate = model.data.statement.byDate.reduce((sum, d) => sum + d.amount, 0);
    expect(byDate).toBe(model.data.lines.reduce((sum, l) => sum + l.amount, 0));
  });

  it('cancelling the closing invoice frees its orders; the next closing bills them once', async () => {
    const r = await mutate<Cancelled>(admin, 'invoices.cancel', {
      id: closingId,
      reason: 'Wrong closing day',
    });
    expect(r.status).toBe(200);
    expect(r.data.reissued).toBeNull();
    expect(
      one<{ i: string | null }>('SELECT invoice_id AS i FROM customer_order WHERE id = ?', orderId)
        .i,
    ).toBeNull();
    const next = await mutate<{ results: { customerId: string; invoiceId: string }[] }>(
      admin,
      'closing.run',
      { closingDate: today, customerId: monthlyId },
    );
    const res = next.data.results.find((x) => x.customerId === monthlyId)!;
    expect(res.invoiceId).toBeTruthy();
    expect(
      one<{ i: string }>('SELECT invoice_id AS i FROM customer_order WHERE id = ?', orderId).i,
    ).toBe(res.invoiceId);
    const st = one<Record<string, unknown>>(
      'SELECT * FROM statement WHERE customer_id = ? AND closing_date = ?',
      monthlyId,
      today,
    );
    // The earlier statement's balance less the cancelled invoice; the manual one not again.
    expect(st).toMatchObject({
      previous_balance: 5000,
      payments_received: 0,
      carried_over: 5000,
      period_amount: closingAmount,
      amount_due: 5000 + closingAmount,
    });
  });
});

describe("a customer's first statement brings forward only what was owed before its period", () => {
  let customerId = '';
  let earlier = '';
  let lastMonthEnd = '';
  let lastMonthDay = '';
  const typed = async (amount: number, issueDate: string) => {
    const made = await mutate<{ _id: string }>(admin, 'invoices.create', {
      customer: customerId,
      amount,
      note: 'Freezer rental',
    });
    expect(made.status).toBe(200);
    t.db.$client
      .prepare('UPDATE invoice SET issue_date = ?, created_at = ? WHERE id = ?')
      .run(issueDate, `${issueDate}T03:00:00.000Z`, made.data._id);
    return made.data._id;
  };
  const statementOn = (closingDate: string) =>
    t.db.$client
      .prepare('SELECT * FROM statement WHERE customer_id = ? AND closing_date = ?')
      .get(customerId, closingDate) as Record<string, unknown> | undefined;

  beforeAll(async () => {
    const c = await makeCustomer(t.db, {
      restaurantName: 'Everest Dining',
      paymentMethod: 'monthly',
    });
    customerId = c.id;
    t.db.$client
      .prepare("UPDATE customer SET closing_day = 31, payment_date = '25' WHERE id = ?")
      .run(customerId);
    earlier = monthEnd(-2);
    lastMonthEnd = monthEnd(-1);
    lastMonthDay = `${lastMonthEnd.slice(0, 8)}15`;
  });

  it('a closing before any invoice was issued asks for nothing, though invoices issued later exist', async () => {
    const first = await typed(8000, lastMonthDay);
    await typed(3000, today);
    const preview = await query<{ customers: Record<string, unknown>[] }>(
      admin,
      'closing.preview',
      { closingDate: earlier, customerId },
    );
    expect(preview.data.customers[0]).toMatchObject({ statement: false, amountDue: 0 });
    const r = await mutate<{ results: unknown[] }>(admin, 'closing.run', {
      closingDate: earlier,
      customerId,
    });
    expect(r.status).toBe(200);
    // Before, the later invoices (¥11,000) were brought forward onto this statement.
    expect(r.data.results).toEqual([]);
    expect(statementOn(earlier)).toBeUndefined();
    expect(
      one<{ s: string | null }>('SELECT statement_id AS s FROM invoice WHERE id = ?', first).s,
    ).toBeNull();
  });

  it("last month's statement counts last month's invoice, not today's", async () => {
    const r = await mutate(admin, 'closing.run', { closingDate: lastMonthEnd, customerId });
    expect(r.status).toBe(200);
    expect(statementOn(lastMonthEnd)).toMatchObject({
      previous_balance: 0,
      payments_received: 0,
      period_amount: 8000,
      amount_due: 8000,
    });
  });

  it("today's statement: last month's balance paid, today's invoice due", async () => {
    const inv = one<{ id: string }>(
      'SELECT id FROM invoice WHERE customer_id = ? AND amount = 8000',
      customerId,
    );
    const pay = await mutate(admin, 'invoices.pay', {
      invoiceId: inv.id,
      amount: 8000,
      date: today,
    });
    expect(pay.status).toBe(200);
    const r = await mutate(admin, 'closing.run', { closingDate: today, customerId });
    expect(r.status).toBe(200);
    expect(statementOn(today)).toMatchObject({
      previous_balance: 8000,
      payments_received: 8000,
      carried_over: 0,
      period_amount: 3000,
      amount_due: 3000,
    });
  });
});
