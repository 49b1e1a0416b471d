import type * as xlsxModule from 'xlsx';
import type { InvoiceKind, Language } from '../../shared/enums';
import { ledgerDescription } from '../../shared/ledger-text';
import { en, ja, ne } from '../../shared/locales';
import {
  LEDGER_MAX_DAYS,
  type LedgerInput,
  type LedgerOut,
  type LedgerRow,
  ledgerDays,
  ledgerPeriodOf,
} from '../../shared/schemas/ledger';
import { businessDateOf } from '../platform/business-day';
import type { Db } from '../platform/db';
import { badRequest, notFound } from '../platform/errors';
import { loadXlsx, sheetOf, textCell, workbookBytes, yenCell } from '../reports/export';

// A customer's ledger (得意先元帳 / 売掛金元帳, ADR 074): what the customer owes, movement by
// movement. A movement is one of four things that change Σ(amount − paid_amount) over the
// customer's live invoices, the figure the aging list, the customer's page and the statements
// count: an invoice issued (debit), an invoice cancelled (credit), money received (credit), a bank
// fee written off (credit). Credit notes are no movement of their own: one changes what is owed
// only when an invoice deducts it, and that invoice's amount is already net of it.

interface InvoiceRow {
  id: string;
  kind: InvoiceKind;
  number: string | null;
  amount: number;
  paidAmount: number;
  creditApplied: number;
  issueDate: string | null;
  createdAt: string;
  cancelledAt: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  replacesInvoiceId: string | null;
}

interface PaymentRow {
  id: string;
  invoiceId: string;
  kind: 'payment' | 'bank_fee';
  amount: number;
  date: string;
  receiptNumber: string | null;
  createdAt: string;
  collectedBy: string | null;
  byDriver: number;
}

/** A row before its balance, with what orders it within its day. */
interface Movement {
  row: Omit<LedgerRow, 'balance'>;
  /** The instant it was recorded: within a day, movements come in the order they happened. */
  at: string;
  rank: number;
  id: string;
}

// At the same instant a cancellation comes before the invoice re-issued in its place, and a
// payment before the fee written off with it.
const RANK = { cancellation: 0, invoice: 1, payment: 2, bank_fee: 3 } as const;

/**
 * The period asked for, with the defaults in (ledgerPeriodOf). Checked again here because a
 * default end can make a period reversed or too long that the input alone did not show.
 */
export function ledgerPeriod(input: Pick<LedgerInput, 'from' | 'to'>, today: string) {
  const { from, to } = ledgerPeriodOf(input, today);
  if (from > to) throw badRequest('customer.ledgerPeriodReversed');
  if (ledgerDays(from, to) > LEDGER_MAX_DAYS) throw badRequest('customer.ledgerPeriodTooLong');
  return { from, to };
}

