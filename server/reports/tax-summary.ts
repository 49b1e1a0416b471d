import { addDaysIso } from '../../shared/delivery-dates';
import type { Language } from '../../shared/enums';
import type {
  TaxSummaryInput,
  TaxSummaryMonth,
  TaxSummaryOut,
} from '../../shared/schemas/tax-summary';
import { businessDateOf } from '../platform/business-day';
import type { Db } from '../platform/db';
import {
  type ExportTexts,
  exportTexts,
  loadXlsx,
  sheetOf,
  textCell,
  workbookBytes,
  yenCell,
} from './export';

// The monthly consumption-tax summary for the accountant (ADR 031, amended by ADR 054): sales
// and tax per rate of the invoices issued in each month, minus the invoices cancelled in it,
// minus the credit notes issued in it. A month once filed never moves: an invoice counts in the
// month of its issue date also when it is cancelled later, and its cancellation counts against
// the month it happens in (a business day, in the business's time zone), as a 赤伝 would. An
// invoice cancelled in its own month is in both and nets to zero there. A hand-made invoice
// without an issue date counts in the month it was typed. Hand-made invoices carry their rate's
// figures too (ADR 046), so every sale is in one of the two rates.

interface Figures {
  n: number;
  net8: number;
  tax8: number;
  net10: number;
  tax10: number;
}

interface Row extends Figures {
  month: string;
  /** Credit notes: their total with tax. */
  amount?: number;
}

const none = (): Figures => ({ n: 0, net8: 0, tax8: 0, net10: 0, tax10: 0 });

function add(into: Map<string, Figures>, month: string, r: Omit<Figures, 'n'>, n = 1): void {
  const f = into.get(month) ?? none();
  f.n += n;
  f.net8 += r.net8;
  f.tax8 += r.tax8;
  f.net10 += r.net10;
  f.tax10 += r.tax10;
  into.set(month, f);
}

const withTax = (f: Omit<Figures, 'n'>) => f.net8 + f.tax8 + f.net10 + f.tax10;

function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    if (key > to) break;
    out.push(key);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/** The first day of the month after `month` (YYYY-MM). */
