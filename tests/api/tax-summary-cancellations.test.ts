import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as xlsxModule from 'xlsx';
import { loadXlsx } from '../../server/reports/export';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import type { TaxSummaryMonth, TaxSummaryOut } from '../../shared/schemas/tax-summary';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// A month once filed never moves (ADR 054, amending 031): an invoice counts in the month of its
// issue date also when it is cancelled later, and its cancellation counts against the month it
// is made in, as a 赤伝 would; cancelled in its own month, it nets to zero there. The summary
// shows the cancellations on their own line and column, and the Excel export's Invoices sheet
// (with its cancellation dates) and Credit notes sheet add up to it. Over HTTP, on the real app.

let t: TestApp;
let admin: ApiClient;
let customerId = '';
let today = '';
let thisMonth = '';
let lastMonth = '';

beforeAll(async () => {
  t = await startTestApp();
  today = isoDateInZone(new Date(), t.config.timeZone);
  thisMonth = today.slice(0, 7);
  lastMonth = addDaysIso(`${thisMonth}-01`, -1).slice(0, 7);
  const a = await makeAdmin(t.db);
  admin = new ApiClient(t.url);
  await admin.login(a.username, a.password);
  customerId = (await makeCustomer(t.db, { restaurantName: 'Everest Dining' })).id;
});
afterAll(() => t.close());

async function summary(month: string): Promise<TaxSummaryMonth> {
  const r = await query<TaxSummaryOut>(admin, 'reports.taxSummary', { from: month, to: month });
  expect(r.status).toBe(200);
  return r.data.months[0] as TaxSummaryMonth;
}

/** A hand-made invoice for food at 8 % (¥amount with tax), as the office types it. */
async function typedInvoice(amount: number, note: string) {
  const made = await admin.post<{ _id: string; number: string }>('/api/invoice', {
    customer: customerId,
    amount,
    dueDate: today,
    note,
    taxRate: 8,
  });
  expect(made.status).toBe(201);
  const figures = t.db.$client
    .prepare<[string], { net8: number; tax8: number }>(
      'SELECT net8, tax8 FROM invoice WHERE id = ?',
    )
    .get(made.body._id) as { net8: number; tax8: number };
  return { id: made.body._id, number: made.body.number, ...figures };
}

async function cancel(id: string) {
  const r = await mutate(admin, 'invoices.cancel', { id, reason: 'Billed to the wrong name' });
  expect(r.status).toBe(200);
}

