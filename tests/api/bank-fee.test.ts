import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { latestClosingDate } from '../../shared/closing-dates';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import { BANK_FEE_WRITE_OFF_MAX } from '../../shared/rules';
import type { DocumentList, DocumentModel } from '../../shared/schemas/documents';
import { startTestApp, type TestApp } from '../helpers/app';
import { insertDeliveredOrder } from '../helpers/deliveries';
import { makeAdmin, makeCustomer, makeEmployee, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// A restaurant paying by transfer deducts the bank's fee (振込手数料): ¥46,550 arrives as ¥45,890.
// The office records what arrived and writes the rest off as the fee (ADR 069): the invoice is
// settled, yet the fee is no money received, so no cash, handover, receipt or payments-received
// figure counts it; the statement and the export show it on its own; the office can take it back.

let t: TestApp;
let office: ApiClient;
let driver: ApiClient;
let driverId = '';
let customerId = '';
let today = '';

interface Payment {
  _id: string;
  amount: number;
  date: string;
  kind: 'payment' | 'bank_fee';
}
interface Invoice {
  _id: string;
  amount: number;
  paidAmount: number;
  pendingAmount: number;
  status: string;
  payments: Payment[];
  code?: string;
  message?: string;
}

const receiptNumber = (paymentId: string) =>
  t.db.$client
    .prepare<[string], string | null>('SELECT receipt_number FROM payment WHERE id = ?')
    .pluck()
    .get(paymentId);

async function invoice(amount: number, assign: string | null = null): Promise<string> {
  const r = await office.post<Invoice>('/api/invoice', {
    customer: customerId,
    amount,
    assignToCollect: assign,
  });
  expect(r.status).toBe(201);
  return r.body._id;
}

const pay = (c: ApiClient, id: string, body: Record<string, unknown>) =>
  c.post<Invoice>(`/api/invoice/${id}/payment`, { date: today, ...body });

beforeAll(async () => {
  t = await startTestApp();
  today = isoDateInZone(new Date(), t.config.timeZone);
  const a = await makeAdmin(t.db);
  const d = await makeEmployee(t.db, 'driver');
  driverId = d.id;
  customerId = (await makeCustomer(t.db, { restaurantName: 'Himalaya Kitchen' })).id;
  office = new ApiClient(t.url);
  driver = new ApiClient(t.url);
  await office.login(a.username, a.password);
  await driver.login(d.username, d.password);
});
afterAll(() => t.close());

describe('writing off the rest of a transfer as the bank fee', () => {
  it('settles the invoice with a fee row beside the payment, which has no receipt number', async () => {
    const id = await invoice(46_550);
    const r = await pay(office, id, { amount: 45_890, writeOffRest: true });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ paidAmount: 46_550, pendingAmount: 0, status: 'Completed' });
    const [received, fee] = r.body.payments;
    expect(received).toMatchObject({ amount: 45_890, kind: 'payment', date: today });
    expect(fee).toMatchObject({ amount: 660, kind: 'bank_fee', date: today });
    expect(receiptNumber(received?._id ?? '')).toMatch(/\d/);
    expect(receiptNumber(fee?._id ?? '')).toBeNull();
    // A fee has no receipt to open, not even by the office.
    const doc = await query(office, 'documents.model', { kind: 'receipt', id: fee?._id });
    expect(doc.status).toBe(404);
    expect(receiptNumber(fee?._id ?? '')).toBeNull();
    // The trail names it.
    const history = await office.get<{ entity: string; action: string; after: unknown }[]>(
      `/api/invoice/${id}/history`,
    );
    expect(history.status).toBe(200);
    expect(history.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          entity: 'payment',
          action: 'create',
          after: expect.objectContaining({ kind: 'bank_fee', amount: 660 }),
        }),
      ]),
    );
  });

  it(`refuses a rest over ${BANK_FEE_WRITE_OFF_MAX} yen with the limit named, changing nothing`, async () => {
    const id = await invoice(46_550);
    const r = await pay(office, id, { amount: 45_549, writeOffRest: true });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('invoice.bankFeeTooLarge');
    expect(r.body.message).toContain('¥1,001');
    expect(r.body.message).toContain('¥1,000');
    const after = await office.get<Invoice>(`/api/invoice/${id}`);
    expect(after.body).toMatchObject({ paidAmount: 0, payments: [] });
    // At the limit it is a fee.
    const ok = await pay(office, id, { amount: 45_550, writeOffRest: true });
    expect(ok.status).toBe(201);
    expect(ok.body.pendingAmount).toBe(0);
  });

  it('refuses a write-off when the payment leaves nothing, and a driver writing one off', async () => {
    const id = await invoice(5_000, driverId);
    const none = await pay(office, id, { amount: 5_000, writeOffRest: true });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('invoice.bankFeeNothingLeft');
    const byDriver = await driver.post<Invoice>(`/api/invoice/${id}/payment`, {
      amount: 4_500,
      writeOffRest: true,
    });
    expect(byDriver.status).toBe(403);
    expect(byDriver.body.code).toBe('invoice.bankFeeOfficeOnly');
    const after = await office.get<Invoice>(`/api/invoice/${id}`);
    expect(after.body).toMatchObject({ paidAmount: 0, payments: [] });
  });

  it("is not in the driver's day, the handover, the day's cash or the payments list", async () => {
    const before = await query<{ cashToday: { collected: number } }>(office, 'reports.dashboard');
    const listBefore = await query<{ totals: { amount: number } }>(office, 'lists.payments', {});
    const id = await invoice(10_000, driverId);
    expect((await driver.post(`/api/invoice/${id}/payment`, { amount: 3_000 })).status).toBe(201);
    const r = await pay(office, id, { amount: 6_200, writeOffRest: true });
    expect(r.status).toBe(201);
    expect(r.body.pendingAmount).toBe(0);

    const day = await driver.get<{ total: number }>('/api/handover/mine');
    expect(day.body.total).toBe(3_000);
    const report = await office.get<{ driverId: string; collected: number }[]>(
      `/api/handover/report?from=${today}&to=${today}`,
    );
    expect(report.body.find((x) => x.driverId === driverId)?.collected).toBe(3_000);
    const after = await query<{ cashToday: { collected: number } }>(office, 'reports.dashboard');
    expect(after.data.cashToday.collected - before.data.cashToday.collected).toBe(3_000);
    const list = await query<{ totals: { amount: number } }>(office, 'lists.payments', {});
    expect(list.data.totals.amount - listBefore.data.totals.amount).toBe(9_200);
  });

  it('a fee is not edited as a payment; taken back, the invoice is due again, in the trail', async () => {
    const id = await invoice(46_550);
    const r = await pay(office, id, { amount: 45_890, writeOffRest: true });
    const fee = r.body.payments.find((p) => p.kind === 'bank_fee') as Payment;
    const edit = await office.put<Invoice>(`/api/invoice/${id}/payment`, {
      _id: fee._id,
      amount: 500,
      date: today,
    });
    expect(edit.status).toBe(400);
    expect(edit.body.code).toBe('invoice.bankFeeNotEditable');

    expect(
      (await mutate(driver, 'invoices.removeBankFee', { invoiceId: id, _id: fee._id })).status,
    ).toBe(403);
    const back = await mutate<Invoice>(office, 'invoices.removeBankFee', {
      invoiceId: id,
      _id: fee._id,
    });
    expect(back.status).toBe(200);
    expect(back.data).toMatchObject({
      paidAmount: 45_890,
      pendingAmount: 660,
      status: 'Partial Paid',
    });
    expect(back.data.payments.map((p) => p.kind)).toEqual(['payment']);
    // The payment itself is no fee: it cannot be taken back this way.
    const notFee = await mutate(office, 'invoices.removeBankFee', {
      invoiceId: id,
      _id: back.data.payments[0]?._id,
    });
    expect(notFee.status).toBe(404);
    const trail = await query<{ action: string; before: Record<string, unknown> | null }[]>(
      office,
      'invoices.history',
      { id },
    );
    expect(trail.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'delete',
          before: expect.objectContaining({ kind: 'bank_fee', amount: 660 }),
        }),
      ]),
    );
  });
});

