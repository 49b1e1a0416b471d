import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as xlsxModule from 'xlsx';
import { loadXlsx } from '../../server/reports/export';
import { isoDateInZone } from '../../shared/format';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeRoute } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// The Excel files in the reader's language (the account's chosen language, else the browser's
// Accept-Language, else English), the outstanding invoices dated by their issue date, and the
// Invoices sheet's totals row (cancelled invoices left out of the sums).

let t: TestApp;
let XLSX: typeof xlsxModule;
let today = '';
let issued = '';
let due = '';
let monthlyCode = '';
/** The day before today, in the business's time zone. */
let yesterday = '';
/** An admin whose account chose Japanese (through auth.setLanguage). */
let jaCookie = '';
/** An admin who never chose a language. */
let plainCookie = '';

const daysFrom = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** An Excel date cell's day (the 1900 date system). */
const dayOf = (cell: xlsxModule.CellObject | undefined) =>
  new Date(Date.UTC(1899, 11, 30) + Number(cell?.v) * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp();
  XLSX = await loadXlsx();
  today = isoDateInZone(new Date(), t.config.timeZone);
  issued = daysFrom(today, -60);
  due = daysFrom(issued, 30);
  yesterday = daysFrom(today, -1);
  const routeId = makeRoute(t.db, 'Shinjuku').id;
  const monthly = await makeCustomer(t.db, {
    restaurantName: 'Monthly Momo',
    paymentMethod: 'monthly',
    routeId,
    deliveryDays: ['Monday', 'Thursday'],
  });
  // 月末締め 翌月 25日払い (ADR 066): the Customers sheet says the terms as the office set them.
  t.db.$client
    .prepare(
      "UPDATE customer SET closing_day = 31, payment_month = 1, payment_date = '25' WHERE id = ?",
    )
    .run(monthly.id);
  monthlyCode =
    t.db.$client
      .prepare<[string], { code: string }>(
        'SELECT customer_code AS code FROM customer WHERE id = ?',
      )
      .get(monthly.id)?.code ?? '';
  const insert = t.db.$client.prepare(
    `INSERT INTO invoice (id, customer_id, kind, number, issue_date, due_date, net8, tax8, net10,
                          tax10, credit_applied, amount, paid_amount, cancelled_at)
     VALUES (@id, @customerId, @kind, @number, @issueDate, @dueDate, @net8, @tax8, @net10,
             @tax10, @creditApplied, @amount, @paid, @cancelledAt)`,
  );
  const base = {
    customerId: monthly.id,
    dueDate: null,
    net8: 0,
    tax8: 0,
    net10: 0,
    tax10: 0,
    creditApplied: 0,
    paid: 0,
    cancelledAt: null,
  };
  // Typed in today (created_at), issued 60 days ago, due 30 days after its issue, part paid.
  insert.run({
    ...base,
    id: 'inv-m1',
    kind: 'manual',
    number: 'M-1',
    issueDate: issued,
    dueDate: due,
    net8: 10000,
    tax8: 800,
    amount: 10800,
    paid: 3000,
  });
  insert.run({
    ...base,
    id: 'inv-d1',
    kind: 'delivery',
    number: 'D-1',
    issueDate: daysFrom(today, -10),
    net10: 2000,
    tax10: 200,
    amount: 2200,
  });
  // An invoice from before issue dates: made at 05:00 in Tokyo ten days ago (20:00 UTC the day
  // before), so it is dated by that instant's day in the business's time zone.
  t.db.$client
    .prepare('UPDATE invoice SET issue_date = NULL, created_at = ? WHERE id = ?')
    .run(`${daysFrom(today, -11)}T20:00:00.000Z`, 'inv-d1');
  // Cancelled: listed, but left out of the totals.
  insert.run({
    ...base,
    id: 'inv-s1',
    kind: 'closing',
    number: 'S-1',
    issueDate: daysFrom(today, -5),
    net8: 5000,
    tax8: 400,
    amount: 5400,
    // 07:00 in Tokyo yesterday: 22:00 UTC the day before.
    cancelledAt: `${daysFrom(today, -2)}T22:00:00.000Z`,
  });
  insert.run({
    ...base,
    id: 'inv-s2',
    kind: 'closing',
    number: 'S-2',
    issueDate: daysFrom(today, -3),
    net8: 1000,
    tax8: 80,
    net10: 500,
    tax10: 50,
    creditApplied: 130,
    amount: 1500,
    paid: 1500,
  });
  // The ¥130 deducted on S-2 is a credit note's (the sheet reads what is deducted on each).
  t.db.$client
    .prepare(
      `INSERT INTO credit_note (id, number, customer_id, issue_date, reason, net8, tax8, total,
                                tax_basis, tax_rounding, applied_to_invoice_id)
       VALUES ('cn-1', 'CN-1', ?, ?, 'damaged', 120, 10, 130, 'exclusive', 'down', 'inv-s2')`,
    )
    .run(monthly.id, daysFrom(today, -4));

  // Delivered at 07:33 in Tokyo yesterday (22:33 UTC the day before): its last delivery day is
  // yesterday, as the customer card shows it.
  t.db.$client
    .prepare(
      `INSERT INTO customer_order (id, order_number, customer_id, restaurant_name, customer_code,
         username, delivery_date, total, is_delivered, delivered_at)
       SELECT 'ord-m1', 10001, id, restaurant_name, customer_code, 'u', ?, 1000, 1, ? FROM customer
        WHERE id = ?`,
    )
    .run(yesterday, `${daysFrom(today, -2)}T22:33:00.000Z`, monthly.id);

  const ja = await makeAdmin(t.db);
  const jaClient = new ApiClient(t.url);
  await jaClient.login(ja.username, ja.password);
  const set = await jaClient.post('/trpc/auth.setLanguage', { language: 'ja' });
  expect(set.status).toBe(200);
  jaCookie = jaClient.cookie ?? '';
  const plain = await makeAdmin(t.db);
  const plainClient = new ApiClient(t.url);
  await plainClient.login(plain.username, plain.password);
  plainCookie = plainClient.cookie ?? '';
});
afterAll(() => t.close());

