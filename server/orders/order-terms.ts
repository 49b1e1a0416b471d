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

/** Refuses a line the customer may not order: hidden from it, below the minimum, not a lot. */
export function checkOrderable(
  terms: OrderTerms,
  p: { id: string; name: string; minQuantity: number; lot: number },
  quantity: number,
): void {
  if (terms.hidden.has(p.id)) throw appError('CONFLICT', 'terms.productHidden', { name: p.name });
  const problem = quantityProblem(p, quantity);
  if (problem === 'terms.belowMinimum') {
    throw badRequest('terms.belowMinimum', { name: p.name, minimum: p.minQuantity });
  }
  if (problem === 'terms.notLot') throw badRequest('terms.notLot', { name: p.name, lot: p.lot });
}
