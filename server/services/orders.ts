import { TRPCError } from '@trpc/server';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { account, customerOrder, idempotencyKey, orderLine, product } from '../../drizzle/schema';
import { isoDateInZone } from '../../shared/format';
import {
  LATEST_DELIVERY_DATE,
  MAX_QUANTITY,
  ORDERS_PAGE_SIZE,
  type OrderOut,
  type OrderPageOut,
  type placeOrderInput,
} from '../../shared/schemas/orders';
import type { CustomerRecord } from '../context';
import type { Db } from '../db';
import { newId, nowIso } from '../ids';

type OrderRow = typeof customerOrder.$inferSelect;
type LineRow = typeof orderLine.$inferSelect;

export function countPendingWebOrders(db: Db): number {
  const row = db
    .select({ n: count() })
    .from(customerOrder)
    .where(eq(customerOrder.isDelivered, false))
    .get();
  return row?.n ?? 0;
}

// --- Reading ----------------------------------------------------------------------------------

function toOrderOut(o: OrderRow, lines: LineRow[], deliveredByName: string | null): OrderOut {
  return {
    _id: o.id,
    user: {
      username: o.username,
      restaurantName: o.restaurantName,
      customerCode: o.customerCode,
      phoneNumber: o.phoneNumber,
      route: o.routeName ? { name: o.routeName } : null,
    },
    customer: o.customerId ? { _id: o.customerId, restaurantName: o.restaurantName } : null,
    orderItems: lines.map((l) => ({
      _id: l.id,
      product: l.productId,
      name: l.name,
      sku: l.sku,
      quantity: l.quantity,
      price: l.unitPrice,
      total: l.lineTotal,
    })),
    deliveryDate: o.deliveryDate,
    customMessage: o.customMessage,
    totalPrice: o.total,
    isDelivered: o.isDelivered,
    deliveredBy: deliveredByName,
    deliveredAt: o.deliveredAt,
    createdAt: o.createdAt,
  };
}

/** Orders with their lines and deliverer, in the order of `rows`: two queries, not one per order. */
function withLines(db: Db, rows: { o: OrderRow; deliveredBy: string | null }[]): OrderOut[] {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.o.id);
  const lines = db
    .select()
    .from(orderLine)
    .where(inArray(orderLine.orderId, ids))
    .orderBy(asc(orderLine.orderId), asc(orderLine.position))
    .all();
  const byOrder = new Map<string, LineRow[]>();
  for (const l of lines) {
    const list = byOrder.get(l.orderId) ?? [];
    list.push(l);
    byOrder.set(l.orderId, list);
  }
  return rows.map((r) => toOrderOut(r.o, byOrder.get(r.o.id) ?? [], r.deliveredBy));
}

const orderWithDeliverer = { o: customerOrder, deliveredBy: account.username };

/**
 * One order. A customer reaches only their own: anything else answers 404, exactly as a
 * missing id does, so ids cannot be probed.
 */
export function getOrder(db: Db, id: string, ownerCustomerId: string | null): OrderOut {
  const where =
    ownerCustomerId === null
      ? eq(customerOrder.id, id)
      : and(eq(customerOrder.id, id), eq(customerOrder.customerId, ownerCustomerId));
  const row = db
    .select(orderWithDeliverer)
    .from(customerOrder)
    .leftJoin(account, eq(customerOrder.deliveredBy, account.id))
    .where(where)
    .get();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: 'Order not found.' });
  return withLines(db, [row])[0] as OrderOut;
}

export function listCustomerOrders(db: Db, customerId: string, pageNumber: number): OrderPageOut {
  const total =
    db
      .select({ n: count() })
      .from(customerOrder)
      .where(eq(customerOrder.customerId, customerId))
      .get()?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
  const rows = db
    .select(orderWithDeliverer)
    .from(customerOrder)
    .leftJoin(account, eq(customerOrder.deliveredBy, account.id))
    .where(eq(customerOrder.customerId, customerId))
    .orderBy(desc(customerOrder.createdAt), desc(customerOrder.id))
    .limit(ORDERS_PAGE_SIZE)
    .offset((pageNumber - 1) * ORDERS_PAGE_SIZE)
    .all();
  return { orders: withLines(db, rows), page: pageNumber, pages };
}

// --- Placing ----------------------------------------------------------------------------------

const bad = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

export interface Placer {
  accountId: string;
  username: string;
  customer: CustomerRecord;
}

/**
 * Places an order for a customer: every price, name and unit comes from the product, never
 * from the client. One IMMEDIATE transaction: the stock check, the order, its lines and the
 * idempotency key commit together or not at all. The same key returns the first order.
 */
export function placeOrder(
  db: Db,
  placer: Placer,
  input: z.output<typeof placeOrderInput>,
  opts: { timeZone: string; idempotencyKey: string | null; now?: Date },
): OrderOut {
  const today = isoDateInZone(opts.now ?? new Date(), opts.timeZone);
  if (input.deliveryDate < today) throw bad('The delivery date cannot be in the past.');
  if (input.deliveryDate > LATEST_DELIVERY_DATE) throw bad('The delivery date is too far ahead.');

  // The same product twice becomes one line.
  const wanted = new Map<string, number>();
  for (const l of input.orderItems)
    wanted.set(l.product, (wanted.get(l.product) ?? 0) + l.quantity);

  const orderId = db.transaction(
    (tx) => {
      if (opts.idempotencyKey) {
        const seen = tx
          .select({ resultId: idempotencyKey.resultId })
          .from(idempotencyKey)
          .where(
            and(
              eq(idempotencyKey.accountId, placer.accountId),
              eq(idempotencyKey.key, opts.idempotencyKey),
            ),
          )
          .get();
        if (seen) return seen.resultId;
      }

      const products = tx
        .select()
        .from(product)
        .where(inArray(product.id, [...wanted.keys()]))
        .all();
      const byId = new Map(products.map((p) => [p.id, p]));
      const lines: (typeof orderLine.$inferInsert)[] = [];
      const id = newId();
      let position = 0;
      for (const [productId, quantity] of wanted) {
        const p = byId.get(productId);
        if (!p)
          throw bad(
            'A product in your cart is no longer available. Please remove it and try again.',
          );
        if (p.itemType === 'Out of Stock') throw bad(`${p.name} is out of stock.`);
        if (quantity > MAX_QUANTITY)
          throw bad(`Quantity of ${p.name} must be at most ${MAX_QUANTITY}.`);
        lines.push({
          id: newId(),
          orderId: id,
          productId,
          position: position++,
          name: p.name,
          sku: p.sku,
          unitPrice: p.price,
          quantity,
          lineTotal: p.price * quantity,
        });
      }
      const c = placer.customer;
      tx.insert(customerOrder)
        .values({
          id,
          customerId: c.id,
          placedBy: placer.accountId,
          restaurantName: c.restaurantName,
          customerCode: c.customerCode,
          username: placer.username,
          phoneNumber: c.phoneNumber,
          routeName: c.routeName,
          deliveryDate: input.deliveryDate,
          customMessage: input.customMessage,
          total: lines.reduce((sum, l) => sum + (l.lineTotal ?? 0), 0),
          createdAt: nowIso(),
        })
        .run();
      tx.insert(orderLine).values(lines).run();
      if (opts.idempotencyKey) {
        tx.insert(idempotencyKey)
          .values({ accountId: placer.accountId, key: opts.idempotencyKey, resultId: id })
          .run();
      }
      return id;
    },
    { behavior: 'immediate' },
  );
  return getOrder(db, orderId, null);
}
