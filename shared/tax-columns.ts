import { type RateTotal, TAX_RATES, type TaxRate, type TaxSummary } from './tax';

// Orders, invoices and credit notes keep their tax per rate in four columns (net8, tax8, net10,
// tax10). These turn a computed summary into the columns and the columns back into the rows a
// screen or a document shows.

export interface RateColumns {
  net8: number;
  tax8: number;
  net10: number;
  tax10: number;
}

export function toRateColumns(summary: TaxSummary): RateColumns {
  const of = (rate: TaxRate) => summary.perRate.find((r) => r.rate === rate);
  return {
    net8: of(8)?.net ?? 0,
    tax8: of(8)?.tax ?? 0,
    net10: of(10)?.net ?? 0,
    tax10: of(10)?.tax ?? 0,
  };
}

/** The rates a document has (a rate with neither amount nor tax is left out), reduced first. */
export function rateRows(c: RateColumns): RateTotal[] {
  const rows: RateTotal[] = [];
  for (const rate of TAX_RATES) {
    const net = rate === 8 ? c.net8 : c.net10;
    const tax = rate === 8 ? c.tax8 : c.tax10;
    if (net === 0 && tax === 0) continue;
    rows.push({ rate, net, tax, gross: net + tax });
  }
  return rows;
}

/** Whether a value is one of the rates the law knows (8 or 10). */
export function isTaxRate(value: unknown): value is TaxRate {
  return (TAX_RATES as readonly unknown[]).includes(value);
}
