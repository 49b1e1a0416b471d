import { TRPCError } from '@trpc/server';
import { and, count, desc, eq, sql } from 'drizzle-orm';
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
import { dataVersion, prepared } from '../prepared';

type OrderRow = typeof customerOrder.$inferSelect;
type LineRow = typeof orderLine.$inferSelect;

export function countPendingWebOrders(db: Db): number {
  const row = prepared(db, 'orders.pendingCount', () =>
    db
      .select({ n: count() })
      .from(customerOrder)
      .where(eq(customerOrder.isDelivered, false))
      .prepare(),
  ).get();
  return row?.n ?? 0;
}

// A list of ids is bound as one JSON parameter so the statement can stay prepared.
const idsIn = (column: typeof orderLine.orderId | typeof product.id, name: string) =>
  sql`${column} IN (SELECT value FROM json_each(${sql.placeholder(name)}))`;

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
  const lines = prepared(db, 'orders.linesOf', () =>
    db.select().from(orderLine).where(idsIn(orderLine.orderId, 'ids')).prepare(),
  ).all({ ids: JSON.stringify(rows.map((r) => r.o.id)) });
  // Sorting a few dozen lines here is cheaper than an ORDER BY over the IN list.
  lines.sort((a, b) => a.position - b.position);
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
  const row = prepared(db, 'orders.byIdForOwner', () =>
    db
      .select(orderWithDeliverer)
      .from(customerOrder)
      .leftJoin(account, eq(customerOrder.deliveredBy, account.id))
      .where(
        and(
          eq(customerOrder.id, sql.placeholder('id')),
          // A null owner means staff: any customer's order.
          sql`(${sql.placeholder('owner')} IS NULL OR ${customerOrder.customerId} = ${sql.placeholder('owner')})`,
        ),
      )
      .prepare(),
  ).get({ id, owner: ownerCustomerId });
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: 'Order not found.' });
  return withLines(db, [row])[0] as OrderOut;
}

// --- History pages cache -------------------------------------------------------------------------
// A restaurant opens its history far more often than its orders change, and orders are
// snapshots. Pages are kept per customer and dropped whenever anything writes that customer's
// orders: EVERY write to customer_order must call invalidateOrderHistory (placing here;
// dispatching and deleting in the office's services). Writes by another process (a script) are
// caught by SQLite's data_version.

const HISTORY_CACHE_CUSTOMERS = 2000;

/** A page of history and its JSON, made once. */
export interface HistoryPage {
  page: OrderPageOut;
  json: string;
}
interface HistoryCache {
  dataVersion: number;
  byCustomer: Map<string, Map<number, HistoryPage>>;
}
const historyCaches = new WeakMap<Db, HistoryCache>();

export function invalidateOrderHistory(db: Db, customerId: string | null): void {
  const cache = historyCaches.get(db);
  if (!cache) return;
  if (customerId === null) cache.byCustomer.clear();
  else cache.byCustomer.delete(customerId);
}

function historyCacheFor(db: Db): HistoryCache {
  const version = dataVersion(db);
  let cache = historyCaches.get(db);
  if (!cache || cache.dataVersion !== version) {
    cache = { dataVersion: version, byCustomer: new Map() };
    historyCaches.set(db, cache);
  }
  return cache;
}

export function customerHistoryPage(db: Db, customerId: string, pageNumber: number): HistoryPage {
  const cache = historyCacheFor(db);
  let pages = cache.byCustomer.get(customerId);
  const hit = pages?.get(pageNumber);
  if (hit) return hit;
  const page = readCustomerOrders(db, customerId, pageNumber);
  const entry = { page, json: JSON.stringify(page) };
  if (!pages) {
    if (cache.byCustomer.size >= HISTORY_CACHE_CUSTOMERS) {
      const oldest = cache.byCustomer.keys().next().value;
      if (oldest !== undefined) cache.byCustomer.delete(oldest);
    }
    pages = new Map();
    cache.byCustomer.set(customerId, pages);
  }
  pages.set(pageNumber, entry);
  return entry;
}

export function listCustomerOrders(db: Db, customerId: string, pageNumber: number): OrderPageOut {
  return customerHistoryPage(db, customerId, pageNumber).page;
}

function readCustomerOrders(db: Db, customerId: string, pageNumber: number): OrderPageOut {
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

const ph = (name: string) => sql.placeholder(name);

function placementStatements(db: Db) {
  return prepared(db, 'orders.placement', () => ({
    seenKey: db
      .select({ resultId: idempotencyKey.resultId })
      .from(idempotencyKey)
      .where(and(eq(idempotencyKey.accountId, ph('accountId')), eq(idempotencyKey.key, ph('key'))))
      .prepare(),
    products: db.select().from(product).where(idsIn(product.id, 'ids')).prepare(),
    insertOrder: db
      .insert(customerOrder)
      .values({
        id: ph('id'),
        customerId: ph('customerId'),
        placedBy: ph('placedBy'),
        restaurantName: ph('restaurantName'),
        customerCode: ph('customerCode'),
        username: ph('username'),
        phoneNumber: ph('phoneNumber'),
        routeName: ph('routeName'),
        deliveryDate: ph('deliveryDate'),
        customMessage: ph('customMessage'),
        total: ph('total'),
        createdAt: ph('createdAt'),
      })
      .prepare(),
    insertLine: db
      .insert(orderLine)
      .values({
        id: ph('id'),
        orderId: ph('orderId'),
        productId: ph('productId'),
        position: ph('position'),
        name: ph('name'),
        sku: ph('sku'),
        unitPrice: ph('unitPrice'),
        quantity: ph('quantity'),
        lineTotal: ph('lineTotal'),
      })
      .prepare(),
    insertKey: db
      .insert(idempotencyKey)
      .values({ accountId: ph('accountId'), key: ph('key'), resultId: ph('resultId') })
      .prepare(),
  }));
}

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

  const stmts = placementStatements(db);
  const placed = db.transaction(
    () => {
      if (opts.idempotencyKey) {
        const seen = stmts.seenKey.get({ accountId: placer.accountId, key: opts.idempotencyKey });
        if (seen) return seen.resultId;
      }

      const products = stmts.products.all({ ids: JSON.stringify([...wanted.keys()]) });
      const byId = new Map(products.map((row) => [row.id, row]));
      const lines: LineRow[] = [];
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
      const row: OrderRow = {
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
        total: lines.reduce((sum, l) => sum + l.lineTotal, 0),
        isDelivered: false,
        deliveredBy: null,
        deliveredAt: null,
        createdAt: nowIso(),
      };
      stmts.insertOrder.run(row);
      for (const line of lines) stmts.insertLine.run(line);
      if (opts.idempotencyKey) {
        stmts.insertKey.run({
          accountId: placer.accountId,
          key: opts.idempotencyKey,
          resultId: id,
        });
      }
      // The order as written: no need to read it back.
      return toOrderOut(row, lines, null);
    },
    { behavior: 'immediate' },
  );
  invalidateOrderHistory(db, placer.customer.id);
  // A repeated key answers the order the first request made.
  return typeof placed === 'string' ? getOrder(db, placed, null) : placed;
}
