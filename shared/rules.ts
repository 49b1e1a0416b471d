import type { ItemType } from './enums';

// Business rules both sides apply: the server enforces them, the client uses them to warn
// early. One home for each (issue: foundation corrections).

export { LATEST_DELIVERY_DATE, MAX_QUANTITY } from './schemas/orders';

/** A product that cannot be ordered. */
export function isOutOfStock(itemType: ItemType | string): boolean {
  return itemType === 'Out of Stock';
}
