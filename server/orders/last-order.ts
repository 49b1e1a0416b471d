import { desc, eq, inArray } from 'drizzle-orm';
import { customer, customerOrder, orderLine, product } from '../../drizzle/schema';
import { isOutOfStock } from '../../shared/rules';
import type { LastOrderOut } from '../../shared/schemas/office-lists';
import { DELIVERY_CHARGE_NAME } from '../../shared/terms';
import { customerTermsOf } from '../catalogue/customer-prices';
import { hiddenProductIds } from '../catalogue/visibility';
import type { Db } from '../platform/db';
import { notFound } from '../platform/errors';

/**
 * "Start from last order" for an order phoned in (ADR 044): the lines of the customer's most
 * recent order (newest delivery date, then newest placed), each marked when it cannot be
 * ordered again now: the product is gone, hidden from this customer, or out of stock. Prices
 * are not given: placement prices every line from the customer's terms, as always.
 */
export function lastOrderOf(db: Db, customerId: string): LastOrderOut {
  const c = db.select({ id: customer.id }).from(customer).where(eq(customer.id, customerId)).get();
  if (!c) throw notFound('customer.notFound');
  const last = db
    .select({
      id: customerOrder.id,
      orderNumber: customerOrder.orderNumber,
      deliveryDate: customerOrder.deliveryDate,
    })
    .from(customerOrder)
    .where(eq(customerOrder.customerId, customerId))
    .orderBy(
      desc(customerOrder.deliveryDate),
      desc(customerOrder.createdAt),
      desc(customerOrder.orderNumber),
    )
    .limit(1)
    .get();
  if (!last) return { order: null, lines: [] };
  const lines = db
    .select({
      productId: orderLine.productId,
      name: orderLine.name,
      sku: orderLine.sku,
      quantity: orderLine.quantity,
    })
    .from(orderLine)
    .where(eq(orderLine.orderId, last.id))
    .orderBy(orderLine.position)
    .all();
  const ids = lines.flatMap((l) => (l.productId ? [l.productId] : []));
  const products = new Map(
    (ids.length > 0
      ? db
          .select({
            id: product.id,
            itemType: product.itemType,
            itemCount: product.itemCount,
            stockInCount: product.stockInCount,
          })
          .from(product)
          .where(inArray(product.id, ids))
          .all()
      : []
    ).map((p) => [p.id, p]),
  );
  const hidden = hiddenProductIds(db, customerId, customerTermsOf(db, customerId).priceListId);
  return {
    order: { _id: last.id, orderNumber: last.orderNumber, deliveryDate: last.deliveryDate },
    // The delivery charge a minimum order added is not a line to order again: placement adds
    // it again when it applies.
    lines: lines
      .filter((l) => l.productId !== null || l.name !== DELIVERY_CHARGE_NAME)
      .map((l) => {
        const p = l.productId ? products.get(l.productId) : undefined;
        const problem = !p
          ? 'gone'
          : hidden.has(p.id)
            ? 'hidden'
            : isOutOfStock(p)
              ? 'outOfStock'
              : null;
        return { productId: l.productId, name: l.name, sku: l.sku, quantity: l.quantity, problem };
      }),
  };
}
