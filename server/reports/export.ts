import type * as xlsxModule from 'xlsx';
import type { InvoiceStatus, Language } from '../../shared/enums';
import { displayPhone } from '../../shared/format';
import { en, ja, ne, type Resources } from '../../shared/locales';
import { daysBetween } from '../money/aging';
import { statusOf } from '../money/invoice-reads';
import { businessDateOf, instantInZone } from '../platform/business-day';
import type { Db } from '../platform/db';
import { notFound } from '../platform/errors';

// The Excel export (DESIGN §3): one workbook per route (or all routes) with five sheets:
// Customers, Outstanding invoices (`outstandingHeader`, what is still owed), Invoices
// (`INVOICE_LIST_COLUMNS`, every invoice of the period with its totals and tax per rate, a
// cancelled one with the day it was cancelled) and Credit notes (`CREDIT_NOTE_COLUMNS`, each
// with where it was deducted, or that it waits). Invoices issued in a month, less those
// cancelled in it, less its credit notes, are the month's tax summary (ADR 054). Payments
// (`PAYMENT_COLUMNS`) lists what was received and, in a column of their own, the bank transfer
// fees written off (ADR 069), which the accountant books as 支払手数料 or 売上値引.
// `xlsx` only ever WRITES here; nothing uploaded is parsed.
// Yen are numbers with a yen format, dates are real dates, each sheet has a header row, frozen
// panes and an autofilter, and text that a spreadsheet could take for a formula is text.
// Sheet names, headers and words (payment method, status, kind) are in the reader's language
// (`exportTexts`, shared/locales/<lang>/exports.json); English when none is known.
// Every date is the business's calendar date: an instant (a delivery's time, a cancellation,
// an old invoice's creation) is read in the business's time zone before it becomes a cell.

/** The texts of the Excel files (the `exports` namespace) in one language. */
export type ExportTexts = Resources['exports'];

const EXPORT_TEXTS: Record<Language, ExportTexts> = {
  en: en.exports,
  ne: ne.exports,
  ja: ja.exports,
};
const WEEKDAY_TEXTS: Record<Language, Record<string, string>> = {
  en: en.weekday,
  ne: ne.weekday,
  ja: ja.weekday,
};
/** How a list of weekdays is joined in a cell. */
const LIST_SEPARATOR: Record<Language, string> = { en: ', ', ne: ', ', ja: '、' };

/** The sheet names, headers and words of the exports in `language` (a plain lookup). */
export function exportTexts(language: Language): ExportTexts {
  return EXPORT_TEXTS[language] ?? en.exports;
}

type Xlsx = typeof xlsxModule;
let xlsxLoading: Promise<Xlsx> | undefined;

/**
 * xlsx on the first export, not at start: loading it costs ~0.4 s of CPU and ~30 MB of memory
 * (its code pages tables), and the office exports a few times a month.
 */
export function loadXlsx(): Promise<Xlsx> {
  // Under Node the CommonJS build is loaded; its CFB (zip) helper is only on the default export.
  xlsxLoading ??= import('xlsx').then((m) => m.default ?? m);
  return xlsxLoading;
}

const YEN_FORMAT = '"¥"#,##0';
const DATE_FORMAT = 'yyyy-mm-dd';
/** Excel's day 0 (the 1900 date system, with its leap-year quirk) in epoch days. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

type Cell = xlsxModule.CellObject;

/** Text that starts with = + - @, a tab or a carriage return could run as a formula. */
const FORMULA_LIKE = /^[=+\-@\t\r]/;

export function textCell(value: string | null | undefined): Cell {
  const v = value ?? '';
  // Always a string cell (never `f`); formula-looking text also gets the Text number format.
  return FORMULA_LIKE.test(v) ? { t: 's', v, z: '@' } : { t: 's', v };
}

export function yenCell(value: number): Cell {
  return { t: 'n', v: value, z: YEN_FORMAT };
}

