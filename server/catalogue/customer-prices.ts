import { formatYen } from '../../shared/format';
import { DELIVERY_CHARGE_NAME, DELIVERY_CHARGE_RATE, type MinOrderRule } from '../../shared/terms';
import type { Db } from '../platform/db';
import { badRequest } from '../platform/errors';
import { prepared } from '../platform/prepared';

// What one customer pays (ADR 035): its own override of a product, else its price list's
// price, else the product's price. The catalogue, the order sheet, the cart (which takes the
// catalogue's price) and placement all ask here; order lines keep the price they were placed
// at, so documents follow. Also the customer's minimum order value rule.

export interface CustomerTerms {
  priceListId: string | null;
  minOrderRule: MinOrderRule;
  minOrderValue: number;
  deliveryCharge: number;
}

export const STANDARD_TERMS: CustomerTerms = Object.freeze({
  priceListId: null,
  minOrderRule: 'none',
  minOrderValue: 0,
  deliveryCharge: 0,
});

type TermsRow = {
  price_list_id: string | null;
  min_order_rule: MinOrderRule;
  min_order_value: number;
  delivery_charge: number;
};

function prepare(db: Db) {
  const c = db.$client;
  return {
    terms: c.prepare<[string], TermsRow>(
      `SELECT price_list_id, min_order_rule, min_order_value, delivery_charge
       FROM customer_terms WHERE customer_id = ?`,
    ),
    listPrices: c.prepare<[string], { product_id: string; price: number }>(
      'SELECT product_id, price FROM price_list_price WHERE price_list_id = ?',
    ),
    ownPrices: c.prepare<[string], { product_id: string; price: number }>(
      'SELECT product_id, price FROM customer_price WHERE customer_id = ?',
    ),
    // At placement: only the ordered products' prices (a JSON array of ids).
    pricesOf: c.prepare<
      [{ list: string | null; customer: string; ids: string }],
      { product_id: string; list_price: number | null; own_price: number | null }
    >(
      `SELECT j.value AS product_id,
         (SELECT price FROM price_list_price WHERE price_list_id = @list AND product_id = j.value) AS list_price,
         (SELECT price FROM customer_price WHERE customer_id = @customer AND product_id = j.value) AS own_price
       FROM json_each(@ids) j`,
    ),
    ownCount: c
      .prepare<[string], number>('SELECT COUNT(*) FROM customer_price WHERE customer_id = ?')
      .pluck(),
  };
}

function stmts(db: Db) {
  return prepared(db, 'catalogue.customerPrices', () => prepare(db));
}

export function customerTermsOf(db: Db, customerId: string): CustomerTerms {
  const row = stmts(db).terms.get(customerId);
  if (!row) return STANDARD_TERMS;
  return {
    priceListId: row.price_list_id,
    minOrderRule: row.min_order_rule,
    minOrderValue: row.min_order_value,
    deliveryCharge: row.delivery_charge,
  };
}

/** Every price that differs from the product's own for this customer: list, then overrides. */
export function customerPriceMap(
  db: Db,
  customerId: string,
  priceListId: string | null,
): Map<string, number> {
  const map = new Map<string, number>();
  if (priceListId)
    for (const r of stmts(db).listPrices.all(priceListId)) map.set(r.product_id, r.price);
  for (const r of stmts(db).ownPrices.all(customerId)) map.set(r.product_id, r.price);
  return map;
}

/** How many products this customer has its own price for. */
export function ownPriceCount(db: Db, customerId: string): number {
  return stmts(db).ownCount.get(customerId) ?? 0;
}

/** The customer's price of each of `productIds` that is not the product's own (placement). */
export function pricesAtPlacement(
  db: Db,
  customerId: string,
  priceListId: string | null,
  productIds: string[],
): Map<string, number> {
  const map = new Map<string, number>();
  for (const r of stmts(db).pricesOf.all({
    list: priceListId,
    customer: customerId,
    ids: JSON.stringify(productIds),
  })) {
    const price = r.own_price ?? r.list_price;
    if (price !== null) map.set(r.product_id, price);
  }
  return map;
}

type Line = {
  id: string;
  orderId: string;
  productId: string | null;
  position: number;
  name: string;
  nameJa: string | null;
  sku: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  taxRate: number;
  deliveredQuantity: number | null;
  shortReason: string | null;
};

/**
 * The minimum order value rule, on the goods before tax: refused below it, or a delivery
 * charge line (at the standard rate) added to `lines`. Nothing happens at or above it.
 */
export function applyMinimumOrder(terms: CustomerTerms, lines: Line[], makeId: () => string): void {
  if (terms.minOrderRule === 'none' || terms.minOrderValue <= 0) return;
  const goods = lines.reduce((sum, l) => sum + l.lineTotal, 0);
  if (goods >= terms.minOrderValue) return;
  if (terms.minOrderRule === 'refuse') {
    // Amounts as every yen in a message is written (¥20,000), not a bare number.
    throw badRequest('terms.orderBelowMinimum', {
      minimum: formatYen(terms.minOrderValue),
      total: formatYen(goods),
    });
  }
  if (terms.deliveryCharge <= 0) return;
  const first = lines[0];
  lines.push({
    id: makeId(),
    orderId: first?.orderId ?? '',
    productId: null,
    position: lines.length,
    name: DELIVERY_CHARGE_NAME,
    // Named in each document's language by its fixed name (ADR 035), not a product's.
    nameJa: null,
    sku: 'Set',
    unitPrice: terms.deliveryCharge,
    quantity: 1,
    lineTotal: terms.deliveryCharge,
    taxRate: DELIVERY_CHARGE_RATE,
    deliveredQuantity: null,
    shortReason: null,
  });
}
