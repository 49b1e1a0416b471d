// Japanese consumption tax, computed the way a qualified invoice requires: lines are summed per
// rate and the tax of each rate is rounded once per document, never per line.

/** The two consumption-tax rates, in percent: reduced (food, non-alcoholic drink) and standard. */
export const TAX_RATES = [8, 10] as const;
export type TaxRate = (typeof TAX_RATES)[number];

/**
 * A stored rate read as a TaxRate. The columns are CHECKed to 8 or 10; anything else (a null
 * from an old row) is the fallback: the reduced rate for goods, the standard rate where a
 * hand-made invoice had none (ADR 046).
 */
export function asTaxRate(rate: number | null | undefined, fallback: TaxRate = 8): TaxRate {
  return rate === 8 || rate === 10 ? rate : fallback;
}

/** How the business rounds each rate's tax (round down is the usual choice between businesses). */
export const TAX_ROUNDINGS = ['down', 'halfUp', 'up'] as const;
export type TaxRounding = (typeof TAX_ROUNDINGS)[number];

/** Whether catalogue prices already include the tax. */
export const PRICE_BASES = ['exclusive', 'inclusive'] as const;
export type PriceBasis = (typeof PRICE_BASES)[number];

/**
 * A unit price typed in one basis, read in the other: a catalogue price of today for an order
 * recorded with the other basis (ADR 053), as when a driver hands over a substitute on an order
 * placed before the business switched (ADR 050). Rounded to the nearest yen.
 */
export function priceInBasis(
  price: number,
  rate: TaxRate,
  from: PriceBasis,
  to: PriceBasis,
): number {
  if (from === to) return price;
  return from === 'exclusive'
    ? Math.round((price * (100 + rate)) / 100)
    : Math.round((price * 100) / (100 + rate));
}

export interface TaxLine {
  /** The line's amount in whole yen (price x quantity), as priced in the catalogue's basis. */
  amount: number;
  rate: TaxRate;
}

export interface RateTotal {
  rate: TaxRate;
  /** Sum of the rate's lines without tax. */
  net: number;
  /** The rate's tax, rounded once. */
  tax: number;
  /** net + tax. */
  gross: number;
}

export interface TaxSummary {
  /** One entry per rate that has lines, reduced rate first. */
  perRate: RateTotal[];
  net: number;
  tax: number;
  total: number;
}

function roundYen(value: number, rounding: TaxRounding): number {
  // Work in integer hundredths of a yen so 0.1-style float noise cannot flip a rounding.
  const hundredths = Math.round(value * 100);
  if (rounding === 'down') return Math.floor(hundredths / 100);
  if (rounding === 'up') return Math.ceil(hundredths / 100);
  return Math.floor((hundredths + 50) / 100);
}

/**
 * Totals and tax per rate of one document. With exclusive prices the tax is rate% of the rate's
 * sum; with inclusive prices the rate's sum is the gross and the tax is the part of it that is
 * tax (sum x rate / (100 + rate)). Negative lines (credit notes, returns) are handled by
 * rounding the magnitude, so a credit note mirrors the invoice it corrects.
 */
export function taxByRate(
  lines: readonly TaxLine[],
  basis: PriceBasis = 'exclusive',
  rounding: TaxRounding = 'down',
): TaxSummary {
  const sums = new Map<TaxRate, number>();
  for (const line of lines) sums.set(line.rate, (sums.get(line.rate) ?? 0) + line.amount);
  const perRate: RateTotal[] = [];
  for (const rate of TAX_RATES) {
    const sum = sums.get(rate);
    if (sum === undefined) continue;
    const sign = sum < 0 ? -1 : 1;
    const magnitude = Math.abs(sum);
    const rawTax =
      basis === 'exclusive' ? (magnitude * rate) / 100 : (magnitude * rate) / (100 + rate);
    const tax = sign * roundYen(rawTax, rounding) || 0;
    const net = basis === 'exclusive' ? sum : sum - tax;
    perRate.push({ rate, net, tax, gross: net + tax });
  }
  const net = perRate.reduce((s, r) => s + r.net, 0);
  const tax = perRate.reduce((s, r) => s + r.tax, 0);
  return { perRate, net, tax, total: net + tax };
}

/**
 * The part of a document's figures one payment stands for, on its receipt: the payment is
 * placed after the `before` yen already received, and each rate's amount and tax are what the
 * received total reaches minus what the earlier payments reached. So the receipts of an
 * invoice paid in parts add up, rate by rate and to the yen, to what the invoice asks for
 * (`payable`: its total less any credit deducted), where splitting each payment on its own
 * drifted by a yen. The standard rate's share is rounded down, the reduced rate takes the rest.
 */
export function paymentShare(
  perRate: readonly RateTotal[],
  payable: number,
  before: number,
  amount: number,
): TaxSummary {
  const gross = perRate.reduce((s, r) => s + r.gross, 0);
  const standard = perRate.find((r) => r.rate === 10);
  const reduced = perRate.find((r) => r.rate === 8);
  // What the invoice asks per rate: its gross per rate, less a deducted credit in proportion.
  const asks10 =
    gross > 0 && payable > 0 ? Math.floor((payable * (standard?.gross ?? 0)) / gross) : 0;
  const asks = { 10: asks10, 8: Math.max(0, payable - asks10) } as const;
  const taxAsked = (r: RateTotal | undefined, asked: number) =>
    r && r.gross > 0 ? Math.floor((r.tax * asked) / r.gross) : 0;
  const taxAsks = { 10: taxAsked(standard, asks[10]), 8: taxAsked(reduced, asks[8]) } as const;
  /** Per rate, the amount and tax that `received` yen in all stand for. */
  const reach = (received: number) => {
    const upTo = Math.min(Math.max(received, 0), payable);
    const part10 = payable > 0 ? Math.floor((upTo * asks[10]) / payable) : 0;
    const part = { 10: part10, 8: upTo - part10 } as const;
    const tax = (rate: TaxRate) =>
      asks[rate] > 0 ? Math.floor((taxAsks[rate] * part[rate]) / asks[rate]) : 0;
    return { part, tax: { 10: tax(10), 8: tax(8) } };
  };
  // A payment with nothing to stand for (an invoice without figures): all of it at the
  // standard rate, tax included, as a hand-made charge is.
  if (payable <= 0 || gross <= 0) return taxByRate([{ amount, rate: 10 }], 'inclusive', 'down');
  const from = reach(before);
  const to = reach(before + amount);
  const out: RateTotal[] = [];
  for (const rate of TAX_RATES) {
    const g = to.part[rate] - from.part[rate];
    const tax = to.tax[rate] - from.tax[rate];
    if (g > 0) out.push({ rate, net: g - tax, tax, gross: g });
  }
  return {
    perRate: out,
    net: out.reduce((s, r) => s + r.net, 0),
    tax: out.reduce((s, r) => s + r.tax, 0),
    total: out.reduce((s, r) => s + r.gross, 0),
  };
}
