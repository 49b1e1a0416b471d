import type { CheckoutTermsOut } from '../../shared/schemas/terms';
import { quantityProblem } from '../../shared/terms';
import {
  type CustomerTerms,
  customerTermsOf,
  pricesAtPlacement,
} from '../catalogue/customer-prices';
import { hiddenProductIds } from '../catalogue/visibility';
import type { Db } from '../platform/db';
import { appError, badRequest } from '../platform/errors';

// The customer's terms as placement applies them (ADR 035), read inside the placement's
// transaction: the price of each ordered product (override > list > product), the products
// hidden from it, and the minimum quantity and lot of each line. Every way an order is placed
// (the customer's cart, an order phoned in, a standing order) goes through placeOrder and so
// through here.

export interface OrderTerms {
  customer: CustomerTerms;
  hidden: Set<string>;
  priceOf(productId: string, standard: number): number;
}

export function orderTermsFor(db: Db, customerId: string, productIds: string[]): OrderTerms {
  const customer = customerTermsOf(db, customerId);
  const prices = pricesAtPlacement(db, customerId, customer.priceListId, productIds);
  const hidden = hiddenProductIds(db, customerId, customer.priceListId);
  return {
    customer,
    hidden,
    priceOf: (productId, standard) => prices.get(productId) ?? standard,
  };
}

/**
 * The params naming a product in a refusal: its name, and its Nepali and Japanese names when it
 * has them, so each screen says the product as its catalogue does (the client picks by language).
 */
export function productParams(p: {
  name: string;
  nameNe?: string | null;
  nameJa?: string | null;
}): { name: string; nameNe?: string; nameJa?: string } {
  const nameNe = p.nameNe?.trim();
  const nameJa = p.nameJa?.trim();
  return { name: p.name, ...(nameNe ? { nameNe } : {}), ...(nameJa ? { nameJa } : {}) };
}

/** Refuses a line the customer may not order: hidden from it, below the minimum, not a lot. */
export function checkOrderable(
  terms: OrderTerms,
  p: {
    id: string;
    name: string;
    nameNe?: string | null;
    nameJa?: string | null;
    minQuantity: number;
    lot: number;
  },
  quantity: number,
): void {
  const named = productParams(p);
  if (terms.hidden.has(p.id)) throw appError('CONFLICT', 'terms.productHidden', named);
  const problem = quantityProblem(p, quantity);
  if (problem === 'terms.belowMinimum') {
    throw badRequest('terms.belowMinimum', { ...named, minimum: p.minQuantity });
  }
  if (problem === 'terms.notLot') throw badRequest('terms.notLot', { ...named, lot: p.lot });
}

/**
 * What the cart and checkout show of the signed-in customer's terms: its minimum order rule as
 * placement applies it (applyMinimumOrder: on the goods before tax; null when nothing happens
 * below any value), and which of the cart's products (`productIds`) are hidden from it, so a
 * line missing from its catalogue says "not available to your restaurant" rather than "no
 * longer sold". Only the ids asked about are answered: nothing about other products leaks.
 */
export function checkoutTermsOf(
  db: Db,
  customerId: string,
  productIds: readonly string[],
): CheckoutTermsOut {
  const terms = customerTermsOf(db, customerId);
  const hidden = productIds.length
    ? hiddenProductIds(db, customerId, terms.priceListId)
    : new Set<string>();
  const applies =
    terms.minOrderValue > 0 &&
    (terms.minOrderRule === 'refuse' ||
      (terms.minOrderRule === 'charge' && terms.deliveryCharge > 0));
  return {
    minimumOrder: applies
      ? {
          rule: terms.minOrderRule === 'refuse' ? 'refuse' : 'charge',
          value: terms.minOrderValue,
          deliveryCharge: terms.minOrderRule === 'charge' ? terms.deliveryCharge : 0,
        }
      : null,
    hidden: [...new Set(productIds)].filter((id) => hidden.has(id)),
  };
}