describe('the monthly statement and the export', () => {
  let monthly = '';
  let statementId = '';
  let firstStatementId = '';
  let feeInvoiceId = '';
  let monthlyLogin: ApiClient;

  beforeAll(async () => {
    const c = await makeCustomer(t.db, {
      restaurantName: 'Annapurna Monthly',
      paymentMethod: 'monthly',
    });
    monthly = c.id;
    t.db.$client.prepare('UPDATE customer SET closing_day = NULL WHERE id = ?').run(monthly);
    monthlyLogin = new ApiClient(t.url);
    await monthlyLogin.login(c.username, c.password);
    const rice = makeProduct(t.db, { name: 'Rice', price: 1000 });
    const end = latestClosingDate(null, today);
    const previousEnd = latestClosingDate(null, addDaysIso(end, -1));
    insertDeliveredOrder(t.db, {
      customerId: monthly,
      productId: rice.id,
      day: addDaysIso(previousEnd, -3),
    });
    const first = await mutate<{
      results: { invoiceId: string; statementId: string }[];
    }>(office, 'closing.run', {
      closingDate: previousEnd,
      customerId: monthly,
    });
    expect(first.status).toBe(200);
    const invoiceId = first.data.results[0]?.invoiceId as string;
    firstStatementId = first.data.results[0]?.statementId as string;
    feeInvoiceId = invoiceId;
    // The transfer arrives ¥660 short in the next period, the rest written off.
    const paid = await office.post<Invoice>(`/api/invoice/${invoiceId}/payment`, {
      amount: 420,
      date: addDaysIso(previousEnd, 1),
      writeOffRest: true,
    });
    expect(paid.status).toBe(201);
    expect(paid.body.pendingAmount).toBe(0);
    insertDeliveredOrder(t.db, {
      customerId: monthly,
      productId: rice.id,
      day: addDaysIso(end, -2),
    });
    const second = await mutate<{ results: { statementId: string }[] }>(office, 'closing.run', {
      closingDate: end,
      customerId: monthly,
    });
    expect(second.status).toBe(200);
    statementId = second.data.results[0]?.statementId as string;
  });

  it('shows payments received and the fee apart, and they add up to the carried-over balance', async () => {
    const r = await query<DocumentModel>(office, 'documents.model', {
      kind: 'statement',
      id: statementId,
    });
    expect(r.status).toBe(200);
    const s = r.data.statement;
    expect(s).toMatchObject({
      previousBalance: 1080,
      paymentsReceived: 420,
      adjustments: 660,
      carriedOver: 0,
    });
    if (!s) throw new Error('no statement');
    expect(s.previousBalance - s.paymentsReceived - s.adjustments).toBe(s.carriedOver);
    expect(s.amountDue).toBe(s.carriedOver + s.periodAmount);
  });

  it('prints the fee as its own cell and row on the statement PDF, only when there is one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-fee-pdf-'));
    const text = async (id: string) => {
      const res = await fetch(`${t.url}/api/documents/statement/${id}.pdf`, {
        headers: { cookie: office.cookie ?? '' },
      });
      expect(res.status).toBe(200);
      const file = path.join(dir, `${id}.pdf`);
      fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    };
    try {
      const withFee = await text(statementId);
      // A Japanese statement (the customer's document language): the summary box's cell, in
      // two lines, and the totals' row, each with the fee; the payments received stay ¥420.
      expect(withFee).toMatch(/調整額/);
      expect(withFee).toMatch(/（振込手数料）/);
      expect(withFee).toMatch(/¥420\s+¥660\s+¥0/);
      expect(withFee).toMatch(/ご入金額\s+¥420/);
      expect(withFee).toMatch(/調整額（振込手数料）\s+¥660/);
      const without = await text(firstStatementId);
      expect(without).toMatch(/ご入金額/);
      expect(without).not.toMatch(/調整額/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shows the restaurant the fee deducted on its invoice, and no receipt for it', async () => {
    const r = await query<DocumentList>(monthlyLogin, 'documents.mine');
    expect(r.status).toBe(200);
    const invoices = r.data.documents.filter((d) => d.kind === 'invoice');
    expect(invoices.find((d) => d.bankFee === 660)).toMatchObject({ unpaid: 0 });
    const receipts = r.data.documents.filter((d) => d.kind === 'receipt');
    expect(receipts.map((d) => d.amount)).toEqual([420]);
  });

  it("says on the restaurant's invoice, screen and PDF, that the bank transfer fee was deducted", async () => {
    const r = await query<DocumentModel>(monthlyLogin, 'documents.model', {
      kind: 'invoice',
      id: feeInvoiceId,
    });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ paidInFull: true, bankFee: 660 });
    const res = await fetch(`${t.url}/api/documents/invoice/${feeInvoiceId}.pdf`, {
      headers: { cookie: monthlyLogin.cookie ?? '' },
    });
    expect(res.status).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-fee-inv-'));
    try {
      const file = path.join(dir, 'invoice.pdf');
      fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
      expect(text).toContain('振込手数料差引 ¥660');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lists the fee on the payments sheet in its own column, apart from money received', async () => {
    const res = await fetch(`${t.url}/api/data/all`, { headers: { cookie: office.cookie ?? '' } });
    expect(res.status).toBe(200);
    const wb = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
    expect(wb.SheetNames).toContain('Payments');
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(
      wb.Sheets.Payments as XLSX.WorkSheet,
    );
    const mine = rows.filter((x) => x.Restaurant === 'Annapurna Monthly');
    expect(mine).toEqual([
      expect.objectContaining({
        Kind: 'Payment received',
        Received: 420,
        'Bank transfer fee written off': 0,
      }),
      expect.objectContaining({
        Kind: 'Bank transfer fee (not received)',
        Received: 0,
        'Bank transfer fee written off': 660,
      }),
    ]);
    expect(mine[1]?.Receipt ?? '').toBe('');
    const total = rows[rows.length - 1];
    const fees = rows
      .filter((x) => x.Kind === 'Bank transfer fee (not received)')
      .reduce((sum, x) => sum + Number(x['Bank transfer fee written off']), 0);
    expect(total?.['Bank transfer fee written off']).toBe(fees);
  });
});