function monthAfter(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

export function taxSummary(db: Db, input: TaxSummaryInput, timeZone: string): TaxSummaryOut {
  const start = `${input.from}-01`;
  const end = `${input.to}-31`;
  const issued = new Map<string, Figures>();
  for (const r of db.$client
    .prepare<{ start: string; end: string }, Row>(
      `SELECT substr(issue_date, 1, 7) AS month, count(*) AS n,
              SUM(net8) AS net8, SUM(tax8) AS tax8, SUM(net10) AS net10, SUM(tax10) AS tax10
         FROM invoice
        WHERE issue_date BETWEEN @start AND @end
        GROUP BY month`,
    )
    .all({ start, end })) {
    add(issued, r.month, r, r.n);
  }
  // Instants are read a day wider than the period on each side, then placed by their business
  // day: 00:30 on the 1st in Tokyo is still the month before in UTC.
  const wide = { lo: addDaysIso(start, -1), hi: addDaysIso(monthAfter(input.to), 1) };
  const byBusinessMonth = (into: Map<string, Figures>, at: 'created_at' | 'cancelled_at') => {
    const rows = db.$client
      .prepare<typeof wide, Omit<Figures, 'n'> & { at: string }>(
        `SELECT ${at} AS at, net8, tax8, net10, tax10 FROM invoice
          WHERE ${at} >= @lo AND ${at} < @hi
            ${at === 'created_at' ? 'AND issue_date IS NULL' : ''}`,
      )
      .all(wide);
    for (const r of rows) {
      const month = businessDateOf(r.at, timeZone).slice(0, 7);
      if (month >= input.from && month <= input.to) add(into, month, r);
    }
  };
  byBusinessMonth(issued, 'created_at');
  const cancelled = new Map<string, Figures>();
  byBusinessMonth(cancelled, 'cancelled_at');
  const credits = db.$client
    .prepare<{ start: string; end: string }, Row>(
      `SELECT substr(issue_date, 1, 7) AS month, count(*) AS n,
              SUM(net8) AS net8, SUM(tax8) AS tax8, SUM(net10) AS net10, SUM(tax10) AS tax10,
              SUM(total) AS amount
         FROM credit_note
        WHERE issue_date BETWEEN @start AND @end
        GROUP BY month`,
    )
    .all({ start, end });
  const cre = new Map(credits.map((r) => [r.month, r]));
  const months: TaxSummaryMonth[] = monthsOf(input.from, input.to).map((month) => {
    const i = issued.get(month) ?? none();
    const x = cancelled.get(month) ?? none();
    const c = cre.get(month);
    const net8 = i.net8 - x.net8 - (c?.net8 ?? 0);
    const tax8 = i.tax8 - x.tax8 - (c?.tax8 ?? 0);
    const net10 = i.net10 - x.net10 - (c?.net10 ?? 0);
    const tax10 = i.tax10 - x.tax10 - (c?.tax10 ?? 0);
    return {
      month,
      invoices: i.n,
      cancelledInvoices: x.n,
      creditNotes: c?.n ?? 0,
      net8,
      tax8,
      net10,
      tax10,
      cancellations: withTax(x),
      credits: c?.amount ?? 0,
      total: net8 + tax8 + net10 + tax10,
    };
  });
  const sum = (k: keyof Omit<TaxSummaryMonth, 'month'>) => months.reduce((s, m) => s + m[k], 0);
  return {
    from: input.from,
    to: input.to,
    months,
    totals: {
      invoices: sum('invoices'),
      cancelledInvoices: sum('cancelledInvoices'),
      creditNotes: sum('creditNotes'),
      net8: sum('net8'),
      tax8: sum('tax8'),
      net10: sum('net10'),
      tax10: sum('tax10'),
      cancellations: sum('cancellations'),
      credits: sum('credits'),
      total: sum('total'),
    },
  };
}

/** The summary sheet's header in the reader's language. */
export function taxSummaryHeader(x: ExportTexts): string[] {
  const h = x.taxSummary;
  return [
    h.month,
    h.invoices,
    h.cancelledInvoices,
    h.creditNotes,
    h.net8,
    h.tax8,
    h.net10,
    h.tax10,
    h.cancellations,
    h.credits,
    h.total,
  ];
}

/**
 * The summary as an xlsx workbook: one row per month and a total row (outside the autofilter),
 * its sheet name, header and total label in `language`.
 */
export async function taxSummaryWorkbook(
  db: Db,
  input: TaxSummaryInput,
  timeZone: string,
  language: Language = 'en',
): Promise<{ fileName: string; bytes: Buffer }> {
  const XLSX = await loadXlsx();
  const x = exportTexts(language);
  const s = taxSummary(db, input, timeZone);
  const row = (label: string, m: Omit<TaxSummaryMonth, 'month'>) => [
    textCell(label),
    { t: 'n' as const, v: m.invoices },
    { t: 'n' as const, v: m.cancelledInvoices },
    { t: 'n' as const, v: m.creditNotes },
    yenCell(m.net8),
    yenCell(m.tax8),
    yenCell(m.net10),
    yenCell(m.tax10),
    yenCell(m.cancellations),
    yenCell(m.credits),
    yenCell(m.total),
  ];
  const rows = s.months.map((m) => row(m.month, m));
  const total = row(x.taxSummary.totalRow, s.totals);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    wb,
    sheetOf(XLSX, taxSummaryHeader(x), rows, [10, 10, 10, 10, 20, 12, 20, 12, 20, 22, 16], [total]),
    x.sheets.taxSummary,
  );
  return { fileName: `tax-summary-${s.from}-${s.to}.xlsx`, bytes: workbookBytes(XLSX, wb) };
}
