import { keepPreviousData } from '@tanstack/react-query';
import { asTaxRate } from '../../../../../shared/tax';
import { estimateOrder, type MinimumOrder, type OrderEstimate } from '../../../../../shared/terms';
import type { CartItem } from '../../../cart';
import { trpc } from '../../../trpc';
import { type LineNow, lineNow } from './estimate';

/**
 * What the catalogue says now about a line's product: in stock, out of stock, hidden from this
 * restaurant (its terms, ADR 035), or no longer sold.
 */
export type LineState = 'ok' | 'out' | 'hidden' | 'gone';

export interface CartNow {
  stateOf(id: string): LineState;
  /** The line's current price (the catalogue's, the customer's own) and what it was if it changed. */
  lineOf(item: CartItem): LineNow;
  /** The customer's own minimum order (null: none, or not known yet: the server still checks). */
  minimumOrder: MinimumOrder | null;
  /** The estimate of the lines that can be delivered, at today's prices, with the minimum. */
  estimate: OrderEstimate;
  /** How many lines cannot be ordered now (left out of the estimate). */
  left: number;
  /** The lines whose price changed since they went into the cart. */
  changed: number;
}

/** The cart's product ids as one stable key: the terms are asked again only when lines come or go. */
const idsOf = (items: CartItem[]) => [...new Set(items.map((i) => i.id))].sort();

/**
 * The cart against fresh data, read again each time the cart or checkout opens: the same
 * catalogue the catalogue screens show (products.list: this customer's prices, without what is
 * hidden from it) and the customer's terms (orders.checkoutTerms: its minimum order and which
 * of the cart's products are hidden from it).
 */
export function useCartNow(items: CartItem[]): CartNow {
  const products = trpc.products.list.useQuery(undefined, {
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const terms = trpc.orders.checkoutTerms.useQuery(
    { products: idsOf(items) },
    { staleTime: 0, refetchOnMount: 'always', placeholderData: keepPreviousData },
  );
  const settings = trpc.settings.tax.useQuery(undefined, { staleTime: 60_000 });
  const byId = new Map((products.data ?? []).map((p) => [p._id, p]));
  const hidden = new Set(terms.data?.hidden ?? []);

  const stateOf = (id: string): LineState => {
    // Until the answer arrives (or if it fails) nothing is marked: the server still checks.
    if (!products.data) return 'ok';
    const product = byId.get(id);
    if (!product) return hidden.has(id) ? 'hidden' : 'gone';
    return product.itemType === 'Out of Stock' ? 'out' : 'ok';
  };
  const lineOf = (item: CartItem): LineNow => {
    const product = byId.get(item.id);
    return lineNow(
      item,
      product
        ? { price: product.price, itemType: product.itemType, taxRate: asTaxRate(product.taxRate) }
        : null,
    );
  };

  const minimumOrder = terms.data?.minimumOrder ?? null;
  const orderable = items.filter((i) => stateOf(i.id) === 'ok');
  const estimate = estimateOrder(
    orderable.map((i) => {
      const now = lineOf(i);
      return { price: now.price ?? 0, quantity: i.quantity, rate: now.rate };
    }),
    minimumOrder,
    settings.data?.basis ?? 'exclusive',
    settings.data?.rounding ?? 'down',
  );
  return {
    stateOf,
    lineOf,
    minimumOrder,
    estimate,
    left: items.length - orderable.length,
    changed: items.filter((i) => lineOf(i).changedFrom !== undefined).length,
  };
}
