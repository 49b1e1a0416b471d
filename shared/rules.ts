import type { ItemType } from './enums';

// Business rules both sides apply: the server enforces them, the client uses them to warn
// early and to bound its inputs. One home for each: nothing here is restated elsewhere.
// The business's time zone and today's date are not constants: the session sends them
// (auth.session / auth.profile `business`), from the server's configuration.

/** The most of one product an order line (and a cart line) may hold. */
export const MAX_QUANTITY = 9999;

/** The latest delivery date an order may ask for (YYYY-MM-DD). */
export const LATEST_DELIVERY_DATE = '2099-12-31';

/** A product that cannot be ordered. */
export function isOutOfStock(itemType: ItemType | string): boolean {
  return itemType === 'Out of Stock';
}
