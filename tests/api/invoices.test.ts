import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as xlsxModule from 'xlsx';
import { isoDateInZone } from '../../shared/format';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  makeAdmin,
  makeCustomer,
  makeEmployee,
  makeInvoice,
  makeRoute,
} from '../helpers/factories';
import { ApiClient } from '../helpers/http';

const XLSX: typeof xlsxModule =
  (xlsxModule as { default?: typeof xlsxModule }).default ?? xlsxModule;

type Invoice = {
  _id: string;
  amount: number;
  paidAmount: number;
  pendingAmount: number;
  status: string;
  overdue: boolean;
  customer: { _id: string; restaurantName: string } | null;
  payments: { _id: string; amount: number; date: string; collectedBy: string }[];
  notes: { note: string; notesBy: string; nextFollowUp: string | null }[];
  code?: string;
  issues?: Record<string, string>;
  message?: string;
};
type Page = { invoices: Invoice[]; page: number; pages: number };

let t: TestApp;
let admin: ApiClient;
let manager: ApiClient;
let d1: ApiClient;
let d2: ApiClient;
let cust: ApiClient;
let anon: ApiClient;
let driver1 = { id: '', username: '' };
let driver2 = { id: '', username: '' };
let cashCustomer = '';
let monthlyCustomer = '';
let routeId = '';
let today = '';

beforeAll(async () => {
  t = await startTestApp();
  today = isoDateInZone(new Date(), t.config.timeZone);
  const a = await makeAdmin(t.db);
  const m = await makeEmployee(t.db, 'manager');
  const e1 = await makeEmployee(t.db, 'driver');
  const e2 = await makeEmployee(t.db, 'driver');
  driver1 = e1;
  driver2 = e2;
  routeId = makeRoute(t.db, 'Shinjuku').id;
  const c1 = await makeCustomer(t.db, {
    restaurantName: '=HYPERLINK("http://x","y")',
    routeId,
  });
  const c2 = await makeCustomer(t.db, { restaurantName: 'Monthly Momo', paymentMethod: 'monthly' });
  t.db.$client.prepare("UPDATE customer SET payment_date = '25' WHERE id = ?").run(c2.id);
  cashCustomer = c1.id;
  monthlyCustomer = c2.id;
  // Bearer tokens for the staff and drivers, as the spec's invoice calls send them.
  const bearer = async (u: { username: string; password: string }) => {
    const token = (await new ApiClient(t.url).login(u.username, u.password)).token;
    return new ApiClient(t.url, { bearer: token });
  };
  admin = await bearer(a);
  manager = await bearer(m);
  d1 = await bearer(e1);
  d2 = await bearer(e2);
  cust = new ApiClient(t.url);
  await cust.login(c1.username, c1.password);
  anon = new ApiClient(t.url);
});
afterAll(() => t.close());

const create = (c: ApiClient, body: Record<string, unknown>) =>
  c.post<Invoice>('/api/invoice', body);

