import { MAX_QUANTITY } from './rules';
import {
  asTaxRate,
  type PriceBasis,
  type TaxRate,
  type TaxRounding,
  type TaxSummary,
  taxByRate,
} from './tax';

// Terms per restaurant both sides apply (ADR 035): the server refuses what breaks them, the
// cart uses the same functions to step and correct quantities before the order is sent.

/** A customer's minimum order value: text only, refused below it, or a delivery charge line. */
export const MIN_ORDER_RULES = ['none', 'refuse', 'charge'] as const;
export type MinOrderRule = (typeof MIN_ORDER_RULES)[number];

/** The delivery charge line's name on orders and documents (no product behind it). */
export const DELIVERY_CHARGE_NAME = '配送料 Delivery charge';
/** The delivery charge is a service: the standard rate. */
export const DELIVERY_CHARGE_RATE = 10;

export interface QuantityTerms {
  /** The least one order line may hold (1 = no minimum). */
  minQuantity: number;
  /** Quantities go in multiples of this (1 = any whole number). */
  lot: number;
}

/** The smallest quantity allowed: the minimum, rounded up to a whole lot. */
export function smallestQuantity(t: QuantityTerms): number {
  const lot = Math.max(1, t.lot);
  return Math.max(lot, Math.ceil(Math.max(1, t.minQuantity) / lot) * lot);
}

/** The largest quantity allowed: the most a line may hold, in whole lots. */
export function largestQuantity(t: QuantityTerms): number {
  const lot = Math.max(1, t.lot);
  return Math.floor(MAX_QUANTITY / lot) * lot;
}

/** Why a quantity breaks the terms, or null when it keeps them. */
export function quantityProblem(
  t: QuantityTerms,
  quantity: number,
): 'terms.belowMinimum' | 'terms.notLot' | null {
  if (quantity < Math.max(1, t.minQuantity)) return 'terms.belowMinimum';
  if (t.lot > 1 && quantity % t.lot !== 0) return 'terms.notLot';
  return null;
}

/**
 * A typed quantity made to keep the terms: up to the next whole lot, at least the smallest
 * allowed, at most the largest.
 */
export function correctQuantity(t: QuantityTerms, quantity: number): number {
  const lot = Math.max(1, t.lot);
  const q = Number.isFinite(quantity) ? Math.floor(quantity) : 0;
  const up = Math.ceil(q / lot) * lot;
  return Math.min(largestQuantity(t), Math.max(smallestQuantity(t), up));
}

/** One step of the cart's stepper: by the lot, never below the smallest allowed. */
export function stepQuantity(t: QuantityTerms, quantity: number, direction: 1 | -1): number {
  const lot = Math.max(1, t.lot);
  return correctQuantity(t, quantity + direction * lot);
}

/** A customer's minimum order value as the server applies it (orders.checkoutTerms). */
export interface MinimumOrder {
  /** refuse: below it the order is refused; charge: a delivery charge line is added. */
  rule: 'refuse' | 'charge';
  /** Whole yen, compared with the goods before tax. */
  value: number;
  /** The delivery charge (before tax, at the standard rate) of `charge`. */
  deliveryCharge: number;
}

export interface OrderEstimate {
  summary: TaxSummary;
  /** The goods before tax: the lines' sum, what the minimum is compared with. */
  goods: number;
  /** How much more the goods need to reach the minimum (0: reached, or no minimum). */
  missing: number;
  /** The delivery charge the order would carry (0: none). */
  charge: number;
}

/**
 * The order as placement will price it (server/catalogue/customer-prices.ts applyMinimumOrder
 * and shared/tax.ts): the lines' goods before tax against the customer's own minimum, a
 * delivery charge line at the standard rate below a `charge` minimum, then tax per rate.
 */
export function estimateOrder(
  lines: readonly { price: number; quantity: number; rate: TaxRate }[],
  minimum: MinimumOrder | null | undefined,
  basis: PriceBasis,
  rounding: TaxRounding,
): OrderEstimate {
  const goods = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  const applies =
    minimum != null &&
    minimum.value > 0 &&
    lines.length > 0 &&
    goods < minimum.value &&
    (minimum.rule === 'refuse' || minimum.deliveryCharge > 0);
  const missing = applies ? minimum.value - goods : 0;
  const charge = applies && minimum.rule === 'charge' ? minimum.deliveryCharge : 0;
  const summary = taxByRate(
    [
      ...lines.map((l) => ({ amount: l.price * l.quantity, rate: l.rate })),
      ...(charge > 0 ? [{ amount: charge, rate: asTaxRate(DELIVERY_CHARGE_RATE) }] : []),
    ],
    basis,
    rounding,
  );
  return { summary, goods, missing, charge };
}