/** A stored date or instant as the business's calendar date (null stays null). */
function businessDay(value: string | null, timeZone: string): string | null {
  return value ? businessDateOf(value, timeZone) : value;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A calendar date (YYYY-MM-DD; an instant must be made a business day first: businessDay). */
function dateCell(iso: string | null | undefined): Cell {
  if (!iso) return { t: 's', v: '' };
  const ms = Date.parse(`${iso}T00:00:00Z`);
  if (Number.isNaN(ms)) return textCell(iso);
  return { t: 'n', v: (ms - EXCEL_EPOCH_MS) / 86_400_000, z: DATE_FORMAT };
}

const intCell = (value: number): Cell => ({ t: 'n', v: value });

/**
 * A worksheet from a header and rows of cells, with widths and an autofilter. The sheet is
 * SheetJS's "dense" form (an array of rows of cells, the sheet's settings as properties of the
 * array): the keyed form ({A1: cell, ...}) costs a string key and a hash insert per cell, more
 * than half of an export's time at 250,000 cells. xlsx writes both the same way.
 */
export function sheetOf(
  XLSX: Xlsx,
  header: string[],
  rows: Cell[][],
  widths: number[],
  /** Rows after `rows` (a totals row), kept out of the autofilter so sorting never moves them. */
  footer: Cell[][] = [],
): xlsxModule.WorkSheet {
  const dense: Cell[][] = [header.map((h): Cell => ({ t: 's', v: h })), ...rows, ...footer];
  const ws = dense as unknown as xlsxModule.WorkSheet;
  const lastCol = XLSX.utils.encode_col(header.length - 1);
  ws['!ref'] = `A1:${lastCol}${rows.length + footer.length + 1}`;
  ws['!autofilter'] = { ref: `A1:${lastCol}${rows.length + 1}` };
  ws['!cols'] = header.map((h, c) => ({ wch: columnWidth(h, widths[c] ?? 0, dense, c) }));
  return ws;
}

/** Room the header's filter button takes beside its text, in character widths. */
const FILTER_BUTTON = 3;
/** The widest a column is made for its values; a longer note wraps nothing and is cut there. */
const WIDEST_COLUMN = 50;

/**
 * How many of Excel's character widths (a half-width digit's) a text takes: a full-width
 * character (漢字, かな, ＡＢＣ) takes two, half-width katakana one. Excel sizes `wch` by the
 * digit, so a width chosen for 'Code' cut 得意先コード in half.
 */
export function displayWidth(text: string): number {
  let w = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    w += c <= 0x2000 || (c >= 0xff61 && c <= 0xff9f) ? 1 : 2;
  }
  return w;
}

/**
 * A column wide enough for its header in the reader's language with its filter button, and
 * for its longest text (up to WIDEST_COLUMN), never narrower than the width the sheet asked.
 */
function columnWidth(header: string, asked: number, dense: Cell[][], c: number): number {
  let w = Math.max(asked, displayWidth(header) + FILTER_BUTTON);
  for (let r = 1; r < dense.length && w < WIDEST_COLUMN; r++) {
    const cell = dense[r]?.[c];
    if (cell?.t === 's' && typeof cell.v === 'string') w = Math.max(w, displayWidth(cell.v) + 1);
  }
  return Math.min(Math.max(w, asked), Math.max(asked, WIDEST_COLUMN));
}

const PLAIN_VIEW = Buffer.from('<sheetView workbookViewId="0"/>');
const FROZEN_VIEW = Buffer.from(
  '<sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView>',
);
const SHEET_PATH = /xl\/worksheets\/sheet\d+\.xml$/;

/** A sheet's XML with its header row frozen. */
function freezeHeader(xml: Buffer): Buffer {
  const at = xml.indexOf(PLAIN_VIEW);
  if (at < 0) return xml;
  return Buffer.concat([xml.subarray(0, at), FROZEN_VIEW, xml.subarray(at + PLAIN_VIEW.length)]);
}

type ZipAdd = (zip: unknown, path: string, content: unknown) => unknown;

