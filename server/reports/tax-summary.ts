import type { Language } from '../../shared/enums';
import type {
  TaxSummaryInput,
  TaxSummaryMonth,
  TaxSummaryOut,
} from '../../shared/schemas/tax-summary';
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

// The monthly consumption-tax summary for the accountant (ADR 031): sales and tax per rate of
// the invoices issued in each month (not cancelled), minus the credit notes issued in it. An
// invoice counts in the month of its issue date; a hand-made invoice without one, in the month
// it was typed. Hand-made invoices carry their rate's figures too (ADR 046), so every sale is in
// one of the two rates.

interface Row {
  month: string;
  n: number;
  net8: number;
  tax8: number;
  net10: number;
  tax10: number;
  /** Credit notes: their total with tax. */
  amount?: number;
}

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

export function taxSummary(db: Db, input: TaxSummaryInput): TaxSummaryOut {
  const start = `${input.from}-01`;
  const end = `${input.to}-31`;
  const invoices = db.$client
    .prepare<{ start: string; end: string }, Row>(
      `SELECT substr(COALESCE(issue_date, created_at), 1, 7) AS month, count(*) AS n,
              SUM(net8) AS net8, SUM(tax8) AS tax8, SUM(net10) AS net10, SUM(tax10) AS tax10
         FROM invoice
        WHERE cancelled_at IS NULL
          AND substr(COALESCE(issue_date, created_at), 1, 10) BETWEEN @start AND @end
        GROUP BY month`,
    )
    .all({ start, end });
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
  const inv = new Map(invoices.map((r) => [r.month, r]));
  const cre = new Map(credits.map((r) => [r.month, r]));
  const months: TaxSummaryMonth[] = monthsOf(input.from, input.to).map((month) => {
    const i = inv.get(month);
    const c = cre.get(month);
    const net8 = (i?.net8 ?? 0) - (c?.net8 ?? 0);
    const tax8 = (i?.tax8 ?? 0) - (c?.tax8 ?? 0);
    const net10 = (i?.net10 ?? 0) - (c?.net10 ?? 0);
    const tax10 = (i?.tax10 ?? 0) - (c?.tax10 ?? 0);
    return {
      month,
      invoices: i?.n ?? 0,
      creditNotes: c?.n ?? 0,
      net8,
      tax8,
      net10,
      tax10,
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
      creditNotes: sum('creditNotes'),
      net8: sum('net8'),
      tax8: sum('tax8'),
      net10: sum('net10'),
      tax10: sum('tax10'),
      credits: sum('credits'),
      total: sum('total'),
    },
  };
}

/** The summary sheet's header in the reader's language. */
export function taxSummaryHeader(x: ExportTexts): string[] {
  const h = x.taxSummary;
  return [h.month, h.invoices, h.creditNotes, h.net8, h.tax8, h.net10, h.tax10, h.credits, h.total];
}

/**
 * The summary as an xlsx workbook: one row per month and a total row (outside the autofilter),
 * its sheet name, header and total label in `language`.
 */
export async function taxSummaryWorkbook(
  db: Db,
  input: TaxSummaryInput,
  language: Language = 'en',
): Promise<{ fileName: string; bytes: Buffer }> {
  const XLSX = await loadXlsx();
  const x = exportTexts(language);
  const s = taxSummary(db, input);
  const row = (label: string, m: Omit<TaxSummaryMonth, 'month'>) => [
    textCell(label),
    { t: 'n' as const, v: m.invoices },
    { t: 'n' as const, v: m.creditNotes },
    yenCell(m.net8),
    yenCell(m.tax8),
    yenCell(m.net10),
    yenCell(m.tax10),
    yenCell(m.credits),
    yenCell(m.total),
  ];
  const rows = s.months.map((m) => row(m.month, m));
  const total = row(x.taxSummary.totalRow, s.totals);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    wb,
    sheetOf(XLSX, taxSummaryHeader(x), rows, [10, 10, 12, 20, 12, 20, 12, 22, 24, 16], [total]),
    x.sheets.taxSummary,
  );
  return { fileName: `tax-summary-${s.from}-${s.to}.xlsx`, bytes: workbookBytes(XLSX, wb) };
}
