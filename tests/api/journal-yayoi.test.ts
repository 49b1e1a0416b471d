import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/platform/ids';
import { latestClosingDate } from '../../shared/closing-dates';
import { parseCsv } from '../../shared/csv';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import type { TaxSummaryOut } from '../../shared/schemas/tax-summary';
import { startTestApp, type TestApp } from '../helpers/app';
import { insertDeliveredOrder } from '../helpers/deliveries';
import { makeAdmin, makeCustomer, makeEmployee, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// The journal file for 弥生会計 (ADR 076) over HTTP on a fresh database: a closing invoice, a cash
// delivery's invoice at both rates, hand-made invoices at 8 % and 10 %, a credit note at both
// rates, a cash payment, a transfer with the bank fee written off, an invoice issued before the
// period and cancelled in it, and one issued and cancelled within it. The file is decoded from
// Shift_JIS and read back: 25 fields a line, each entry's 識別フラグ, debits = credits, and the
// sales per rate equal to the tax summary of the same months.

let t: TestApp;
let office: ApiClient;
let today = '';
let from = '';
let to = '';
let lastMonth = '';
let thisMonth = '';
const ids: Record<string, string> = {};
const numbers: Record<string, string> = {};

type Line = string[];
interface Entry {
  flags: string[];
  lines: Line[];
}

// The column positions of 弥生インポート形式 (0-based).
const C = {
  flag: 0,
  date: 3,
  dAcc: 4,
  dSub: 5,
  dTax: 7,
  dAmt: 8,
  dTaxAmt: 9,
  cAcc: 10,
  cSub: 11,
  cTax: 13,
  cAmt: 14,
  cTaxAmt: 15,
  memo: 16,
  adjust: 24,
};

async function download(c: ApiClient, qs: string) {
  return fetch(`${t.url}/api/data/journal?${qs}`, { headers: { cookie: c.cookie ?? '' } });
}

async function journal(qs: string): Promise<{ text: string; entries: Entry[]; lines: Line[] }> {
  const r = await download(office, qs);
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/text\/csv; charset=Shift_JIS/i);
  expect(r.headers.get('content-disposition')).toContain('journal-yayoi-');
  const bytes = Buffer.from(await r.arrayBuffer());
  const text = iconv.decode(bytes, 'cp932');
  // Line ends are CRLF, the last line ends too; no lone LF anywhere.
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '').includes('\n')).toBe(false);
  const parsed = parseCsv(text);
  if (!parsed.ok) throw new Error(`bad CSV at line ${parsed.line}`);
  const lines = parsed.records.map((r) => r.fields);
  const entries: Entry[] = [];
  let open: Entry | null = null;
  for (const l of lines) {
    expect(l).toHaveLength(25);
    const flag = l[C.flag] as string;
    if (flag === '2111') {
      expect(open).toBeNull();
      entries.push({ flags: [flag], lines: [l] });
    } else if (flag === '2110') {
      expect(open).toBeNull();
      open = { flags: [flag], lines: [l] };
    } else if (flag === '2100' || flag === '2101') {
      expect(open).not.toBeNull();
      open?.flags.push(flag);
      open?.lines.push(l);
      if (flag === '2101' && open) {
        entries.push(open);
        open = null;
      }
    } else {
      throw new Error(`unknown flag ${flag}`);
    }
  }
  expect(open).toBeNull();
  return { text, entries, lines };
}

const yen = (s: string | undefined) => (s ? Number(s) : 0);

function insertInvoice(v: {
  customerId: string;
  kind: 'delivery';
  number: string;
  net8: number;
  tax8: number;
  net10: number;
  tax10: number;
  issueDate: string;
}) {
  const id = newId();
  const amount = v.net8 + v.tax8 + v.net10 + v.tax10;
  t.db.$client
    .prepare(
      `INSERT INTO invoice (id, customer_id, due_date, amount, kind, number, issue_date,
         net8, tax8, net10, tax10, tax_basis, tax_rounding, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'exclusive', 'down', ?)`,
    )
    .run(
      id,
      v.customerId,
      v.issueDate,
      amount,
      v.kind,
      v.number,
      v.issueDate,
      v.net8,
      v.tax8,
      v.net10,
      v.tax10,
      new Date().toISOString(),
    );
  return id;
}

