import {
  asTaxRate,
  type PriceBasis,
  type TaxRate,
  type TaxRounding,
  type TaxSummary,
  taxByRate,
} from '../../../../../shared/tax';
import { DELIVERY_CHARGE_RATE } from '../../../../../shared/terms';
import type { CartItem } from '../../../cart';

// The cart's estimate of the order against the catalogue and terms of now: kept out of the
// cart store (client/src/cart.ts), which the login screen loads, since only the cart and the
// checkout need it.

/** What the catalogue says now of a line's product (null: not in this customer's catalogue). */
export interface ProductNow {
  price: number;
  itemType: string;
  taxRate: TaxRate;
}

/** A line as the cart shows it now: its current price, and the price when added if it changed. */
export interface LineNow {
  /** The catalogue's price now; the price when added while the catalogue has not answered. */
  price: number | undefined;
  /** The price when it went into the cart, when the catalogue's price is another one now. */
  changedFrom: number | undefined;
  rate: TaxRate;
}

/** A line against the catalogue of now: the current price, and whether it changed since added. */
export function lineNow(item: CartItem, now: ProductNow | null | undefined): LineNow {
  if (!now) return { price: item.price, changedFrom: undefined, rate: 8 };
  const changed = item.price !== undefined && item.price !== now.price;
  return { price: now.price, changedFrom: changed ? item.price : undefined, rate: now.taxRate };
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
