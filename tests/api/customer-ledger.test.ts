import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { newId } from '../../server/platform/ids';
import type { LedgerOut } from '../../shared/schemas/ledger';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { query } from '../helpers/trpc';

// A customer's ledger (得意先元帳, ADR 074) over HTTP: invoices of each kind issued before and in
// the period, a credit note deducted on a cash invoice's re-issue, the cancelled invoice's credit
// on the business day of the cancellation, payments and bank fees on both sides of the period's
// start. The opening balance, each row's running balance, the totals and the closing balance,
// which is what the customer owes on its invoices.

const TODAY = '2026-11-20';
const FROM = '2026-11-01';

let t: TestApp;
let office: ApiClient;
let customerId = '';
let otherId = '';
const ids: Record<string, string> = {};

function insertInvoice(v: {
  kind: 'manual' | 'delivery' | 'closing';
  number: string;
  amount: number;
  issueDate: string;
  createdAt: string;
  periodStart?: string;
  periodEnd?: string;
  creditApplied?: number;
  cancelledAt?: string;
  replaces?: string;
  customer?: string;
}): string {
  const id = newId();
  t.db.$client
    .prepare(
      `INSERT INTO invoice (id, customer_id, due_date, amount, kind, number, issue_date,
                            period_start, period_end, net8, tax8, tax_basis, tax_rounding,
                            credit_applied, cancelled_at, cancel_reason, replaces_invoice_id,
                            created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 'exclusive', 'down', ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      v.customer ?? customerId,
      v.issueDate,
      v.amount,
      v.kind,
      v.number,
      v.issueDate,
      v.periodStart ?? null,
      v.periodEnd ?? null,
      v.amount,
      v.creditApplied ?? 0,
      v.cancelledAt ?? null,
      v.cancelledAt ? 'Wrong quantity' : null,
      v.replaces ?? null,
      v.createdAt,
    );
  return id;
}

async function pay(invoiceId: string, body: Record<string, unknown>) {
  const r = await office.post(`/api/invoice/${invoiceId}/payment`, body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
}

const ledger = (c: ApiClient, input: Record<string, unknown>) =>
  query<LedgerOut>(c, 'customers.ledger', input);

/** The workbook's door as the browser calls it, with the office's session cookie. */
const download = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${t.url}${path}`, { headers: { cookie: office.cookie ?? '', ...headers } });

const owed = (id: string) =>
  t.db.$client
    .prepare<[string], number>(
      `SELECT COALESCE(SUM(amount - paid_amount), 0) FROM invoice
        WHERE customer_id = ? AND cancelled_at IS NULL`,
    )
    .pluck()
    .get(id);

beforeAll(async () => {
  t = await startTestApp({ clock: () => new Date(`${TODAY}T03:00:00Z`) });
  const a = await makeAdmin(t.db);
  office = new ApiClient(t.url);
  await office.login(a.username, a.password);
  customerId = (await makeCustomer(t.db, { restaurantName: 'Himalaya Kitchen' })).id;
  otherId = (await makeCustomer(t.db, { restaurantName: 'Everest Momo' })).id;

  // Before the period: a hand-made invoice paid by transfer less the bank's fee, a cash
  // delivery's invoice, and October's closing invoice.
  ids.m1 = insertInvoice({
    kind: 'manual',
    number: 'INV-000101',
    amount: 11_000,
    issueDate: '2026-10-05',
    createdAt: '2026-10-05T01:00:00.000Z',
  });
  ids.d1 = insertInvoice({
    kind: 'delivery',
    number: 'INV-000102',
    amount: 5_400,
    issueDate: '2026-10-25',
    createdAt: '2026-10-25T01:00:00.000Z',
    // 01:30 on 2 November in Tokyo: the business's day, not UTC's 1 November.
    cancelledAt: '2026-11-01T16:30:00.000Z',
  });
  ids.c1 = insertInvoice({
    kind: 'closing',
    number: 'INV-000103',
    amount: 32_400,
    issueDate: '2026-10-31',
    createdAt: '2026-10-31T09:00:00.000Z',
    periodStart: '2026-10-01',
    periodEnd: '2026-10-31',
  });
  // The cancelled delivery invoice's re-issue, deducting a ¥500 credit note.
  ids.d2 = insertInvoice({
    kind: 'delivery',
    number: 'INV-000104',
    amount: 4_900,
    issueDate: '2026-11-02',
    createdAt: '2026-11-01T16:30:00.000Z',
    creditApplied: 500,
    replaces: ids.d1,
  });
  t.db.$client
    .prepare(
      `INSERT INTO credit_note (id, number, customer_id, issue_date, reason, net8, tax8, total,
                                tax_basis, tax_rounding, applied_to_invoice_id)
       VALUES (?, 'CN-000007', ?, '2026-10-28', 'Damaged', 463, 37, 500, 'exclusive', 'down', ?)`,
    )
    .run(newId(), customerId, ids.d2);
  // Another customer's invoice: never in this ledger.
  insertInvoice({
    kind: 'manual',
    number: 'INV-000105',
    amount: 99_000,
    issueDate: '2026-11-03',
    createdAt: '2026-11-03T01:00:00.000Z',
    customer: otherId,
  });

  await pay(ids.m1, { amount: 10_560, date: '2026-10-20', writeOffRest: true });
  await pay(ids.c1, { amount: 20_000, date: '2026-11-10' });
  // A hand-made invoice typed today, then the rest of October's closing paid less its fee.
  const m2 = await office.post<{ _id: string }>('/api/invoice', {
    customer: customerId,
    amount: 8_800,
  });
  expect(m2.status).toBe(201);
  ids.m2 = m2.body._id;
  await pay(ids.c1, { amount: 11_960, date: TODAY, writeOffRest: true });
});
afterAll(() => t.close());

describe('a customer ledger', () => {
  it('opens with what was owed the day before, lists each movement with its balance, and closes on what is owed', async () => {
    const r = await ledger(office, { customerId, from: FROM, to: TODAY });
    expect(r.status).toBe(200);
    const l = r.data;
    expect(l.customer.restaurantName).toBe('Himalaya Kitchen');
    expect([l.from, l.to]).toEqual([FROM, TODAY]);
    // 11,000 + 5,400 + 32,400 issued; 10,560 received and 440 written off on 20 October.
    expect(l.openingBalance).toBe(37_800);
    const receipt = (invoiceId: string, amount: number) =>
      t.db.$client
        .prepare<[string, number], string>(
          `SELECT receipt_number FROM payment WHERE invoice_id = ? AND amount = ? AND kind = 'payment'`,
        )
        .pluck()
        .get(invoiceId, amount);
    expect(
      l.rows.map((x) => [x.date, x.kind, x.number, x.invoiceNumber, x.debit, x.credit, x.balance]),
    ).toEqual([
      ['2026-11-02', 'cancellation', 'INV-000102', 'INV-000102', 0, 5_400, 32_400],
      ['2026-11-02', 'invoice', 'INV-000104', 'INV-000104', 4_900, 0, 37_300],
      ['2026-11-10', 'payment', receipt(ids.c1!, 20_000), 'INV-000103', 0, 20_000, 17_300],
      ['2026-11-20', 'invoice', expect.any(String), expect.any(String), 8_800, 0, 26_100],
      ['2026-11-20', 'payment', receipt(ids.c1!, 11_960), 'INV-000103', 0, 11_960, 14_140],
      ['2026-11-20', 'bank_fee', null, 'INV-000103', 0, 440, 13_700],
    ]);
    const [cancel, reissue, , handMade] = l.rows;
    expect(cancel?.replacedBy).toBe('INV-000104');
    expect(cancel?.invoiceKind).toBe('delivery');
    expect(reissue?.replaces).toBe('INV-000102');
    expect(reissue?.creditNotes).toEqual(['CN-000007']);
    expect(reissue?.creditApplied).toBe(500);
    expect(handMade?.invoiceKind).toBe('manual');
    expect(l.rows[2]?.collectedBy).toBeTruthy();
    expect(l.totals).toEqual({ debit: 13_700, credit: 37_800 });
    expect(l.closingBalance).toBe(13_700);
    expect(l.closingBalance).toBe(owed(customerId));
  });

  it('names a closing invoice with its period, and a bank fee before the period is in the opening balance', async () => {
    const r = await ledger(office, { customerId, from: '2026-10-01', to: '2026-10-31' });
    expect(r.status).toBe(200);
    expect(r.data.openingBalance).toBe(0);
    expect(r.data.rows.map((x) => [x.date, x.kind, x.debit, x.credit, x.balance])).toEqual([
      ['2026-10-05', 'invoice', 11_000, 0, 11_000],
      ['2026-10-20', 'payment', 0, 10_560, 440],
      ['2026-10-20', 'bank_fee', 0, 440, 0],
      ['2026-10-25', 'invoice', 5_400, 0, 5_400],
      ['2026-10-31', 'invoice', 32_400, 0, 37_800],
    ]);
    const closing = r.data.rows[4];
    expect([closing?.invoiceKind, closing?.periodStart, closing?.periodEnd]).toEqual([
      'closing',
      '2026-10-01',
      '2026-10-31',
    ]);
    expect(r.data.closingBalance).toBe(37_800);
  });

  it('takes the three months up to today when no period is given', async () => {
    const r = await ledger(office, { customerId });
    expect(r.status).toBe(200);
    expect([r.data.from, r.data.to]).toEqual(['2026-08-21', TODAY]);
    expect(r.data.openingBalance).toBe(0);
    expect(r.data.rows).toHaveLength(11);
    expect(r.data.closingBalance).toBe(owed(customerId));
  });

  it('refuses a driver and a customer, and answers 404 for a customer that is not there', async () => {
    const d = await makeEmployee(t.db, 'driver');
    const driver = new ApiClient(t.url);
    await driver.login(d.username, d.password);
    expect((await ledger(driver, { customerId })).status).toBe(403);
    const c = await makeCustomer(t.db);
    const restaurant = new ApiClient(t.url);
    await restaurant.login(c.username, c.password);
    expect((await ledger(restaurant, { customerId: c.id })).status).toBe(403);
    const missing = await ledger(office, { customerId: newId() });
    expect([missing.status, missing.code]).toEqual([404, 'customer.notFound']);
  });

  it('answers a reversed, too long or unreadable period with its translated message', async () => {
    const reversed = await ledger(office, { customerId, from: '2026-11-10', to: '2026-11-01' });
    expect([reversed.status, reversed.code]).toEqual([400, 'customer.ledgerPeriodReversed']);
    const long = await ledger(office, { customerId, from: '2024-01-01', to: TODAY });
    expect([long.status, long.code]).toEqual([400, 'customer.ledgerPeriodTooLong']);
    const bad = await ledger(office, { customerId, from: '2026-02-30' });
    expect([bad.status, bad.code]).toEqual([400, 'customer.ledgerDate']);
    // A start after today and no end: the end is that day, never a reversed default.
    const ahead = await ledger(office, { customerId, from: '2026-12-01' });
    expect([ahead.status, ahead.data?.to]).toEqual([200, '2026-12-01']);
    // Only an end, long ago: the default start is three months before it.
    const old = await ledger(office, { customerId, to: '2026-10-31' });
    expect([old.status, old.data?.from, old.data?.closingBalance]).toEqual([
      200,
      '2026-08-01',
      37_800,
    ]);
  });
});

describe('the ledger as Excel', () => {
  it('writes the same rows, the opening and closing balances, with Japanese headers for a Japanese reader', async () => {
    const r = await download(`/api/data/ledger/${customerId}?from=${FROM}&to=${TODAY}`, {
      'accept-language': 'ja',
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('spreadsheetml');
    const wb = XLSX.read(Buffer.from(await r.arrayBuffer()));
    const sheet = wb.Sheets[wb.SheetNames[0] ?? ''];
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet!, { header: 1, raw: true });
    expect(rows[0]).toEqual(['日付', '伝票', '摘要', '請求額', '入金額', '残高']);
    const flat = rows.map((row) => row.join('|'));
    expect(flat[1]).toContain('37800');
    expect(rows.at(-1)?.at(-1)).toBe(13_700);
    // The opening balance, one row per movement, the closing balance (the totals have none).
    expect(rows.filter((row) => typeof row[5] === 'number')).toHaveLength(6 + 2);
  });

  it('answers 404 for a customer that is not there and 400 for a reversed period', async () => {
    expect((await download(`/api/data/ledger/${newId()}`)).status).toBe(404);
    const reversed = await download(`/api/data/ledger/${customerId}?from=2026-11-10&to=2026-11-01`);
    expect(reversed.status).toBe(400);
    const body = (await reversed.json()) as { code: string; message: string };
    expect(body.code).toBe('customer.ledgerPeriodReversed');
    // A driver gets no workbook.
    const d = await makeEmployee(t.db, 'driver');
    const driver = new ApiClient(t.url);
    await driver.login(d.username, d.password);
    const refused = await fetch(`${t.url}/api/data/ledger/${customerId}`, {
      headers: { cookie: driver.cookie ?? '' },
    });
    expect(refused.status).toBe(403);
  });
});