async function workbook(path: string, headers: Record<string, string>) {
  const r = await fetch(`${t.url}${path}`, { headers });
  expect(r.status).toBe(200);
  return XLSX.read(Buffer.from(await r.arrayBuffer()), { type: 'buffer', cellNF: true });
}

const header = (ws: xlsxModule.WorkSheet | undefined) => {
  const sheet = ws as xlsxModule.WorkSheet;
  const range = XLSX.utils.decode_range(String(sheet['!ref']));
  const out: unknown[] = [];
  for (let c = 0; c <= range.e.c; c++) out.push(sheet[XLSX.utils.encode_cell({ r: 0, c })]?.v);
  return out;
};

/** The cells of a row (0-based), by column letter. */
const rowOf = (ws: xlsxModule.WorkSheet | undefined, r: number) => {
  const sheet = ws as xlsxModule.WorkSheet;
  const range = XLSX.utils.decode_range(String(sheet['!ref']));
  const out: Record<string, xlsxModule.CellObject | undefined> = {};
  for (let c = 0; c <= range.e.c; c++) {
    out[XLSX.utils.encode_col(c)] = sheet[XLSX.utils.encode_cell({ r, c })];
  }
  return out;
};

/** The row (0-based) whose column A holds `value`. */
const findRow = (ws: xlsxModule.WorkSheet | undefined, value: string) => {
  const sheet = ws as xlsxModule.WorkSheet;
  const range = XLSX.utils.decode_range(String(sheet['!ref']));
  for (let r = 1; r <= range.e.r; r++) if (sheet[`A${r + 1}`]?.v === value) return r;
  return -1;
};

