import iconv from 'iconv-lite';
import {
  JOURNAL_MAX_DAYS,
  type JournalBooks,
  type JournalInput,
  journalDays,
  lastCalendarMonth,
} from '../../shared/schemas/journal';
import type { TaxRate } from '../../shared/tax';
import { PAID_IN_CASH_SQL } from '../money/paid-by';
import { businessDateOf } from '../platform/business-day';
import type { Db } from '../platform/db';
import { badRequest } from '../platform/errors';

// The period's journal entries (仕訳) in 弥生会計's import format (弥生インポート形式, ADR 076), so
// the accountant imports the sales, credit notes, payments and bank fees instead of keying them.
//
// One entry (伝票) per document, dated by the document's own date:
// - an invoice issued: 売掛金 (補助: the customer) / 売上高, one line per tax rate, with the
//   invoice's own per-rate figures (its tax was computed once per rate; it is never recomputed);
// - an invoice cancelled: the same lines reversed (売上高 / 売掛金), dated by the business day of
//   the cancellation. An invoice issued and cancelled within the period is left out (both would
//   net to nothing); one issued before the period and cancelled in it is reversed in it. So any
//   split of a year into files adds up to the same, as the tax summary counts it (ADR 054);
// - a credit note: 売上値引高 / 売掛金 per rate, with the 税区分 of a sales return (課税売返);
// - money received: 現金 (a driver's collection or a cash customer's) or 普通預金 / 売掛金;
// - a bank transfer fee written off (ADR 069): 支払手数料 (課対仕入 10 %) / 売掛金.
// Every line balances on its own, so every entry does.

/** The 25 columns of 弥生インポート形式, in order (support.yayoi-kk.co.jp page_id=18545). */
export const YAYOI_COLUMNS = [
  '識別フラグ',
  '伝票No',
  '決算',
  '取引日付',
  '借方勘定科目',
  '借方補助科目',
  '借方部門',
  '借方税区分',
  '借方金額',
  '借方税金額',
  '貸方勘定科目',
  '貸方補助科目',
  '貸方部門',
  '貸方税区分',
  '貸方金額',
  '貸方税金額',
  '摘要',
  '番号',
  '期日',
  'タイプ',
  '生成元',
  '仕訳メモ',
  '付箋1',
  '付箋2',
  '調整',
] as const;

/** The standard account names of 弥生会計 (a differing name opens its matching list). */
const ACCOUNTS = {
  receivable: '売掛金',
  sales: '売上高',
  discounts: '売上値引高',
  cash: '現金',
  bank: '普通預金',
  fees: '支払手数料',
} as const;

/**
 * 税区分 as 弥生 reads it: the kind (課税売上, 課税売返, 課対仕入), the tax calculation (内: the
 * amount includes the tax given beside it, 税抜経理; 込: 税込経理), and the rate (軽減8% for the
 * reduced rate, 10%).
 */
function taxCategory(
  kind: '課税売上' | '課税売返' | '課対仕入',
  rate: TaxRate,
  books: JournalBooks,
): string {
  return `${kind}${books === 'exclusive' ? '内' : '込'}${rate === 8 ? '軽減8%' : '10%'}`;
}
const NO_TAX = '対象外';

interface Side {
  account: string;
  sub?: string;
  tax?: string;
  amount: number;
  taxAmount?: number;
}

export interface JournalLine {
  debit: Side;
  credit: Side;
}

export interface JournalEntry {
  date: string;
  /** What it is, for the tests and the sort: which document made it. */
  kind: 'invoice' | 'cancellation' | 'creditNote' | 'payment' | 'bankFee';
  description: string;
  lines: JournalLine[];
  /** Orders entries of one day: the instant the document was made. */
  at: string;
}

interface InvoiceRow {
  id: string;
  number: string | null;
  amount: number;
  creditApplied: number;
  net8: number;
  tax8: number;
  net10: number;
  tax10: number;
  issueDate: string | null;
  createdAt: string;
  cancelledAt: string | null;
  customer: string;
}

