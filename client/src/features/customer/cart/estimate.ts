import type { TaxRate } from '../../../../../shared/tax';
import type { CartItem } from '../../../cart';

// A cart line against the catalogue of now: kept out of the cart store (client/src/cart.ts),
// which the login screen loads, since only the cart and the checkout need it. The order's
// estimate with the customer's terms is shared/terms.ts `estimateOrder` (the office's phone
// order uses it too).

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