describe('two browsers at the same moment', () => {
  const feesOf = (id: string) =>
    t.db.$client
      .prepare<[string, string], { n: number; paid: number }>(
        `SELECT (SELECT COUNT(*) FROM payment WHERE invoice_id = ? AND kind = 'bank_fee') AS n,
                (SELECT paid_amount FROM invoice WHERE id = ?) AS paid`,
      )
      .get(id, id);

  it('write off the same transfer once: one is recorded, the other is told nothing is due', async () => {
    const id = await invoice(46_550);
    // Two attempts (each with its own key): two clerks matching the same bank line.
    const [a, b] = await Promise.all([
      pay(office, id, { amount: 45_890, writeOffRest: true }),
      pay(office, id, { amount: 45_890, writeOffRest: true }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    expect(feesOf(id)).toEqual({ n: 1, paid: 46_550 });
  });

  it('take the same fee back once: the invoice is due again by the fee, not twice', async () => {
    const id = await invoice(46_550);
    const r = await pay(office, id, { amount: 45_890, writeOffRest: true });
    const fee = r.body.payments.find((p) => p.kind === 'bank_fee');
    const [a, b] = await Promise.all([
      mutate(office, 'invoices.removeBankFee', { invoiceId: id, _id: fee?._id }),
      mutate(office, 'invoices.removeBankFee', { invoiceId: id, _id: fee?._id }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 404]);
    expect(feesOf(id)).toEqual({ n: 0, paid: 45_890 });
  });
});