export function customerLedger(
  db: Db,
  timeZone: string,
  input: LedgerInput,
  today: string,
): LedgerOut {
  const { from, to } = ledgerPeriod(input, today);
  const who = db.$client
    .prepare<[string], { id: string; customerCode: string; restaurantName: string }>(
      `SELECT id, customer_code AS customerCode, restaurant_name AS restaurantName
         FROM customer WHERE id = ?`,
    )
    .get(input.customerId);
  if (!who) throw notFound('customer.notFound');

  const invoices = db.$client
    .prepare<[string], InvoiceRow>(
      `SELECT id, kind, number, amount, paid_amount AS paidAmount, credit_applied AS creditApplied,
              issue_date AS issueDate, created_at AS createdAt, cancelled_at AS cancelledAt,
              period_start AS periodStart, period_end AS periodEnd,
              replaces_invoice_id AS replacesInvoiceId
         FROM invoice WHERE customer_id = ?`,
    )
    .all(who.id);
  const payments = db.$client
    .prepare<[string], PaymentRow>(
      `SELECT p.id, p.invoice_id AS invoiceId, p.kind, p.amount, p.date,
              p.receipt_number AS receiptNumber, p.created_at AS createdAt,
              a.name AS collectedBy, COALESCE(a.role = 'driver', 0) AS byDriver
         FROM payment p JOIN invoice i ON i.id = p.invoice_id
         LEFT JOIN account a ON a.id = p.collected_by
        WHERE i.customer_id = ?`,
    )
    .all(who.id);
  // The credit notes each invoice deducted (a cancelled invoice's were released to wait again:
  // its row keeps the amount, and the invoice that deducts them next names them).
  const credits = new Map<string, string[]>();
  for (const c of db.$client
    .prepare<[string], { invoiceId: string; number: string }>(
      `SELECT applied_to_invoice_id AS invoiceId, number FROM credit_note
        WHERE customer_id = ? AND applied_to_invoice_id IS NOT NULL ORDER BY number`,
    )
    .all(who.id)) {
    credits.set(c.invoiceId, [...(credits.get(c.invoiceId) ?? []), c.number]);
  }

  const byId = new Map(invoices.map((i) => [i.id, i]));
  const replacement = new Map(
    invoices.filter((i) => i.replacesInvoiceId).map((i) => [i.replacesInvoiceId ?? '', i]),
  );
  const about = (i: InvoiceRow) => ({
    invoiceId: i.id,
    invoiceNumber: i.number,
    invoiceKind: i.kind,
    periodStart: i.periodStart,
    periodEnd: i.periodEnd,
    creditNotes: [] as string[],
    creditApplied: 0,
    replacedBy: null,
    replaces: null,
    collectedBy: null,
    byDriver: false,
    debit: 0,
    credit: 0,
  });

  const movements: Movement[] = [];
  for (const i of invoices) {
    movements.push({
      row: {
        ...about(i),
        kind: 'invoice',
        // An invoice from before issue dates were kept is dated by the business day it was made.
        date: i.issueDate ?? businessDateOf(i.createdAt, timeZone),
        number: i.number,
        creditNotes: credits.get(i.id) ?? [],
        creditApplied: i.creditApplied,
        replaces: i.replacesInvoiceId ? (byId.get(i.replacesInvoiceId)?.number ?? null) : null,
        debit: i.amount,
      },
      at: i.createdAt,
      rank: RANK.invoice,
      id: i.id,
    });
    if (i.cancelledAt) {
      // What the cancellation took off what is owed: the invoice less what was paid on it (a
      // paid invoice cannot be cancelled, so in practice its whole amount).
      movements.push({
        row: {
          ...about(i),
          kind: 'cancellation',
          date: businessDateOf(i.cancelledAt, timeZone),
          number: i.number,
          replacedBy: replacement.get(i.id)?.number ?? null,
          credit: i.amount - i.paidAmount,
        },
        at: i.cancelledAt,
        rank: RANK.cancellation,
        id: i.id,
      });
    }
  }
  for (const p of payments) {
    const i = byId.get(p.invoiceId);
    if (!i) continue;
    movements.push({
      row: {
        ...about(i),
        kind: p.kind,
        date: p.date,
        number: p.receiptNumber,
        collectedBy: p.collectedBy,
        byDriver: p.byDriver === 1,
        credit: p.amount,
      },
      at: p.createdAt,
      rank: RANK[p.kind],
      id: p.id,
    });
  }
  movements.sort(
    (a, b) => cmp(a.row.date, b.row.date) || cmp(a.at, b.at) || a.rank - b.rank || cmp(a.id, b.id),
  );

  let balance = 0;
  let openingBalance = 0;
  const rows: LedgerRow[] = [];
  const totals = { debit: 0, credit: 0 };
  for (const m of movements) {
    if (m.row.date > to) break;
    balance += m.row.debit - m.row.credit;
    if (m.row.date < from) {
      openingBalance = balance;
      continue;
    }
    totals.debit += m.row.debit;
    totals.credit += m.row.credit;
    rows.push({ ...m.row, balance });
  }
  return {
    customer: { _id: who.id, customerCode: who.customerCode, restaurantName: who.restaurantName },
    from,
    to,
    openingBalance,
    rows,
    totals,
    closingBalance: openingBalance + totals.debit - totals.credit,
  };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

// --- The Excel file -------------------------------------------------------------------------

const LEDGER_TEXTS = { en: en.ledger, ne: ne.ledger, ja: ja.ledger };

/** Excel's day 0 (the 1900 date system) in epoch milliseconds. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** A business date as a real date cell (the accountant sorts and filters by it). */
function dateCell(iso: string): xlsxModule.CellObject {
  return {
    t: 'n',
    v: (Date.parse(`${iso}T00:00:00Z`) - EXCEL_EPOCH_MS) / 86_400_000,
    z: 'yyyy-mm-dd',
  };
}

const fill = (text: string, params: Record<string, string> = {}) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? '');

/**
 * The ledger as an xlsx workbook in the reader's language: a header row (日付, 伝票, 摘要, 請求額,
 * 入金額, 残高), the opening balance on the period's first day, one row per movement with the same
 * description as the screen's, then the period's totals and the closing balance (outside the
 * autofilter, so sorting never moves them).
 */
export async function ledgerWorkbook(
  db: Db,
  timeZone: string,
  input: LedgerInput,
  today: string,
  language: Language = 'en',
): Promise<{ fileName: string; bytes: Buffer }> {
  const l = customerLedger(db, timeZone, input, today);
  const x = LEDGER_TEXTS[language] ?? en.ledger;
  const words = (key: string, params?: Record<string, string>) =>
    fill((x.desc as Record<string, string>)[key] ?? key, params);
  const blank = textCell('');
  const rows = [
    [dateCell(l.from), blank, textCell(x.openingBalance), blank, blank, yenCell(l.openingBalance)],
    ...l.rows.map((r) => [
      dateCell(r.date),
      textCell(r.number ?? ''),
      textCell(ledgerDescription(r, words)),
      r.debit ? yenCell(r.debit) : blank,
      r.credit ? yenCell(r.credit) : blank,
      yenCell(r.balance),
    ]),
  ];
  const footer = [
    [blank, blank, textCell(x.totals), yenCell(l.totals.debit), yenCell(l.totals.credit), blank],
    [dateCell(l.to), blank, textCell(x.closingBalance), blank, blank, yenCell(l.closingBalance)],
  ];
  const c = x.col;
  const header = [c.date, c.document, c.description, c.debit, c.credit, c.balance];
  const XLSX = await loadXlsx();
  const wb = XLSX.utils.book_new();
  // A sheet name may not hold : \\ / ? * [ ] and has at most 31 characters.
  const sheetName = `${l.customer.customerCode} ${x.sheet}`
    .replace(/[:\\/?*[\]]/g, '_')
    .slice(0, 31);
  XLSX.utils.book_append_sheet(
    wb,
    sheetOf(XLSX, header, rows, [12, 14, 56, 14, 14, 14], footer),
    sheetName,
  );
  const code = l.customer.customerCode || l.customer._id;
  return { fileName: `ledger-${code}-${l.from}-${l.to}.xlsx`, bytes: workbookBytes(XLSX, wb) };
}