async function handMade(customer: string, amount: number, taxRate: 8 | 10) {
  const made = await office.post<{ _id: string; number: string }>('/api/invoice', {
    customer,
    amount,
    dueDate: today,
    note: 'Other charges',
    taxRate,
  });
  expect(made.status).toBe(201);
  return made.body;
}

beforeAll(async () => {
  t = await startTestApp();
  today = isoDateInZone(new Date(), t.config.timeZone);
  thisMonth = today.slice(0, 7);
  lastMonth = addDaysIso(`${thisMonth}-01`, -1).slice(0, 7);
  from = `${lastMonth}-01`;
  to = addDaysIso(`${addDaysIso(`${thisMonth}-28`, 4).slice(0, 7)}-01`, -1);
  const a = await makeAdmin(t.db);
  office = new ApiClient(t.url);
  await office.login(a.username, a.password);

  // A monthly customer: last month's closing, paid by transfer with the fee written off.
  const monthly = await makeCustomer(t.db, {
    restaurantName: 'Annapurna Monthly',
    paymentMethod: 'monthly',
  });
  t.db.$client
    .prepare(
      "UPDATE customer SET closing_day = NULL, billing_name = '株式会社アンナプルナ' WHERE id = ?",
    )
    .run(monthly.id);
  const rice = makeProduct(t.db, { name: 'Rice', price: 1000 });
  const closingDate = latestClosingDate(null, today);
  insertDeliveredOrder(t.db, {
    customerId: monthly.id,
    productId: rice.id,
    day: addDaysIso(closingDate, -3),
    quantity: 3,
  });
  const run = await mutate<{ results: { invoiceId: string }[] }>(office, 'closing.run', {
    closingDate,
    customerId: monthly.id,
  });
  expect(run.status).toBe(200);
  ids.closing = run.data.results[0]?.invoiceId as string;
  const closingAmount = t.db.$client
    .prepare<[string], number>('SELECT amount FROM invoice WHERE id = ?')
    .pluck()
    .get(ids.closing) as number;
  const paid = await office.post(`/api/invoice/${ids.closing}/payment`, {
    amount: closingAmount - 440,
    date: today,
    writeOffRest: true,
  });
  expect(paid.status).toBe(201);

  // A cash customer: a delivery's invoice at both rates, paid in cash; hand-made ones.
  const cash = await makeCustomer(t.db, { restaurantName: 'Everest, "Dining"' });
  ids.cash = cash.id;
  ids.delivery = insertInvoice({
    customerId: cash.id,
    kind: 'delivery',
    number: 'INV-900001',
    net8: 12_345,
    tax8: 987,
    net10: 4_560,
    tax10: 456,
    issueDate: today,
  });
  const cashPaid = await office.post(`/api/invoice/${ids.delivery}/payment`, {
    amount: 12_345 + 987 + 4_560 + 456,
    date: today,
  });
  expect(cashPaid.status).toBe(201);
  const h8 = await handMade(cash.id, 5_400, 8);
  const h10 = await handMade(cash.id, 2_200, 10);
  numbers.h8 = h8.number;
  numbers.h10 = h10.number;
  // A credit note at both rates, issued today and not yet deducted.
  t.db.$client
    .prepare(
      `INSERT INTO credit_note (id, number, customer_id, issue_date, reason, net8, tax8, net10,
         tax10, total, tax_basis, tax_rounding, created_at)
       VALUES (?, 'CN-900001', ?, ?, 'Damaged box', 1000, 80, 500, 50, 1630, 'exclusive', 'down', ?)`,
    )
    .run(newId(), cash.id, today, new Date().toISOString());

  // Issued before the period, cancelled in it: reversed on the day of the cancellation.
  const old = await handMade(cash.id, 3_240, 8);
  numbers.old = old.number;
  const before = addDaysIso(from, -10);
  t.db.$client
    .prepare('UPDATE invoice SET issue_date = ?, due_date = ? WHERE id = ?')
    .run(before, before, old._id);
  expect(
    (await mutate(office, 'invoices.cancel', { id: old._id, reason: 'Billed twice' })).status,
  ).toBe(200);
  // Issued and cancelled within the period: in neither direction.
  const gone = await handMade(cash.id, 1_100, 10);
  numbers.gone = gone.number;
  expect(
    (await mutate(office, 'invoices.cancel', { id: gone._id, reason: 'Wrong customer' })).status,
  ).toBe(200);
});
afterAll(() => t.close());