describe('cancellations in the monthly tax summary', () => {
  it('a cancellation in a later month leaves the issue month as filed and counts in its own month', async () => {
    // Issued last month (as INV-000164 was in October), cancelled today.
    const inv = await typedInvoice(37_832, 'Lentils and rice, phoned in');
    const issued = `${lastMonth}-20`;
    t.db.$client
      .prepare('UPDATE invoice SET issue_date = ?, due_date = ? WHERE id = ?')
      .run(issued, issued, inv.id);
    const filed = await summary(lastMonth);
    expect(filed).toMatchObject({ invoices: 1, cancelledInvoices: 0, net8: inv.net8 });
    const before = await summary(thisMonth);

    await cancel(inv.id);

    // The month already filed reads exactly as it did.
    expect(await summary(lastMonth)).toEqual(filed);
    // This month carries the cancellation, negative, with its figures per rate.
    const after = await summary(thisMonth);
    expect(after).toEqual({
      ...before,
      cancelledInvoices: before.cancelledInvoices + 1,
      net8: before.net8 - inv.net8,
      tax8: before.tax8 - inv.tax8,
      cancellations: before.cancellations + 37_832,
      total: before.total - 37_832,
    });
    // The accountant's workbook says the same, the cancellations in their own columns.
    const XLSX = await loadXlsx();
    const file = await fetch(`${t.url}/api/data/tax-summary?from=${lastMonth}&to=${thisMonth}`, {
      headers: { cookie: admin.cookie ?? '' },
    });
    expect(file.status).toBe(200);
    const wb = XLSX.read(Buffer.from(await file.arrayBuffer()), { type: 'buffer' });
    const sheet = wb.Sheets['Tax summary'] as xlsxModule.WorkSheet;
    const cell = (ref: string) => (sheet[ref] as xlsxModule.CellObject | undefined)?.v;
    expect([cell('A1'), cell('C1'), cell('I1'), cell('J1')]).toEqual([
      'Month',
      'Invoices cancelled',
      'Cancelled in the month (with tax)',
      'Credit notes issued (with tax)',
    ]);
    expect([cell('A2'), cell('B2'), cell('C2'), cell('E2'), cell('I2'), cell('K2')]).toEqual([
      lastMonth,
      filed.invoices,
      0,
      filed.net8,
      0,
      filed.total,
    ]);
    expect([cell('A3'), cell('C3'), cell('E3'), cell('I3'), cell('K3')]).toEqual([
      thisMonth,
      after.cancelledInvoices,
      after.net8,
      after.cancellations,
      after.total,
    ]);
  });

  it('an invoice cancelled in the month it was issued nets to zero in that month', async () => {
    const before = await summary(thisMonth);
    const inv = await typedInvoice(5_400, 'Rice, typed twice');
    const counted = await summary(thisMonth);
    expect(counted.net8).toBe(before.net8 + inv.net8);

    await cancel(inv.id);

    const after = await summary(thisMonth);
    // The figures are the month's as they were before it; the invoice shows as issued and
    // cancelled, on the cancellations' line.
    expect(after).toEqual({
      ...before,
      invoices: before.invoices + 1,
      cancelledInvoices: before.cancelledInvoices + 1,
      cancellations: before.cancellations + 5_400,
    });
  });

  it("the export's sheets add up to the summary: issued, less cancelled, less credit notes", async () => {
    // A credit note of this month, waiting to be deducted.
    t.db.$client
      .prepare(
        `INSERT INTO credit_note (id, number, customer_id, issue_date, reason, net8, tax8, total)
         VALUES ('cn-t1', 'CN-T1', ?, ?, 'Torn bag', 1000, 80, 1080)`,
      )
      .run(customerId, today);
    const s = await summary(thisMonth);
    const XLSX = await loadXlsx();
    const file = await fetch(`${t.url}/api/data/all`, { headers: { cookie: admin.cookie ?? '' } });
    expect(file.status).toBe(200);
    const wb = XLSX.read(Buffer.from(await file.arrayBuffer()), { type: 'buffer' });
    const rows = (name: string) =>
      XLSX.utils.sheet_to_json<Record<string, unknown>>(wb.Sheets[name] as xlsxModule.WorkSheet, {
        raw: true,
      });
    const dayOf = (v: unknown) =>
      typeof v === 'number'
        ? new Date(Date.UTC(1899, 11, 30) + v * 86_400_000).toISOString().slice(0, 10)
        : '';
    const invoices = rows('Invoices').filter((r) => r.Number);
    const credits = rows('Credit notes').filter((r) => r.Number);
    const sum = (list: Record<string, unknown>[], col: string) =>
      list.reduce((n, r) => n + Number(r[col] ?? 0), 0);
    const inMonth = (v: unknown) => dayOf(v).startsWith(thisMonth);
    const issued = invoices.filter((r) => inMonth(r['Issue date']));
    const cancelled = invoices.filter((r) => inMonth(r['Cancelled on']));
    const noted = credits.filter((r) => inMonth(r['Issue date']));
    // Both cancellations of this month are marked with their day, the earlier month's too.
    expect(cancelled).toHaveLength(2);
    for (const [col, key] of [
      ['Net 8%', 'net8'],
      ['Tax 8%', 'tax8'],
      ['Net 10%', 'net10'],
      ['Tax 10%', 'tax10'],
    ] as const) {
      expect(sum(issued, col) - sum(cancelled, col) - sum(noted, col)).toBe(s[key]);
    }
  });
});