/**
 * The workbook as xlsx bytes with the header row of every sheet frozen. SheetJS's community
 * build writes no panes. Each part of the file goes into the zip through `CFB.utils.cfb_add`;
 * for the length of this (synchronous) write that function gives each sheet's XML its <pane>
 * on the way in, so the file is compressed once, by xlsx itself, as any other write.
 */
export function workbookBytes(XLSX: Xlsx, wb: xlsxModule.WorkBook): Buffer {
  const utils = XLSX.CFB.utils as unknown as { cfb_add: ZipAdd };
  const add = utils.cfb_add;
  utils.cfb_add = (zip, path, content) =>
    add(
      zip,
      path,
      SHEET_PATH.test(path) && Buffer.isBuffer(content) ? freezeHeader(content) : content,
    );
  try {
    return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
  } finally {
    utils.cfb_add = add;
  }
}

interface CustomerExportRow {
  customerCode: string;
  restaurantName: string;
  billingName: string | null;
  contactPerson: string | null;
  phoneNumber: string;
  mobileNumber: string | null;
  paymentMethod: string;
  paymentDate: string | null;
  closingDay: number | null;
  paymentMonth: number;
  deliveryDays: string;
  routeName: string | null;
  dues: number;
  lastDelivery: string | null;
}

interface OutstandingRow {
  customerCode: string | null;
  restaurantName: string | null;
  routeName: string | null;
  /** The issue date; the creation date for an invoice without one. */
  invoiceDate: string;
  dueDate: string | null;
  amount: number;
  paidAmount: number;
  collector: string | null;
}

/** An invoice of the Invoices sheet: its totals and tax per rate (ADR 031). */
interface InvoiceListRow {
  number: string | null;
  kind: string;
  issueDate: string;
  customerCode: string | null;
  restaurantName: string | null;
  net8: number;
  tax8: number;
  net10: number;
  tax10: number;
  /** The credit notes deducted on it now (a cancelled invoice's wait again: none). */
  creditApplied: number;
  amount: number;
  paidAmount: number;
  cancelledAt: string | null;
}

/** A credit note of the Credit notes sheet: what it corrects and where it was deducted. */
interface CreditNoteListRow {
  number: string;
  issueDate: string;
  customerCode: string | null;
  restaurantName: string | null;
  /** The invoice it corrects (for a goods claim, the one that billed the order). */
  invoiceNumber: string | null;
  /** A goods claim's order. */
  claimOrderNumber: number | null;
  net8: number;
  tax8: number;
  net10: number;
  tax10: number;
  total: number;
  /** The invoice it was deducted on, its issue date and that invoice's statement; null: waits. */
  deductedOn: string | null;
  deductedDate: string | null;
  statementNumber: string | null;
}

/** A row of the Payments sheet: money received, or a bank transfer fee written off (ADR 069). */
interface PaymentListRow {
  date: string;
  customerCode: string | null;
  restaurantName: string | null;
  invoiceNumber: string | null;
  receiptNumber: string | null;
  kind: 'payment' | 'bank_fee';
  amount: number;
  recordedBy: string | null;
}

/** How far back the Invoices sheet reaches (a year and a month: last year's same month too). */
const INVOICE_SHEET_DAYS = 400;

interface ExportData {
  fileName: string;
  customers: CustomerExportRow[];
  /** The Outstanding invoices sheet: what is still owed. */
  outstanding: OutstandingRow[];
  /** The Invoices sheet: every invoice of the period. */
  invoiceList: InvoiceListRow[];
  /** The Credit notes sheet: every credit note of the period. */
  creditNotes: CreditNoteListRow[];
  /** The Payments sheet: every payment and bank transfer fee of the period. */
  payments: PaymentListRow[];
}

/**
 * The rows of one route (`null` = all routes) and the file's name; `today` and every date in
 * the rows are days in the business's time zone (`timeZone`, BUSINESS_TIME_ZONE).
 */