describe('invoices: create, read, lists', () => {
  it('creates an invoice assigned to a driver; status and pending are derived', async () => {
    const r = await create(admin, {
      customer: cashCustomer,
      amount: 12000,
      dueDate: today,
      note: ' first ',
      assignToCollect: driver1.id,
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      amount: 12000,
      paidAmount: 0,
      pendingAmount: 12000,
      status: 'Pending',
      note: 'first',
      payments: [],
    });
  });

  it('refuses a missing customer or amount with the form codes', async () => {
    const r = await create(admin, { amount: '' });
    expect(r.status).toBe(400);
    expect(r.body.issues).toMatchObject({ customer: 'common.required', amount: 'common.required' });
    expect(r.body.message).toBe('This field is required.');
    const neg = await create(admin, { customer: cashCustomer, amount: -5 });
    expect(neg.body.code).toBe('invoice.amountPositive');
    const frac = await create(admin, { customer: cashCustomer, amount: 10.5 });
    expect(frac.body.code).toBe('invoice.amountWhole');
    const unknown = await create(admin, { customer: 'nope', amount: 10 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('invoice.customerNotFound');
  });

  it('lists by kind without /all, /cash, /monthly, /completed or /date being taken for an id', async () => {
    await create(manager, { customer: monthlyCustomer, amount: 3000, dueDate: today });
    const cash = await admin.get<Page>('/api/invoice/cash');
    const monthly = await admin.get<Page>('/api/invoice/monthly');
    const all = await admin.get<Page>('/api/invoice/all?pageNumber=1');
    expect(cash.status).toBe(200);
    expect(cash.body.invoices.every((i) => i.customer?._id === cashCustomer)).toBe(true);
    expect(monthly.body.invoices.map((i) => i.customer?._id)).toEqual([monthlyCustomer]);
    expect(all.body.invoices.length).toBe(cash.body.invoices.length + 1);
    expect(
      (await admin.get<Page>('/api/invoice/completed?keyword=&pageNumber=1')).body,
    ).toMatchObject({
      page: 1,
      invoices: [],
    });
    const day = await admin.get<{ invoices: Invoice[]; totalAmountToCollect: number }>(
      '/api/invoice/date?paymentDate=25',
    );
    expect(day.status).toBe(200);
    expect(day.body.totalAmountToCollect).toBe(3000);
    expect((await admin.get('/api/invoice/date?paymentDate=32')).status).toBe(400);
    const byCustomer = await admin.get<{ invoices: Invoice[]; totalDues: number }>(
      `/api/invoice/customer/${cashCustomer}`,
    );
    expect(byCustomer.body.totalDues).toBe(12000);
  });

  it('refuses customers (403) and visitors (401) on every invoice path', async () => {
    const paths = [
      '/api/invoice/all',
      '/api/invoice/cash',
      '/api/invoice/monthly',
      '/api/invoice/completed',
      '/api/invoice/date?paymentDate=25',
      `/api/invoice/customer/${cashCustomer}`,
      `/api/invoice/assigned/${driver1.id}`,
      `/api/invoice/driver/${driver1.id}`,
      '/api/invoice/aging',
      '/api/invoice/forecast',
    ];
    for (const p of paths) {
      expect((await cust.get(p)).status, p).toBe(403);
      expect((await anon.get(p)).status, p).toBe(401);
    }
    expect((await cust.post('/api/invoice', { customer: cashCustomer, amount: 1 })).status).toBe(
      403,
    );
    expect((await anon.post('/api/invoice', { customer: cashCustomer, amount: 1 })).status).toBe(
      401,
    );
    // Drivers read what is assigned to them, but do not see the office's lists.
    expect((await d1.get('/api/invoice/all')).status).toBe(403);
    expect((await d1.post('/api/invoice', { customer: cashCustomer, amount: 1 })).status).toBe(403);
  });
});

describe('payments, notes and the driver scope', () => {
  let inv: Invoice;
  beforeAll(async () => {
    inv = (
      await create(admin, { customer: cashCustomer, amount: 5000, assignToCollect: driver1.id })
    ).body;
  });

  it('a driver reaches only the invoices assigned to them; others answer 404', async () => {
    expect((await d1.get(`/api/invoice/${inv._id}`)).status).toBe(200);
    expect((await d2.get(`/api/invoice/${inv._id}`)).status).toBe(404);
    expect(
      (await d2.post(`/api/invoice/${inv._id}/payment`, { amount: 1, date: today })).status,
    ).toBe(404);
    expect((await d2.post(`/api/invoice/${inv._id}/note`, { note: 'x', date: today })).status).toBe(
      404,
    );
    const mine = await d1.get<{ invoices: Invoice[] }>(`/api/invoice/driver/${driver1.id}`);
    expect(mine.body.invoices.map((i) => i._id)).toContain(inv._id);
    expect((await d1.get(`/api/invoice/driver/${driver2.id}`)).status).toBe(404);
    expect((await d1.get(`/api/invoice/assigned/${driver2.id}`)).status).toBe(404);
    const staffView = await admin.get<{ invoices: Invoice[] }>(`/api/invoice/driver/${driver1.id}`);
    expect(staffView.body.invoices.map((i) => i._id)).toContain(inv._id);
  });

  it('validates the payment form and never overpays', async () => {
    const noAmount = await d1.post<Invoice>(`/api/invoice/${inv._id}/payment`, { date: today });
    expect(noAmount.body.code).toBe('invoice.amountRequired');
    expect(noAmount.body.message).toBe('Amount is required');
    const negative = await d1.post<Invoice>(`/api/invoice/${inv._id}/payment`, {
      amount: -1,
      date: today,
    });
    expect(negative.body.message).toBe('Amount must be a positive number');
    // The office names the day; a driver's payment is dated by the server (ADR 023).
    const noDate = await admin.post<Invoice>(`/api/invoice/${inv._id}/payment`, { amount: 100 });
    expect(noDate.body.message).toBe('Date is required');
    const over = await d1.post<Invoice>(`/api/invoice/${inv._id}/payment`, {
      amount: 5001,
      date: today,
    });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('invoice.overpaid');
  });

  it('a driver records a partial payment (once per Idempotency-Key) and a note', async () => {
    const key = { 'idempotency-key': 'pay-1' };
    const first = await d1.post<Invoice>(
      `/api/invoice/${inv._id}/payment`,
      { amount: 2000, date: today },
      key,
    );
    const again = await d1.post<Invoice>(
      `/api/invoice/${inv._id}/payment`,
      { amount: 2000, date: today },
      key,
    );
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(first.body).toMatchObject({
      status: 'Partial Paid',
      pendingAmount: 3000,
      paidAmount: 2000,
    });
    expect(first.body.payments).toEqual([
      expect.objectContaining({ amount: 2000, date: today, collectedBy: driver1.username }),
    ]);
    const empty = await d1.post<Invoice>(`/api/invoice/${inv._id}/note`, {
      note: '   ',
      date: today,
    });
    expect(empty.body.code).toBe('invoice.noteRequired');
    const note = await d1.post<Invoice>(`/api/invoice/${inv._id}/note`, {
      note: '  Will pay Friday  ',
      date: today,
      notesBy: 'someone-else',
      nextFollowUp: '2099-01-05',
    });
    expect(note.status).toBe(201);
    expect(note.body.notes).toEqual([
      expect.objectContaining({
        note: 'Will pay Friday',
        notesBy: driver1.username,
        nextFollowUp: '2099-01-05',
      }),
    ]);
    const worklist =
      await admin.get<{ invoice: Invoice; nextFollowUp: string }[]>('/api/invoice/followups');
    expect(worklist.body.map((w) => w.invoice._id)).toContain(inv._id);
  });

  it('the office corrects a payment (drivers may not) and the history shows every change', async () => {
    const current = (await admin.get<Invoice>(`/api/invoice/${inv._id}`)).body;
    const pay = current.payments[0]!;
    expect(
      (await d1.put(`/api/invoice/${inv._id}/payment`, { _id: pay._id, amount: 1500, date: today }))
        .status,
    ).toBe(403);
    const tooMuch = await admin.put<Invoice>(`/api/invoice/${inv._id}/payment`, {
      _id: pay._id,
      amount: 5001,
      date: today,
    });
    expect(tooMuch.body.code).toBe('invoice.overpaid');
    const fixed = await admin.put<Invoice>(`/api/invoice/${inv._id}/payment`, {
      _id: pay._id,
      amount: 1500,
      date: today,
    });
    expect(fixed.body).toMatchObject({
      paidAmount: 1500,
      pendingAmount: 3500,
      status: 'Partial Paid',
    });
    const history = await d1.get<
      { entity: string; action: string; actorName: string; before: unknown; after: unknown }[]
    >(`/api/invoice/${inv._id}/history`);
    expect(history.body.map((h) => `${h.entity}:${h.action}`)).toEqual([
      'invoice:create',
      'payment:create',
      'invoice_note:create',
      'payment:update',
    ]);
    expect(history.body[3]).toMatchObject({ before: { amount: 2000 }, after: { amount: 1500 } });
    expect((await d2.get(`/api/invoice/${inv._id}/history`)).status).toBe(404);
  });

  it('Pay Full Amount pays exactly what is pending; the invoice moves to Done', async () => {
    const full = await d1.post<Invoice>(`/api/invoice/${inv._id}/fullpayment`, { date: today });
    expect(full.status).toBe(201);
    expect(full.body).toMatchObject({ status: 'Completed', pendingAmount: 0, paidAmount: 5000 });
    expect(full.body.payments.at(-1)?.amount).toBe(3500);
    const again = await d1.post<Invoice>(`/api/invoice/${inv._id}/fullpayment`, { date: today });
    expect(again.body.code).toBe('invoice.nothingDue');
    const done = await admin.get<Page>('/api/invoice/completed?keyword=HYPERLINK');
    expect(done.body.invoices.map((i) => i._id)).toContain(inv._id);
    const cash = await admin.get<Page>('/api/invoice/cash');
    expect(cash.body.invoices.map((i) => i._id)).not.toContain(inv._id);
    // An issued invoice's amount does not change (ADR 046, amended); one from before numbering
    // may change, but never below what is paid.
    const locked = await admin.put<Invoice>(`/api/invoice/${inv._id}`, {
      customer: cashCustomer,
      amount: 100,
    });
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe('invoice.issuedLocked');
    t.db.$client.prepare('UPDATE invoice SET number = NULL WHERE id = ?').run(inv._id);
    const lower = await admin.put<Invoice>(`/api/invoice/${inv._id}`, {
      customer: cashCustomer,
      amount: 100,
    });
    expect(lower.body.code).toBe('invoice.amountBelowPaid');
    // The amount in the message as the office reads yen.
    expect((lower.body as unknown as { message: string }).message).toContain('(¥5,000)');
  });

  it('edits an invoice; an issued one is never deleted (its number stays used), one from before numbering is, keeping the trail', async () => {
    const made = (await create(admin, { customer: cashCustomer, amount: 700 })).body;
    // Issued: its amount and customer stay; its due date and collector may change, but it is
    // never due before it was issued.
    const moved = await admin.put<Invoice>(`/api/invoice/${made._id}`, {
      customer: cashCustomer,
      amount: 900,
    });
    expect(moved.status).toBe(409);
    expect(moved.body.code).toBe('invoice.issuedLocked');
    const early = await admin.put<Invoice>(`/api/invoice/${made._id}`, {
      customer: cashCustomer,
      amount: 700,
      dueDate: '2020-01-01',
    });
    expect(early.status).toBe(400);
    expect(early.body.code).toBe('invoice.dueBeforeIssue');
    const bornLate = await create(admin, {
      customer: cashCustomer,
      amount: 700,
      dueDate: '2020-01-01',
    });
    expect(bornLate.status).toBe(400);
    const edited = await admin.put<Invoice>(`/api/invoice/${made._id}`, {
      customer: cashCustomer,
      amount: 700,
      dueDate: today,
      assignToCollect: driver2.id,
    });
    expect(edited.body).toMatchObject({ amount: 700, pendingAmount: 700, dueDate: today });
    // Numbered when it was made: a document the customer may hold, cancelled with a reason.
    const refused = await admin.delete<{ code: string }>(`/api/invoice/${made._id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('invoice.issuedNoDelete');
    expect((await admin.get(`/api/invoice/${made._id}`)).status).toBe(200);
    // An invoice kept from before documents were numbered was never issued as one: it may go.
    t.db.$client.prepare('UPDATE invoice SET number = NULL WHERE id = ?').run(made._id);
    expect((await admin.delete(`/api/invoice/${made._id}`)).status).toBe(200);
    expect((await admin.get(`/api/invoice/${made._id}`)).status).toBe(404);
    const trail = t.db.$client
      .prepare(
        "SELECT action FROM audit_entry WHERE entity = 'invoice' AND entity_id = ? ORDER BY created_at",
      )
      .pluck()
      .all(made._id);
    expect(trail).toEqual(['create', 'update', 'delete']);
  });
});

describe('never overpaid under concurrency', () => {
  it('50 parallel ¥1,000 payments on a ¥5,000 invoice: exactly 5 accepted', async () => {
    const inv = (await create(admin, { customer: cashCustomer, amount: 5000 })).body;
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? admin : manager).post<Invoice>(
          `/api/invoice/${inv._id}/payment`,
          { amount: 1000, date: today },
          { 'idempotency-key': `c-${i}` },
        ),
      ),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 400)).toHaveLength(45);
    const after = (await admin.get<Invoice>(`/api/invoice/${inv._id}`)).body;
    expect(after).toMatchObject({ paidAmount: 5000, pendingAmount: 0, status: 'Completed' });
    expect(after.payments).toHaveLength(5);
  });
});

describe('overdue accounts and the driver job card', () => {
  it('flags a customer with an invoice more than two months past due', async () => {
    const old = await makeCustomer(t.db, { restaurantName: 'Old Debts Diner' });
    makeInvoice(t.db, {
      customerId: old.id,
      amount: 8000,
      paidAmount: 1000,
      dueDate: '2020-01-31',
    });
    makeInvoice(t.db, { customerId: old.id, amount: 500, dueDate: today });
    const flagged =
      await admin.get<{ customerId: string; overdueAmount: number; totalDues: number }[]>(
        '/api/invoice/overdue',
      );
    expect(flagged.body).toContainEqual(
      expect.objectContaining({ customerId: old.id, overdueAmount: 7000, totalDues: 7500 }),
    );
    expect(flagged.body.map((f) => f.customerId)).not.toContain(monthlyCustomer);
    const me = new ApiClient(t.url);
    await me.login(old.username, old.password);
    expect((await me.get('/api/invoice/myoverdue')).body).toEqual({
      overdue: true,
      overdueAmount: 7000,
      creditHold: false,
    });
    expect((await cust.get('/api/invoice/myoverdue')).body).toMatchObject({ overdue: false });
    // A driver learns dues only for customers they deliver to or collect from.
    const none = await d2.post<unknown[]>('/api/invoice/dues', { customerIds: [old.id] });
    expect(none.body).toEqual([]);
    const staff = await admin.post<unknown[]>('/api/invoice/dues', { customerIds: [old.id] });
    expect(staff.body).toEqual([
      {
        customerId: old.id,
        totalDues: 7500,
        overdue: true,
        overdueAmount: 7000,
        // The office may record a payment on any of them (ADR 079).
        overdueToCollect: 7000,
        overdueHeldElsewhere: [],
      },
    ]);
    const aging = await admin.get<{ totals: Record<string, number> }>('/api/invoice/aging');
    expect(aging.body.totals.over90).toBeGreaterThanOrEqual(7000);
  });
});

describe('cash handover', () => {
  it('the driver hands the day over; the office confirms a different amount; the report shows it', async () => {
    const inv = (
      await create(admin, { customer: monthlyCustomer, amount: 4000, assignToCollect: driver2.id })
    ).body;
    await d2.post(`/api/invoice/${inv._id}/payment`, { amount: 2500, date: today });
    const day = await d2.get<{
      total: number;
      customers: { restaurantName: string; amount: number }[];
    }>('/api/handover/mine');
    expect(day.body.total).toBe(2500);
    expect(day.body.customers).toEqual([
      expect.objectContaining({ restaurantName: 'Monthly Momo', amount: 2500 }),
    ]);
    const handed = await d2.post<{ _id: string; collected: number; handedOver: number }>(
      '/api/handover',
      { date: today, handedOver: 2500 },
      { 'idempotency-key': 'h-1' },
    );
    expect(handed.status).toBe(201);
    expect(handed.body).toMatchObject({ collected: 2500, handedOver: 2500 });
    expect(
      (await d2.put(`/api/handover/${handed.body._id}/confirm`, { confirmed: 2500 })).status,
    ).toBe(403);
    const confirmed = await admin.put<{ confirmed: number }>(
      `/api/handover/${handed.body._id}/confirm`,
      {
        confirmed: 2400,
        note: 'short by 100',
      },
    );
    expect(confirmed.body.confirmed).toBe(2400);
    const twice = await admin.put<{ code: string }>(`/api/handover/${handed.body._id}/confirm`, {
      confirmed: 2500,
    });
    expect(twice.status).toBe(409);
    const report = await admin.get<
      { driverUsername: string; collected: number; handover: { confirmed: number } }[]
    >(`/api/handover/report?from=${today}&to=${today}`);
    // The driver by name, the login beside it (ADR 056).
    expect(report.body).toContainEqual(
      expect.objectContaining({
        driverUsername: driver2.username,
        collected: 2500,
        handover: expect.objectContaining({ confirmed: 2400, handedOver: 2500 }),
      }),
    );
    expect((await d1.get(`/api/handover/report?from=${today}&to=${today}`)).status).toBe(403);
  });
});

describe('export', () => {
  it('downloads {route}-data-{date}.xlsx with text, yen, dates, header, panes and filter', async () => {
    const r = await fetch(`${t.url}/api/data/${routeId}`, {
      headers: { cookie: (await loginCookie()) ?? '', 'accept-encoding': 'br, gzip' },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toContain(`Shinjuku-data-${today}.xlsx`);
    // An xlsx file is a zip already: sent as it is, whatever the browser accepts.
    expect(r.headers.get('content-encoding')).toBeNull();
    const bytes = Buffer.from(await r.arrayBuffer());
    // Reading back OUR OWN file to check it; nothing uploaded is ever parsed.
    const wb = XLSX.read(bytes, { type: 'buffer', cellFormula: true, cellNF: true });
    expect(wb.SheetNames).toEqual([
      'Customers',
      'Outstanding invoices',
      'Invoices',
      'Credit notes',
      'Payments',
    ]);
    const customers = wb.Sheets.Customers as xlsxModule.WorkSheet;
    expect(customers.A1?.v).toBe('Code');
    const name = customers.B2 as xlsxModule.CellObject;
    expect(name.v).toBe('=HYPERLINK("http://x","y")');
    expect(name.t).toBe('s');
    expect(name.f).toBeUndefined();
    expect(customers.M2).toMatchObject({ t: 'n', v: 12000, z: '"¥"#,##0' });
    expect(customers['!autofilter']).toBeTruthy();
    const invoices = wb.Sheets['Outstanding invoices'] as xlsxModule.WorkSheet;
    expect(invoices.F2).toMatchObject({ t: 'n', z: '"¥"#,##0' });
    expect(XLSX.SSF.is_date(String(invoices.D2?.z))).toBe(true);
    const zip = XLSX.CFB.read(bytes, { type: 'buffer' });
    for (const n of [1, 2]) {
      const at = zip.FullPaths.findIndex((p: string) => p.endsWith(`xl/worksheets/sheet${n}.xml`));
      const xml = Buffer.from(zip.FileIndex[at].content).toString();
      expect(xml).toContain(
        '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>',
      );
    }
    // Every invoice of the route with its totals and tax per rate (hand-made ones: amount only).
    const billed = wb.Sheets.Invoices as xlsxModule.WorkSheet;
    expect([billed.F1?.v, billed.G1?.v, billed.H1?.v, billed.I1?.v, billed.K1?.v]).toEqual([
      'Net 8%',
      'Tax 8%',
      'Net 10%',
      'Tax 10%',
      'Amount',
    ]);
    expect(billed.K2).toMatchObject({ t: 'n', z: '"¥"#,##0' });
    // Only the monthly customer's route-less invoices are left out of this route's file.
    expect(Object.keys(customers).filter((k) => /^A\d+$/.test(k))).toHaveLength(2);
  });

  it('exports all routes; refuses drivers, customers and visitors; unknown route 404', async () => {
    const cookie = (await loginCookie()) ?? '';
    const all = await fetch(`${t.url}/api/data/all`, { headers: { cookie } });
    expect(all.status).toBe(200);
    expect(all.headers.get('content-disposition')).toContain(`all-data-${today}.xlsx`);
    expect((await fetch(`${t.url}/api/data/nope`, { headers: { cookie } })).status).toBe(404);
    expect((await d1.get('/api/data/all')).status).toBe(403);
    expect((await cust.get('/api/data/all')).status).toBe(403);
    expect((await anon.get('/api/data/all')).status).toBe(401);
  });
});

let adminCookie: string | null = null;
async function loginCookie(): Promise<string | null> {
  if (adminCookie) return adminCookie;
  const a = await makeAdmin(t.db);
  const c = new ApiClient(t.url);
  await c.login(a.username, a.password);
  adminCookie = c.cookie;
  return adminCookie;
}