describe('the journal file for 弥生会計', () => {
  it('has 25 fields a line, whole entries, and debits equal to credits in each', async () => {
    const { entries, lines } = await journal(`from=${from}&to=${to}`);
    // closing + delivery + 2 hand-made + credit note + cash payment + transfer + fee + reversal.
    expect(entries).toHaveLength(9);
    for (const e of entries) {
      const debit = e.lines.reduce((s, l) => s + yen(l[C.dAmt]), 0);
      const credit = e.lines.reduce((s, l) => s + yen(l[C.cAmt]), 0);
      expect(debit).toBe(credit);
      expect(debit).toBeGreaterThan(0);
      // Every line of an entry carries the entry's date, as 弥生 reads the first.
      expect(new Set(e.lines.map((l) => l[C.date])).size).toBe(1);
      expect(e.lines[0]?.[C.date]).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    }
    for (const l of lines) expect(l[C.adjust]).toBe('no');
    // The delivery's invoice at two rates is one 伝票 of two lines.
    const delivery = entries.find((e) => e.lines[0]?.[C.memo]?.includes('INV-900001'));
    expect(delivery?.flags).toEqual(['2110', '2101']);
    expect(
      delivery?.lines.map((l) => [
        l[C.dAcc],
        l[C.dSub],
        l[C.dAmt],
        l[C.cAcc],
        l[C.cTax],
        l[C.cAmt],
        l[C.cTaxAmt],
      ]),
    ).toEqual([
      ['売掛金', 'Everest, "Dining"', '13332', '売上高', '課税売上内軽減8%', '13332', '987'],
      ['売掛金', 'Everest, "Dining"', '5016', '売上高', '課税売上内10%', '5016', '456'],
    ]);
    expect(delivery?.lines[0]?.[C.date]).toBe(today.replace(/-/g, '/'));
    // A hand-made invoice at one rate is a 伝票 of one line.
    const h10 = entries.find((e) => e.lines[0]?.[C.memo]?.includes(numbers.h10 as string));
    expect(h10?.flags).toEqual(['2111']);
    expect(h10?.lines[0]?.[C.cTax]).toBe('課税売上内10%');
  });

  it('books the credit note, the payments, the fee and the cancellation on the right accounts', async () => {
    const { entries } = await journal(`from=${from}&to=${to}`);
    const find = (word: string) => entries.filter((e) => e.lines[0]?.[C.memo]?.includes(word));
    const credit = find('CN-900001')[0];
    expect(
      credit?.lines.map((l) => [l[C.dAcc], l[C.dTax], l[C.dAmt], l[C.dTaxAmt], l[C.cAcc]]),
    ).toEqual([
      ['売上値引高', '課税売返内軽減8%', '1080', '80', '売掛金'],
      ['売上値引高', '課税売返内10%', '550', '50', '売掛金'],
    ]);
    const money = entries.filter((e) => e.lines[0]?.[C.memo]?.startsWith('入金'));
    expect(
      money.map((e) => [e.lines[0]?.[C.dAcc], e.lines[0]?.[C.cAcc], e.lines[0]?.[C.cSub]]).sort(),
    ).toEqual([
      ['普通預金', '売掛金', '株式会社アンナプルナ'],
      ['現金', '売掛金', 'Everest, "Dining"'],
    ]);
    const fee = find('振込手数料')[0];
    expect(
      fee?.lines.map((l) => [l[C.dAcc], l[C.dTax], l[C.dAmt], l[C.dTaxAmt], l[C.cAcc], l[C.cSub]]),
    ).toEqual([['支払手数料', '課対仕入内10%', '440', '40', '売掛金', '株式会社アンナプルナ']]);
    // Issued before the period and cancelled in it: only its reversal, dated today.
    const old = find(numbers.old as string);
    expect(old).toHaveLength(1);
    expect(
      old[0]?.lines.map((l) => [l[C.date], l[C.dAcc], l[C.dTax], l[C.dAmt], l[C.cAcc]]),
    ).toEqual([[today.replace(/-/g, '/'), '売上高', '課税売上内軽減8%', '3240', '売掛金']]);
    // Issued and cancelled within the period: nothing.
    expect(find(numbers.gone as string)).toHaveLength(0);
  });

  it('sells per rate exactly what the tax summary of the same months says', async () => {
    const { lines } = await journal(`from=${from}&to=${to}`);
    const summary = await query<TaxSummaryOut>(office, 'reports.taxSummary', {
      from: lastMonth,
      to: thisMonth,
    });
    expect(summary.status).toBe(200);
    const s = summary.data.totals;
    const sales = (rate: '軽減8%' | '10%') => {
      let amount = 0;
      let tax = 0;
      for (const l of lines) {
        if ((l[C.cTax] ?? '').endsWith(rate) && (l[C.cTax] ?? '').startsWith('課税売上')) {
          amount += yen(l[C.cAmt]);
          tax += yen(l[C.cTaxAmt]);
        }
        if (/^課税売(上|返)/.test(l[C.dTax] ?? '') && (l[C.dTax] ?? '').endsWith(rate)) {
          amount -= yen(l[C.dAmt]);
          tax -= yen(l[C.dTaxAmt]);
        }
      }
      return { amount, tax };
    };
    expect(sales('軽減8%')).toEqual({ amount: s.net8 + s.tax8, tax: s.tax8 });
    expect(sales('10%')).toEqual({ amount: s.net10 + s.tax10, tax: s.tax10 });
    expect(s.net8 + s.net10).toBeGreaterThan(0);
  });

  it('writes the 税込経理 categories when the books are kept tax-inclusive', async () => {
    const { lines } = await journal(`from=${from}&to=${to}&books=inclusive`);
    const categories = new Set(lines.flatMap((l) => [l[C.dTax], l[C.cTax]]));
    expect([...categories].sort()).toEqual(
      [
        '対象外',
        '課税売上込軽減8%',
        '課税売上込10%',
        '課税売返込軽減8%',
        '課税売返込10%',
        '課対仕入込10%',
      ].sort(),
    );
  });

  it('defaults to the last calendar month and refuses a bad period with a translated code', async () => {
    const r = await download(office, '');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toContain(`journal-yayoi-${lastMonth}-01-`);
    const reversed = await download(office, `from=${to}&to=${from}`);
    expect([reversed.status, ((await reversed.json()) as { code: string }).code]).toEqual([
      400,
      'settings.journalPeriodReversed',
    ]);
    const long = await download(office, `from=2025-01-01&to=2026-01-02`);
    expect([long.status, ((await long.json()) as { code: string }).code]).toEqual([
      400,
      'settings.journalPeriodTooLong',
    ]);
    const bad = await download(office, `from=2026-02-30&to=2026-03-01`);
    expect([bad.status, ((await bad.json()) as { code: string }).code]).toEqual([
      400,
      'settings.journalDate',
    ]);
    expect((await download(office, 'books=other')).status).toBe(400);
  });

  it('is for the office only: a driver, a customer and a stranger are refused', async () => {
    const d = await makeEmployee(t.db, 'driver');
    const driver = new ApiClient(t.url);
    await driver.login(d.username, d.password);
    expect((await download(driver, `from=${from}&to=${to}`)).status).toBe(403);
    const c = await makeCustomer(t.db);
    const customer = new ApiClient(t.url);
    await customer.login(c.username, c.password);
    expect((await download(customer, `from=${from}&to=${to}`)).status).toBe(403);
    expect((await download(new ApiClient(t.url), `from=${from}&to=${to}`)).status).toBe(401);
  });
});