export function exportData(
  db: Db,
  routeId: string | null,
  today: string,
  timeZone: string,
): ExportData {
  let routeName = 'all';
  if (routeId !== null) {
    const r = db.$client
      .prepare<[string], { name: string }>('SELECT name FROM route WHERE id = ?')
      .get(routeId);
    if (!r) throw notFound('common.notFound');
    routeName = r.name;
  }
  const routeWhere = routeId === null ? '1 = 1' : 'c.route_id = @routeId';
  const params: Record<string, string> = routeId === null ? {} : { routeId };
  const customers = db.$client
    .prepare<Record<string, string>, CustomerExportRow>(
      `SELECT c.customer_code AS customerCode, c.restaurant_name AS restaurantName,
              c.billing_name AS billingName, c.contact_person AS contactPerson, c.phone_number AS phoneNumber,
              c.mobile_number AS mobileNumber, c.payment_method AS paymentMethod,
              c.payment_date AS paymentDate, c.closing_day AS closingDay,
              c.payment_month AS paymentMonth, c.delivery_days AS deliveryDays, r.name AS routeName,
              COALESCE(d.dues, 0) AS dues,
              MAX(COALESCE(j.last, ''), COALESCE(o.last, '')) AS lastDelivery
         FROM customer c
         LEFT JOIN route r ON r.id = c.route_id
         LEFT JOIN (SELECT customer_id, SUM(amount - paid_amount) AS dues FROM invoice
                     WHERE cancelled_at IS NULL GROUP BY customer_id) d
                ON d.customer_id = c.id
         LEFT JOIN (SELECT customer_id, MAX(delivered_at) AS last FROM delivery_job
                     WHERE is_delivered = 1 GROUP BY customer_id) j ON j.customer_id = c.id
         LEFT JOIN (SELECT customer_id, MAX(delivered_at) AS last FROM customer_order o
                     WHERE is_delivered = 1
                       -- Handed over by the office; a driver's delivery is its job's, above.
                       AND NOT EXISTS (SELECT 1 FROM delivery_job j WHERE j.order_id = o.id)
                     GROUP BY customer_id) o ON o.customer_id = c.id
        WHERE ${routeWhere}
        ORDER BY r.name, c.customer_code`,
    )
    .all(params)
    .map((c) => ({ ...c, lastDelivery: businessDay(c.lastDelivery || null, timeZone) }));
  const outstanding = db.$client
    .prepare<Record<string, string>, OutstandingRow>(
      `SELECT c.customer_code AS customerCode, c.restaurant_name AS restaurantName,
              r.name AS routeName, COALESCE(i.issue_date, i.created_at) AS invoiceDate,
              i.due_date AS dueDate, i.amount,
              i.paid_amount AS paidAmount, a.username AS collector
         FROM invoice i
         LEFT JOIN customer c ON c.id = i.customer_id
         LEFT JOIN route r ON r.id = c.route_id
         LEFT JOIN account a ON a.id = i.assign_to_collect
        WHERE i.paid_amount < i.amount AND i.cancelled_at IS NULL AND ${routeWhere}
        ORDER BY c.customer_code, i.due_date`,
    )
    .all(params)
    .map((i) => ({ ...i, invoiceDate: businessDay(i.invoiceDate, timeZone) ?? '' }));
  const since = new Date(Date.parse(`${today}T00:00:00Z`) - INVOICE_SHEET_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  // An invoice without an issue date (an old row) counts from the instant it was made.
  const sinceInstant = instantInZone(since, '00:00', timeZone).toISOString();
  const invoiceList = db.$client
    .prepare<Record<string, string>, InvoiceListRow>(
      `SELECT i.number, i.kind, COALESCE(i.issue_date, i.created_at) AS issueDate,
              c.customer_code AS customerCode, c.restaurant_name AS restaurantName,
              i.net8, i.tax8, i.net10, i.tax10, COALESCE(d.total, 0) AS creditApplied, i.amount,
              i.paid_amount AS paidAmount, i.cancelled_at AS cancelledAt
         FROM invoice i
         LEFT JOIN customer c ON c.id = i.customer_id
         -- What is deducted on it now: a cancelled invoice's credit notes were released to
         -- wait for the next one (ADR 034), while its credit_applied still reads what it took.
         LEFT JOIN (SELECT applied_to_invoice_id AS invoiceId, SUM(total) AS total
                      FROM credit_note WHERE applied_to_invoice_id IS NOT NULL
                     GROUP BY applied_to_invoice_id) d ON d.invoiceId = i.id
        WHERE (CASE WHEN i.issue_date IS NOT NULL THEN i.issue_date >= @since
                    ELSE i.created_at >= @sinceInstant END) AND ${routeWhere}
        ORDER BY issueDate, i.number`,
    )
    .all({ ...params, since, sinceInstant })
    .map((i) => ({
      ...i,
      issueDate: businessDay(i.issueDate, timeZone) ?? '',
      cancelledAt: businessDay(i.cancelledAt, timeZone),
    }))
    // By the day it reads (an old row's creation instant sorts by its UTC date in SQL); the
    // rows come nearly in order, so this is one pass.
    .sort((a, b) => byText(a.issueDate, b.issueDate) || byText(a.number ?? '', b.number ?? ''));
  const creditNotes = db.$client
    .prepare<Record<string, string>, CreditNoteListRow>(
      `SELECT n.number, n.issue_date AS issueDate,
              c.customer_code AS customerCode, c.restaurant_name AS restaurantName,
              fixed.number AS invoiceNumber, o.order_number AS claimOrderNumber,
              n.net8, n.tax8, n.net10, n.tax10, n.total,
              d.number AS deductedOn, d.issue_date AS deductedDate,
              (SELECT s.number FROM statement s
                WHERE s.invoice_id = d.id OR s.id = d.statement_id
                ORDER BY s.closing_date LIMIT 1) AS statementNumber
         FROM credit_note n
         LEFT JOIN customer c ON c.id = n.customer_id
         LEFT JOIN invoice fixed ON fixed.id = n.invoice_id
         LEFT JOIN goods_claim g ON g.id = n.claim_id
         LEFT JOIN customer_order o ON o.id = g.order_id
         LEFT JOIN invoice d ON d.id = n.applied_to_invoice_id
        WHERE n.issue_date >= @since AND ${routeWhere}
        ORDER BY n.issue_date, n.number`,
    )
    .all({ ...params, since });
  const payments = db.$client
    .prepare<Record<string, string>, PaymentListRow>(
      `SELECT p.date, c.customer_code AS customerCode,
              COALESCE(c.restaurant_name, i.deleted_customer_name) AS restaurantName,
              i.number AS invoiceNumber, p.receipt_number AS receiptNumber, p.kind, p.amount,
              COALESCE(NULLIF(a.name, ''), a.username) AS recordedBy
         FROM payment p JOIN invoice i ON i.id = p.invoice_id
         LEFT JOIN customer c ON c.id = i.customer_id
         LEFT JOIN account a ON a.id = p.collected_by
        WHERE p.date >= @since AND ${routeWhere}
        ORDER BY p.date, p.created_at, p.kind = 'bank_fee', p.id`,
    )
    .all({ ...params, since });
  const safe = routeName.replace(/[^\p{L}\p{N}_.-]+/gu, '-').replace(/^-+|-+$/g, '') || 'route';
  return {
    fileName: `${safe}-data-${today}.xlsx`,
    customers,
    outstanding,
    invoiceList,
    creditNotes,
    payments,
  };
}

/** A closing day as the office says it: the day, or the month's end for 31 (月末). */
function closingDayText(x: ExportTexts, day: number): string {
  return day >= 31 ? x.monthEnd : String(day);
}

/** The Customers sheet's header, in the order of its columns. */
function customerHeader(x: ExportTexts): string[] {
  const h = x.customers;
  return [
    h.code,
    h.restaurant,
    h.billingName,
    h.contactPerson,
    h.phone,
    h.mobile,
    h.paymentMethod,
    h.closingDay,
    h.paymentMonth,
    h.paymentDay,
    h.deliveryDays,
    h.route,
    h.dues,
    h.lastDelivery,
  ];
}

/** The Outstanding invoices sheet's header. */
function outstandingHeader(x: ExportTexts): string[] {
  const h = x.outstanding;
  return [
    h.code,
    h.restaurant,
    h.route,
    h.invoiceDate,
    h.dueDate,
    h.amount,
    h.paid,
    h.pending,
    h.status,
    h.daysPastDue,
    h.collector,
  ];
}

/**
 * A sheet listing documents (Invoices, Credit notes), one entry per column: its header, its
 * cell, its width, and for a yen column its total. A new column is one more entry.
 */
interface ListColumn<R, H> {
  header: (h: H) => string;
  cell: (r: R, x: ExportTexts) => Cell;
  width: number;
  /** A yen column: the value its total adds up. */
  total?: (r: R) => number;
}

function yenColumn<R, H>(
  header: (h: H) => string,
  value: (r: R) => number,
  width: number,
): ListColumn<R, H> {
  return { header, cell: (r) => yenCell(value(r)), width, total: value };
}

/** The columns of the per-rate figures every document of ADR 031 has. */
function rateColumns<R extends { net8: number; tax8: number; net10: number; tax10: number }, H>(
  h: (h: H) => { net8: string; tax8: string; net10: string; tax10: string },
): ListColumn<R, H>[] {
  return [
    yenColumn(
      (x: H) => h(x).net8,
      (r: R) => r.net8,
      12,
    ),
    yenColumn(
      (x: H) => h(x).tax8,
      (r: R) => r.tax8,
      10,
    ),
    yenColumn(
      (x: H) => h(x).net10,
      (r: R) => r.net10,
      12,
    ),
    yenColumn(
      (x: H) => h(x).tax10,
      (r: R) => r.tax10,
      10,
    ),
  ];
}

/** A document's customer columns: its code and restaurant, a deleted customer's said as such. */
function customerColumns<
  R extends { customerCode: string | null; restaurantName: string | null },
  H extends { code: string; restaurant: string },
>(): ListColumn<R, H>[] {
  return [
    {
      header: (h) => h.code,
      cell: (r, x) => textCell(r.customerCode ?? x.unknownCustomer),
      width: 10,
    },
    {
      header: (h) => h.restaurant,
      cell: (r, x) => textCell(r.restaurantName ?? x.deletedRestaurant),
      width: 28,
    },
  ];
}

/** A list sheet's header, rows, widths and total row (over the rows `counted` keeps). */
function listSheet<R, H>(
  columns: readonly ListColumn<R, H>[],
  texts: H,
  totalLabel: string,
  rows: readonly R[],
  x: ExportTexts,
  counted: (r: R) => boolean = () => true,
) {
  const kept = rows.filter(counted);
  // The label runs on over the text columns left without cells before the first total.
  const totalRow: Cell[] = [textCell(totalLabel)];
  columns.forEach((c, n) => {
    if (c.total) totalRow[n] = yenCell(kept.reduce((sum, r) => sum + (c.total?.(r) ?? 0), 0));
  });
  return {
    header: columns.map((c) => c.header(texts)),
    rows: rows.map((r) => columns.map((c) => c.cell(r, x))),
    widths: columns.map((c) => c.width),
    totalRow,
  };
}

type InvoiceColumn = ListColumn<InvoiceListRow, ExportTexts['invoices']>;

/**
 * The Invoices sheet: every invoice of the period, hand-made ones too (ADR 046), cancelled ones
 * with the business day they were cancelled on; its totals leave the cancelled ones out, as the
 * total row's label says.
 */
const INVOICE_LIST_COLUMNS: readonly InvoiceColumn[] = [
  { header: (h) => h.number, cell: (i) => textCell(i.number), width: 14 },
  {
    header: (h) => h.kind,
    cell: (i, x) => textCell((x.kind as Record<string, string>)[i.kind] ?? i.kind),
    width: 10,
  },
  { header: (h) => h.issueDate, cell: (i) => dateCell(i.issueDate), width: 12 },
  ...customerColumns<InvoiceListRow, ExportTexts['invoices']>(),
  ...rateColumns<InvoiceListRow, ExportTexts['invoices']>((h) => h),
  yenColumn(
    (h) => h.creditApplied,
    (i) => i.creditApplied,
    14,
  ),
  yenColumn(
    (h) => h.amount,
    (i) => i.amount,
    12,
  ),
  yenColumn(
    (h) => h.paid,
    (i) => i.paidAmount,
    12,
  ),
  { header: (h) => h.cancelled, cell: (i) => dateCell(i.cancelledAt), width: 12 },
];

type CreditNoteColumn = ListColumn<CreditNoteListRow, ExportTexts['creditNotes']>;

/** The Credit notes sheet: each with what it corrects and where it was deducted, if it was. */
const CREDIT_NOTE_COLUMNS: readonly CreditNoteColumn[] = [
  { header: (h) => h.number, cell: (n) => textCell(n.number), width: 14 },
  { header: (h) => h.issueDate, cell: (n) => dateCell(n.issueDate), width: 12 },
  ...customerColumns<CreditNoteListRow, ExportTexts['creditNotes']>(),
  { header: (h) => h.invoice, cell: (n) => textCell(n.invoiceNumber), width: 14 },
  {
    header: (h) => h.claimOrder,
    cell: (n) => (n.claimOrderNumber === null ? textCell('') : intCell(n.claimOrderNumber)),
    width: 12,
  },
  ...rateColumns<CreditNoteListRow, ExportTexts['creditNotes']>((h) => h),
  yenColumn(
    (h) => h.total,
    (n) => n.total,
    12,
  ),
  {
    header: (h) => h.deductedOn,
    cell: (n, x) => textCell(n.deductedOn ?? x.creditNotes.notDeducted),
    width: 18,
  },
  { header: (h) => h.deductedDate, cell: (n) => dateCell(n.deductedDate), width: 12 },
  { header: (h) => h.statement, cell: (n) => textCell(n.statementNumber), width: 14 },
];

type PaymentColumn = ListColumn<PaymentListRow, ExportTexts['payments']>;

/**
 * The Payments sheet: what was received, and apart from it the bank transfer fees written off
 * (ADR 069), each in its own column with its own total, so the money received adds up to the
 * bank's statements and the fees can be booked on their own.
 */
const PAYMENT_COLUMNS: readonly PaymentColumn[] = [
  { header: (h) => h.date, cell: (p) => dateCell(p.date), width: 12 },
  ...customerColumns<PaymentListRow, ExportTexts['payments']>(),
  { header: (h) => h.invoice, cell: (p) => textCell(p.invoiceNumber), width: 14 },
  { header: (h) => h.receipt, cell: (p) => textCell(p.receiptNumber), width: 14 },
  {
    header: (h) => h.kind,
    cell: (p, x) => textCell(x.payments.kinds[p.kind]),
    width: 22,
  },
  yenColumn(
    (h) => h.received,
    (p) => (p.kind === 'payment' ? p.amount : 0),
    12,
  ),
  yenColumn(
    (h) => h.bankFee,
    (p) => (p.kind === 'bank_fee' ? p.amount : 0),
    14,
  ),
  { header: (h) => h.collectedBy, cell: (p) => textCell(p.recordedBy), width: 16 },
];

const STATUS_KEY: Record<InvoiceStatus, keyof ExportTexts['status']> = {
  Pending: 'pending',
  'Partial Paid': 'partial',
  Completed: 'completed',
};

export function buildWorkbook(
  XLSX: Xlsx,
  data: ExportData,
  today: string,
  language: Language = 'en',
): xlsxModule.WorkBook {
  const x = exportTexts(language);
  const weekdays = WEEKDAY_TEXTS[language] ?? WEEKDAY_TEXTS.en;
  const separator = LIST_SEPARATOR[language] ?? ', ';
  const customerRows = data.customers.map((c) => {
    const monthly = c.paymentMethod === 'monthly';
    let days = '';
    try {
      days = (JSON.parse(c.deliveryDays) as string[]).map((d) => weekdays[d] ?? d).join(separator);
    } catch {
      days = '';
    }
    return [
      textCell(c.customerCode),
      textCell(c.restaurantName),
      // The legal name the documents are addressed to (株式会社…), which the accountant books
      // the receivable under; the restaurant's own name when none was given, as documents do.
      textCell(c.billingName?.trim() || c.restaurantName),
      textCell(c.contactPerson),
      textCell(displayPhone(c.phoneNumber)),
      textCell(displayPhone(c.mobileNumber)),
      textCell(c.paymentMethod === 'monthly' ? x.paymentMethod.monthly : x.paymentMethod.cash),
      // A monthly customer's terms as the office sets them (20日締め 翌月 25日払い, ADR 066);
      // a cash customer has none.
      textCell(monthly && c.closingDay !== null ? closingDayText(x, c.closingDay) : ''),
      textCell(monthly ? x.paymentMonths[String(c.paymentMonth) as '0' | '1' | '2'] : ''),
      textCell(c.paymentDate),
      textCell(days),
      textCell(c.routeName),
      yenCell(c.dues),
      dateCell(c.lastDelivery || null),
    ];
  });
  const outstandingRows = data.outstanding.map((i) => {
    const late = i.dueDate ? Math.max(0, daysBetween(i.dueDate, today)) : 0;
    return [
      textCell(i.customerCode ?? x.unknownCustomer),
      textCell(i.restaurantName ?? x.deletedRestaurant),
      textCell(i.routeName),
      dateCell(i.invoiceDate),
      dateCell(i.dueDate),
      yenCell(i.amount),
      yenCell(i.paidAmount),
      yenCell(i.amount - i.paidAmount),
      textCell(x.status[STATUS_KEY[statusOf(i.amount, i.paidAmount)]]),
      intCell(late),
      textCell(i.collector),
    ];
  });
  const invoiceList = listSheet(
    INVOICE_LIST_COLUMNS,
    x.invoices,
    x.invoices.totalRow,
    data.invoiceList,
    x,
    (i) => !i.cancelledAt,
  );
  const creditNotes = listSheet(
    CREDIT_NOTE_COLUMNS,
    x.creditNotes,
    x.creditNotes.totalRow,
    data.creditNotes,
    x,
  );
  const payments = listSheet(PAYMENT_COLUMNS, x.payments, x.payments.totalRow, data.payments, x);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    wb,
    sheetOf(XLSX, customerHeader(x), customerRows, [10, 28, 18, 14, 14, 12, 10, 30, 14, 12, 12]),
    x.sheets.customers,
  );
  XLSX.utils.book_append_sheet(
    wb,
    sheetOf(
      XLSX,
      outstandingHeader(x),
      outstandingRows,
      [10, 28, 14, 12, 12, 12, 12, 12, 12, 10, 14],
    ),
    x.sheets.outstanding,
  );
  XLSX.utils.book_append_sheet(
    wb,
    sheetOf(XLSX, invoiceList.header, invoiceList.rows, invoiceList.widths, [invoiceList.totalRow]),
    x.sheets.invoices,
  );
  XLSX.utils.book_append_sheet(
    wb,
    sheetOf(XLSX, creditNotes.header, creditNotes.rows, creditNotes.widths, [creditNotes.totalRow]),
    x.sheets.creditNotes,
  );
  XLSX.utils.book_append_sheet(
    wb,
    sheetOf(XLSX, payments.header, payments.rows, payments.widths, [payments.totalRow]),
    x.sheets.payments,
  );
  return wb;
}

export async function exportWorkbook(
  db: Db,
  routeId: string | null,
  today: string,
  timeZone: string,
  language: Language = 'en',
): Promise<{ fileName: string; bytes: Buffer }> {
  const XLSX = await loadXlsx();
  const data = exportData(db, routeId, today, timeZone);
  const wb = buildWorkbook(XLSX, data, today, language);
  return { fileName: data.fileName, bytes: workbookBytes(XLSX, wb) };
}