interface CreditRow {
  number: string;
  issueDate: string;
  net8: number;
  tax8: number;
  net10: number;
  tax10: number;
  total: number;
  createdAt: string;
  customer: string;
}

interface PaymentRow {
  kind: 'payment' | 'bank_fee';
  amount: number;
  date: string;
  createdAt: string;
  invoiceNumber: string | null;
  customer: string;
  cash: number;
}

/** The period asked for, the last calendar month by default; checked again with the defaults in. */
function journalPeriod(input: Pick<JournalInput, 'from' | 'to'>, today: string) {
  const last = lastCalendarMonth(today);
  const from = input.from ?? (input.to && input.to < last.from ? input.to : last.from);
  const to = input.to ?? (input.from && input.from > last.to ? input.from : last.to);
  if (from > to) throw badRequest('settings.journalPeriodReversed');
  if (journalDays(from, to) > JOURNAL_MAX_DAYS) throw badRequest('settings.journalPeriodTooLong');
  return { from, to };
}

/** The customer's name on the books: its billing name, else its name, else the name it had. */
const CUSTOMER = `COALESCE(NULLIF(trim(c.billing_name), ''), c.restaurant_name, i.deleted_customer_name, '')`;

/** One line per rate that has an amount: the amount with tax and the tax, as on the document. */
function perRate(f: { net8: number; tax8: number; net10: number; tax10: number }) {
  const out: { rate: TaxRate; amount: number; tax: number }[] = [];
  if (f.net8 + f.tax8 !== 0) out.push({ rate: 8, amount: f.net8 + f.tax8, tax: f.tax8 });
  if (f.net10 + f.tax10 !== 0) out.push({ rate: 10, amount: f.net10 + f.tax10, tax: f.tax10 });
  return out;
}

