import { isOutOfStock, MAX_QUANTITY } from '../../../../../shared/rules';
import { type CartItem, type CartProduct, cartItemFor } from '../../../cart';

/** What "order again" needs of a past order's line. */
export interface PastLine {
  /** The product's id, or null when the product was deleted since. */
  product: string | null;
  /** The name the order recorded (used to name lines that cannot be re-ordered). */
  name: string;
  quantity: number;
}

export interface ReorderResult {
  /** The cart after merging. */
  items: CartItem[];
  /** Current names of the products put back. */
  added: string[];
  /** Names (as ordered) of the lines left out: product gone or Out of Stock. */
  skipped: string[];
}

/**
 * Puts a past order's lines back into the cart, adding to quantities already there. Names,
 * units, prices and item types come from the current catalogue, not from the old order; a line
 * whose product no longer exists or is Out of Stock is skipped and reported.
 */
export function mergeOrderIntoCart(
  cart: CartItem[],
  lines: PastLine[],
  products: CartProduct[],
): ReorderResult {
  const byId = new Map(products.map((p) => [p._id, p]));
  const items = cart.map((i) => ({ ...i }));
  const added: string[] = [];
  const skipped: string[] = [];
  for (const line of lines) {
    const product = line.product ? byId.get(line.product) : undefined;
    if (!product || isOutOfStock(product)) {
      if (!skipped.includes(line.name)) skipped.push(line.name);
      continue;
    }
    const quantity = Math.max(1, Math.trunc(line.quantity));
    const fresh = cartItemFor(product, quantity);
    const index = items.findIndex((i) => i.id === product._id);
    const existing = items[index];
    if (existing) {
      items[index] = {
        ...fresh,
        quantity: Math.min(MAX_QUANTITY, existing.quantity + quantity),
      };
    } else {
      items.push({ ...fresh, quantity: Math.min(MAX_QUANTITY, quantity) });
    }
    if (!added.includes(product.name)) added.push(product.name);
  }
  return { items, added, skipped };
}
