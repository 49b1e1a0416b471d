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
 * A document's totals from figures already worked out per rate (frozen on an issued invoice, a
 * statement's invoices added up, a receipt's share): nothing is rounded again.
 */
export const summed = (perRate: RateTotal[]): TaxSummary => ({
  perRate,
  net: perRate.reduce((s, r) => s + r.net, 0),
  tax: perRate.reduce((s, r) => s + r.tax, 0),
  total: perRate.reduce((s, r) => s + r.gross, 0),
});

/**
 * What an invoice asks for per rate: its figures per rate less those of the credit notes
 * deducted on it, each at the rates it credited (INV-000303: ¥15,543 less CN-000001's ¥1,490,
 * all at 8 %, asks ¥8,597 at 8 % and its whole ¥5,456 at 10 %; spreading the credit over both
 * rates in proportion to the gross put ¥524 of the 10 % part under 8 % on its receipts).
 * `payable` is the invoice's amount: a part of the deduction that no credit note accounts for
 * (a row from before credit notes named their invoice) is spread over the rates in proportion to
 * what they ask, the standard rate rounded down. A credit note larger at a rate than the invoice
 * is leaves that rate below zero: the payment still stands for it.
 */
export function askedByRate(
  perRate: readonly RateTotal[],
  deducted: readonly RateTotal[],
  payable: number,
): RateTotal[] {
  const asked: RateTotal[] = [];
  for (const rate of TAX_RATES) {
    const own = perRate.filter((r) => r.rate === rate);
    const off = deducted.filter((r) => r.rate === rate);
    if (own.length === 0 && off.length === 0) continue;
    const gross = own.reduce((s, r) => s + r.gross, 0) - off.reduce((s, r) => s + r.gross, 0);
    const tax = own.reduce((s, r) => s + r.tax, 0) - off.reduce((s, r) => s + r.tax, 0);
    asked.push({ rate, net: gross - tax, tax, gross });
  }
  const total = asked.reduce((s, r) => s + r.gross, 0);
  if (total === payable) return asked;
  if (total <= 0 || payable <= 0) return [];
  const standard = asked.find((r) => r.rate === 10);
  const part10 = Math.floor((payable * (standard?.gross ?? 0)) / total);
  return asked.map((r) => {
    const gross = r.rate === 10 ? part10 : payable - part10;
    const tax = r.gross !== 0 ? Math.floor((r.tax * gross) / r.gross) : 0;
    return { rate: r.rate, net: gross - tax, tax, gross };
  });
}

/**
 * The part of what an invoice asks (`asked`, per rate: `askedByRate`) one payment stands for,
 * on its receipt: the payment is placed after the `before` yen already received, and each
 * rate's amount and tax are what the received total reaches minus what the earlier payments
 * reached. So the receipts of an invoice paid in parts add up, rate by rate and to the yen, to
 * what the invoice asks for, where splitting each payment on its own drifted by a yen. The
 * standard rate's share is rounded down, the reduced rate takes the rest; each rate's tax is
 * its share of that rate's tax, rounded down.
 */
export function paymentShare(
  asked: readonly RateTotal[],
  before: number,
  amount: number,
): TaxSummary {
  const payable = asked.reduce((s, r) => s + r.gross, 0);
  // A payment with nothing to stand for (an invoice without figures): all of it at the
  // standard rate, tax included, as a hand-made charge is.
  if (payable <= 0) return taxByRate([{ amount, rate: 10 }], 'inclusive', 'down');
  const gross = (rate: TaxRate) => asked.find((r) => r.rate === rate)?.gross ?? 0;
  const taxOf = (rate: TaxRate) => asked.find((r) => r.rate === rate)?.tax ?? 0;
  /** Per rate, the amount and tax that `received` yen in all stand for. */
  const reach = (received: number) => {
    const upTo = Math.min(Math.max(received, 0), payable);
    const part10 = Math.floor((upTo * gross(10)) / payable);
    const part = { 10: part10, 8: upTo - part10 } as const;
    // `|| 0`: a rate below zero divides to -0 at the start.
    const tax = (rate: TaxRate) =>
      gross(rate) !== 0 ? Math.floor((taxOf(rate) * part[rate]) / gross(rate)) || 0 : 0;
    return { part, tax: { 10: tax(10), 8: tax(8) } };
  };
  const from = reach(before);
  const to = reach(before + amount);
  const out: RateTotal[] = [];
  for (const rate of TAX_RATES) {
    const g = to.part[rate] - from.part[rate];
    const tax = to.tax[rate] - from.tax[rate];
    if (g !== 0 || tax !== 0) out.push({ rate, net: g - tax, tax, gross: g });
  }
  return summed(out);
}