function journalEntries(
  db: Db,
  timeZone: string,
  input: JournalInput,
  today: string,
): { from: string; to: string; entries: JournalEntry[] } {
  const { from, to } = journalPeriod(input, today);
  const books = input.books ?? 'exclusive';
  const inPeriod = (d: string) => d >= from && d <= to;
  const entries: JournalEntry[] = [];

  // Instants are read a day wider on each side, then placed by their business day.
  const wide = { from, to, lo: `${from}T00:00:00.000Z`, hi: `${to}T23:59:59.999Z` };
  const widen = (iso: string, days: number) =>
    new Date(Date.parse(iso) + days * 86_400_000).toISOString();
  const params = { ...wide, lo: widen(wide.lo, -1), hi: widen(wide.hi, 1) };

  const invoices = db.$client
    .prepare<typeof params, InvoiceRow>(
      `SELECT i.id, i.number, i.amount, i.credit_applied AS creditApplied,
              i.net8, i.tax8, i.net10, i.tax10, i.issue_date AS issueDate,
              i.created_at AS createdAt, i.cancelled_at AS cancelledAt, ${CUSTOMER} AS customer
         FROM invoice i LEFT JOIN customer c ON c.id = i.customer_id
        WHERE i.issue_date BETWEEN @from AND @to
           OR (i.issue_date IS NULL AND i.created_at BETWEEN @lo AND @hi)
           OR i.cancelled_at BETWEEN @lo AND @hi`,
    )
    .all(params);
  for (const i of invoices) {
    const issued = i.issueDate ?? businessDateOf(i.createdAt, timeZone);
    const cancelled = i.cancelledAt ? businessDateOf(i.cancelledAt, timeZone) : null;
    const issuedIn = inPeriod(issued);
    const cancelledIn = cancelled !== null && inPeriod(cancelled);
    if (issuedIn && cancelledIn) continue;
    const rates = perRate(i);
    const sales = (rate: TaxRate | null): Omit<Side, 'amount'> =>
      rate === null
        ? { account: ACCOUNTS.sales }
        : { account: ACCOUNTS.sales, tax: taxCategory('課税売上', rate, books) };
    // An invoice from before per-rate figures were kept: its whole amount, 税区分 left to 弥生.
    const parts =
      rates.length > 0 ? rates : [{ rate: null, amount: i.amount + i.creditApplied, tax: 0 }];
    const receivable = { account: ACCOUNTS.receivable, sub: i.customer, tax: NO_TAX };
    if (issuedIn) {
      entries.push({
        date: issued,
        kind: 'invoice',
        description: `請求書 ${i.number ?? ''} ${i.customer}`,
        at: i.createdAt,
        lines: parts.map((p) => ({
          debit: { ...receivable, amount: p.amount, taxAmount: 0 },
          credit: { ...sales(p.rate), amount: p.amount, taxAmount: p.tax },
        })),
      });
    }
    if (cancelledIn && cancelled) {
      entries.push({
        date: cancelled,
        kind: 'cancellation',
        description: `請求書取消 ${i.number ?? ''} ${i.customer}`,
        at: i.cancelledAt ?? '',
        lines: parts.map((p) => ({
          debit: { ...sales(p.rate), amount: p.amount, taxAmount: p.tax },
          credit: { ...receivable, amount: p.amount, taxAmount: 0 },
        })),
      });
    }
  }

  const credits = db.$client
    .prepare<typeof params, CreditRow>(
      `SELECT i.number, i.issue_date AS issueDate, i.net8, i.tax8, i.net10, i.tax10, i.total,
              i.created_at AS createdAt,
              COALESCE(NULLIF(trim(c.billing_name), ''), c.restaurant_name, '') AS customer
         FROM credit_note i LEFT JOIN customer c ON c.id = i.customer_id
        WHERE i.issue_date BETWEEN @from AND @to`,
    )
    .all(params);
  for (const n of credits) {
    entries.push({
      date: n.issueDate,
      kind: 'creditNote',
      description: `返還 ${n.number} ${n.customer}`,
      at: n.createdAt,
      lines: perRate(n).map((p) => ({
        debit: {
          account: ACCOUNTS.discounts,
          tax: taxCategory('課税売返', p.rate, books),
          amount: p.amount,
          taxAmount: p.tax,
        },
        credit: {
          account: ACCOUNTS.receivable,
          sub: n.customer,
          tax: NO_TAX,
          amount: p.amount,
          taxAmount: 0,
        },
      })),
    });
  }

  // Money is 現金 when it was paid in cash, else a bank transfer: as recorded with the payment,
  // or for an older one, cash when a driver collected it or the customer pays cash (ADR 107).
  const payments = db.$client
    .prepare<typeof params, PaymentRow>(
      `SELECT p.kind, p.amount, p.date, p.created_at AS createdAt, i.number AS invoiceNumber,
              ${CUSTOMER} AS customer, ${PAID_IN_CASH_SQL} AS cash
         FROM payment p JOIN invoice i ON i.id = p.invoice_id
         LEFT JOIN customer c ON c.id = i.customer_id
         LEFT JOIN account a ON a.id = p.collected_by
        WHERE p.date BETWEEN @from AND @to`,
    )
    .all(params);
  for (const p of payments) {
    const receivable = {
      account: ACCOUNTS.receivable,
      sub: p.customer,
      tax: NO_TAX,
      amount: p.amount,
      taxAmount: 0,
    };
    if (p.kind === 'bank_fee') {
      entries.push({
        date: p.date,
        kind: 'bankFee',
        description: `振込手数料 ${p.invoiceNumber ?? ''} ${p.customer}`,
        at: p.createdAt,
        lines: [
          {
            debit: {
              account: ACCOUNTS.fees,
              tax: taxCategory('課対仕入', 10, books),
              amount: p.amount,
              // The fee carries no tax figure of its own: the tax inside a 10 % amount, rounded
              // down, as 弥生 computes it for a 内税 line.
              taxAmount: Math.floor((p.amount * 10) / 110),
            },
            credit: receivable,
          },
        ],
      });
    } else {
      entries.push({
        date: p.date,
        kind: 'payment',
        description: `入金 ${p.invoiceNumber ?? ''} ${p.customer}`,
        at: p.createdAt,
        lines: [
          {
            debit: {
              account: p.cash ? ACCOUNTS.cash : ACCOUNTS.bank,
              tax: NO_TAX,
              amount: p.amount,
              taxAmount: 0,
            },
            credit: receivable,
          },
        ],
      });
    }
  }

  const order = { invoice: 1, cancellation: 0, creditNote: 2, payment: 3, bankFee: 4 };
  entries.sort(
    (a, b) =>
      cmp(a.date, b.date) ||
      cmp(a.at, b.at) ||
      order[a.kind] - order[b.kind] ||
      cmp(a.description, b.description),
  );
  return { from, to, entries };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** 識別フラグ of each line of an entry: 2111 alone, else 2110, 2100 …, 2101. */
function entryFlags(lines: number): string[] {
  if (lines === 1) return ['2111'];
  return Array.from({ length: lines }, (_, k) =>
    k === 0 ? '2110' : k === lines - 1 ? '2101' : '2100',
  );
}

/** A field in double quotes (a name may hold a comma or a quote); no line breaks inside. */
function field(v: string | number | undefined): string {
  const s = String(v ?? '').replace(/[\r\n\t]+/g, ' ');
  return `"${s.replace(/"/g, '""')}"`;
}

type YayoiColumn = (typeof YAYOI_COLUMNS)[number];

/**
 * The entries as the lines of the file, without the line ends. Each value is named by its
 * column and the line is laid out in YAYOI_COLUMNS' order: 弥生 reads a field by its place
 * alone, so a value one place off would be imported as another column without a word.
 */
export function yayoiLines(entries: readonly JournalEntry[]): string[] {
  const out: string[] = [];
  for (const e of entries) {
    const flags = entryFlags(e.lines.length);
    const date = e.date.replace(/-/g, '/');
    e.lines.forEach((l, k) => {
      const values: Partial<Record<YayoiColumn, string | number>> = {
        識別フラグ: flags[k],
        取引日付: date,
        借方勘定科目: l.debit.account,
        借方補助科目: l.debit.sub,
        借方税区分: l.debit.tax,
        借方金額: l.debit.amount,
        借方税金額: l.debit.taxAmount,
        貸方勘定科目: l.credit.account,
        貸方補助科目: l.credit.sub,
        貸方税区分: l.credit.tax,
        貸方金額: l.credit.amount,
        貸方税金額: l.credit.taxAmount,
        // Up to 64 half-width characters in 弥生; it cuts the rest itself.
        摘要: e.description.trim(),
        // 3: 振替伝票 (a transfer slip, which holds any pair of accounts).
        タイプ: '3',
        // 0: no sticky note.
        付箋1: '0',
        付箋2: '0',
        // no: an ordinary entry, not a closing adjustment.
        調整: 'no',
      };
      out.push(YAYOI_COLUMNS.map((c) => field(values[c])).join(','));
    });
  }
  return out;
}

/**
 * The file: the period's entries in 弥生インポート形式, Shift_JIS (Windows-31J) with CRLF line
 * ends, no header row (弥生 would read a header as an entry).
 */
export function journalFile(
  db: Db,
  timeZone: string,
  input: JournalInput,
  today: string,
): { fileName: string; bytes: Buffer; entries: number } {
  const j = journalEntries(db, timeZone, input, today);
  const text = yayoiLines(j.entries)
    .map((l) => `${l}\r\n`)
    .join('');
  return {
    fileName: `journal-yayoi-${j.from}-${j.to}.csv`,
    bytes: iconv.encode(text, 'cp932'),
    entries: j.entries.length,
  };
}