describe('the data export in the reader language', () => {
  it('is in Japanese for an account that chose Japanese: sheets, headers and words', async () => {
    // The account's choice wins over the browser's.
    const wb = await workbook('/api/data/all', { cookie: jaCookie, 'accept-language': 'en' });
    expect(wb.SheetNames).toEqual([
      '得意先',
      '未入金の請求書',
      '請求書一覧',
      '赤伝一覧',
      '入金一覧',
    ]);

    const customers = wb.Sheets.得意先;
    expect(header(customers)).toEqual([
      '得意先コード',
      '得意先名',
      '請求先名',
      '担当者',
      '電話',
      '携帯',
      '支払方法',
      '締め日',
      '支払月',
      '支払日',
      '配送曜日',
      'ルート',
      '未収金',
      '最終配達日',
    ]);
    const momo = rowOf(customers, findRow(customers, monthlyCode));
    // 請求先名: the restaurant's own name, as its documents are addressed, when no billing name.
    expect(momo.C?.v).toBe('Monthly Momo');
    expect([momo.G?.v, momo.H?.v, momo.I?.v, momo.J?.v, momo.K?.v, momo.L?.v, momo.M?.v]).toEqual([
      '月締め',
      '月末',
      '翌月',
      '25',
      '月曜日、木曜日',
      'Shinjuku',
      10800 - 3000 + 2200,
    ]);
    // 最終配達日: the business's day of a 07:33 delivery, not the UTC day before.
    expect(dayOf(momo.N)).toBe(yesterday);

    const outstanding = wb.Sheets.未入金の請求書;
    expect(header(outstanding)).toEqual([
      '得意先コード',
      '得意先名',
      'ルート',
      '請求日',
      '支払期限',
      '請求額',
      '入金額',
      '未収額',
      '入金状況',
      '期日超過日数',
      '集金担当',
    ]);
    const statuses = [1, 2].map((r) => rowOf(outstanding, r).I?.v);
    expect(statuses.sort()).toEqual(['一部入金', '未入金']);

    const invoices = wb.Sheets.請求書一覧;
    expect(header(invoices)).toEqual([
      '請求書番号',
      '種別',
      '発行日',
      '得意先コード',
      '得意先名',
      '8%対象額',
      '消費税（8%）',
      '10%対象額',
      '消費税（10%）',
      '赤伝控除（税込）',
      '請求額',
      '入金額',
      '取消日',
    ]);
    expect(['M-1', 'D-1', 'S-1'].map((n) => rowOf(invoices, findRow(invoices, n)).B?.v)).toEqual([
      '手入力',
      '配達',
      '締め',
    ]);
    // 発行日 of an invoice dated by its creation, and 取消日, are days in the business's zone.
    expect(dayOf(rowOf(invoices, findRow(invoices, 'D-1')).C)).toBe(daysFrom(today, -10));
    expect(dayOf(rowOf(invoices, findRow(invoices, 'S-1')).M)).toBe(yesterday);
    const last = XLSX.utils.decode_range(String(invoices?.['!ref'])).e.r;
    expect(rowOf(invoices, last).A?.v).toBe('合計（取消を除く）');
  });

  it('dates an outstanding invoice by its issue date, not the day it was typed in', async () => {
    const wb = await workbook('/api/data/all', { cookie: plainCookie });
    const outstanding = wb.Sheets['Outstanding invoices'];
    expect(header(outstanding)[3]).toBe('Invoice date');
    const rows = [1, 2].map((r) => rowOf(outstanding, r));
    const m1 = rows.find((r) => r.F?.v === 10800);
    expect(dayOf(m1?.D)).toBe(issued);
    expect(dayOf(m1?.E)).toBe(due);
    expect(m1?.I?.v).toBe('Partial Paid');
    // One without an issue date: the day it was made, in the business's time zone.
    const d1 = rows.find((r) => r.F?.v === 2200);
    expect(dayOf(d1?.D)).toBe(daysFrom(today, -10));
  });

  it('ends the Invoices sheet with a totals row that leaves cancelled invoices out', async () => {
    const wb = await workbook('/api/data/all', { cookie: plainCookie });
    expect(wb.SheetNames).toEqual([
      'Customers',
      'Outstanding invoices',
      'Invoices',
      'Credit notes',
      'Payments',
    ]);
    const invoices = wb.Sheets.Invoices as xlsxModule.WorkSheet;
    const range = XLSX.utils.decode_range(String(invoices['!ref']));
    // Four invoices and the totals row under the header.
    expect(range.e.r).toBe(5);
    const total = rowOf(invoices, range.e.r);
    expect(total.A?.v).toBe('Total (cancelled excluded)');
    expect(['F', 'G', 'H', 'I', 'J', 'K', 'L'].map((c) => total[c]?.v)).toEqual([
      10000 + 1000,
      800 + 80,
      2000 + 500,
      200 + 50,
      130,
      10800 + 2200 + 1500,
      3000 + 1500,
    ]);
    expect(total.K).toMatchObject({ t: 'n', z: '"¥"#,##0' });
    // The sums are the rows' sums without the cancelled one.
    let amount = 0;
    for (let r = 1; r < range.e.r; r++) {
      const row = rowOf(invoices, r);
      if (row.M?.v === undefined || row.M.v === '') amount += Number(row.K?.v);
    }
    expect(total.K?.v).toBe(amount);
    // Sorting or filtering the invoices leaves the totals row where it is.
    expect(invoices['!autofilter']?.ref).toBe('A1:M5');
  });

  it("follows the browser's Accept-Language when the account chose none", async () => {
    const wb = await workbook('/api/data/all', {
      cookie: plainCookie,
      'accept-language': 'ne-NP,ne;q=0.9,en;q=0.8',
    });
    expect(header(wb.Sheets[wb.SheetNames[0] as string]).slice(0, 3)).toEqual([
      'ग्राहक कोड',
      'रेस्टुरेन्ट',
      'बिलिङ नाम',
    ]);
  });
});

describe('the tax summary export in the reader language', () => {
  it('is in Japanese for a Japanese account, in English otherwise', async () => {
    const month = issued.slice(0, 7);
    const path = `/api/data/tax-summary?from=${month}&to=${month}`;
    const wb = await workbook(path, { cookie: jaCookie });
    expect(wb.SheetNames).toEqual(['消費税集計']);
    const sheet = wb.Sheets.消費税集計;
    expect(header(sheet)).toEqual([
      '月',
      '発行請求書数',
      '取消数',
      '赤伝数',
      '8%対象売上（税抜）',
      '消費税（8%）',
      '10%対象売上（税抜）',
      '消費税（10%）',
      '当月の取消（税込）',
      '赤伝発行（税込）',
      '税込合計',
    ]);
    expect(rowOf(sheet, 2).A?.v).toBe('合計');

    const english = await workbook(path, { cookie: plainCookie });
    expect(english.SheetNames).toEqual(['Tax summary']);
    expect(header(english.Sheets['Tax summary'])[4]).toBe('Sales 8% (without tax)');
    expect(rowOf(english.Sheets['Tax summary'], 2).A?.v).toBe('Total');
  });
});
