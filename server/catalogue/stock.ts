import { and, count, desc, eq, sql } from 'drizzle-orm';
import { customerOrder, product, setting, stockMovement } from '../../drizzle/schema';
import type { StockReason } from '../../shared/enums';
import {
  DEFAULT_LOW_STOCK_AT,
  type LowStockOut,
  STOCK_MOVEMENTS_PAGE_SIZE,
  type StockMovementPageOut,
  type StockSettings,
} from '../../shared/schemas/stock';
import { productParams } from '../orders/order-terms';
import { type Actor, recordAudit } from '../platform/audit';
import { type Db, write } from '../platform/db';
import { badRequest, conflict, notFound } from '../platform/errors';
import { newId, nowIso } from '../platform/ids';
import { prepared } from '../platform/prepared';
import { saveSetting } from '../settings/settings';

// Stock that counts (ADR 036). A product whose itemCount is 'Count' has `stock_in_count` units:
// placing an order takes its quantity in the placing transaction, cancelling or deleting a
// pending order and a short delivery give back what was taken, receipts add, office edits
// adjust. Every move is a `stock_movement` row (who, why, which order), and the stock never
// goes below zero: a guard here (a clear 409) and a trigger in the database (migration 0008).
// Every function that changes stock runs inside the caller's write() unless it says otherwise.

type ProductRow = typeof product.$inferSelect;

const isCounted = (p: Pick<ProductRow, 'itemCount'>) => p.itemCount === 'Count';

/**
 * The statements every move runs, prepared once per database: placing an order moves each of
 * its counted lines, and a Drizzle query built per line cost more than the rest of the order.
 */
function stockStatements(db: Db) {
  return prepared(db, 'stock.move', () => ({
    counted: db.$client.prepare<
      [string],
      Pick<ProductRow, 'id' | 'name' | 'nameNe' | 'nameJa' | 'stockInCount'>
    >(
      `SELECT id, name, name_ne AS nameNe, name_ja AS nameJa, stock_in_count AS stockInCount
         FROM product
          WHERE id = ? AND item_count = 'Count'`,
    ),
    // The guard in the statement itself: whatever was read before, stock never goes below zero.
    take: db.$client
      .prepare<[number, string, number], number>(
        `UPDATE product SET stock_in_count = stock_in_count + ?
          WHERE id = ? AND stock_in_count + ? >= 0 RETURNING stock_in_count`,
      )
      .pluck(),
    left: db.$client
      .prepare<[string], number>('SELECT stock_in_count FROM product WHERE id = ?')
      .pluck(),
    record: db.$client.prepare(
      `INSERT INTO stock_movement (id, product_id, delta, reason, ref_id, note, balance,
         by_account, by_name, created_at)
       VALUES (@id, @productId, @delta, @reason, @refId, @note, @balance, @byAccount, @byName,
         @createdAt)`,
    ),
  }));
}

/** Inside a write(): moves one product's stock by `delta` and records why; refuses below zero. */
function move(
  db: Db,
  p: Pick<ProductRow, 'id' | 'name' | 'stockInCount'> & {
    nameNe?: string | null;
    nameJa?: string | null;
  },
  delta: number,
  reason: StockReason,
  who: Actor,
  refId: string | null,
  note = '',
): number {
  if (delta === 0) return p.stockInCount;
  const stmts = stockStatements(db);
  const balance = stmts.take.get(delta, p.id, delta);
  if (balance === undefined) {
    const left = stmts.left.get(p.id) ?? 0;
    // Its Nepali and Japanese names too (ADR 064): each screen names the product as it reads it.
    throw conflict('stock.insufficient', { ...productParams(p), left, productId: p.id });
  }
  stmts.record.run({
    id: newId(),
    productId: p.id,
    delta,
    reason,
    refId,
    note,
    balance,
    byAccount: who.id,
    byName: who.name,
    createdAt: nowIso(),
  });
  return balance;
}

/**
 * Inside the placing write(): takes each counted product's quantity for the order. More than
 * is left answers 409 `stock.insufficient` with the product and what is left; the whole
 * placement rolls back with it.
 */
export function takeForOrder(
  db: Db,
  orderId: string,
  lines: readonly { productId: string | null; quantity: number }[],
  who: Actor,
): void {
  const { counted } = stockStatements(db);
  for (const l of lines) {
    if (!l.productId) continue;
    const p = counted.get(l.productId);
    if (p) move(db, p, -l.quantity, 'order', who, orderId);
  }
}

/**
 * Inside the delivery's write(), for goods a driver handed over instead of an order line (ADR
 * 052): takes the substitute's quantity as placing an order does. The goods have already left
 * the van, so the delivery is never refused for the count: when fewer are counted than were
 * handed over, the stock goes to zero (never below, the trigger's rule) and the movement's note
 * says how many went beyond the count, for the office's next stock take. Returns that number
 * (0 when the count sufficed, or the product is not counted).
 */
export function takeForSubstitute(
  db: Db,
  orderId: string,
  productId: string,
  quantity: number,
  who: Actor,
): number {
  const stmts = stockStatements(db);
  const p = stmts.counted.get(productId);
  if (!p) return 0;
  const take = Math.min(quantity, Math.max(0, p.stockInCount));
  const beyond = quantity - take;
  const note = beyond > 0 ? `substitute; ${beyond} beyond the counted stock` : 'substitute';
  if (take > 0) {
    move(db, p, -take, 'order', who, orderId, note);
  } else {
    // Nothing left to take: a movement of 0 still tells the office what left the van.
    stmts.record.run({
      id: newId(),
      productId: p.id,
      delta: 0,
      reason: 'order',
      refId: orderId,
      note,
      balance: p.stockInCount,
      byAccount: who.id,
      byName: who.name,
      createdAt: nowIso(),
    });
  }
  return beyond;
}

/** What an order still holds of each product: what its movements took, less what they gave back. */
function heldByOrder(db: Db, orderId: string): Map<string, number> {
  const rows = db
    .select({ productId: stockMovement.productId, net: sql<number>`-SUM(${stockMovement.delta})` })
    .from(stockMovement)
    .where(
      and(
        eq(stockMovement.refId, orderId),
        sql`${stockMovement.reason} IN ('order', 'cancel', 'short')`,
      ),
    )
    .groupBy(stockMovement.productId)
    .all();
  return new Map(rows.filter((r) => r.net > 0).map((r) => [r.productId, r.net]));
}

/**
 * Inside a write(), before a pending order is cancelled or deleted: gives back everything the
 * order took. A delivered order's goods have left: deleting it gives nothing back. Only what
 * the movements show was taken is given back (an order placed before stock was counted, or
 * while its product was not counted, took nothing).
 */
export function giveBackOrder(db: Db, orderId: string, who: Actor): void {
  const order = db
    .select({ isDelivered: customerOrder.isDelivered })
    .from(customerOrder)
    .where(eq(customerOrder.id, orderId))
    .get();
  if (!order || order.isDelivered) return;
  for (const [productId, held] of heldByOrder(db, orderId)) {
    const p = db.select().from(product).where(eq(product.id, productId)).get();
    if (p) move(db, p, held, 'cancel', who, orderId);
  }
}

/**
 * Inside a write(), after a line was delivered short: gives back what did not leave (ordered
 * less delivered), never more than the order took of that product.
 */
export function giveBackShort(
  db: Db,
  orderId: string,
  line: { productId: string | null; quantity: number },
  deliveredBefore: number | null,
  deliveredNow: number,
  who: Actor,
): void {
  if (!line.productId) return;
  const before = deliveredBefore ?? line.quantity;
  const back = Math.min(before - deliveredNow, heldByOrder(db, orderId).get(line.productId) ?? 0);
  if (back <= 0) return;
  const p = db.select().from(product).where(eq(product.id, line.productId)).get();
  if (p) move(db, p, back, 'short', who, orderId);
}

/**
 * Inside a write(), when an order line's quantity is edited: takes or gives back the
 * difference (more than is left answers 409 `stock.insufficient`).
 */
export function adjustForLineEdit(
  db: Db,
  orderId: string,
  productId: string | null,
  oldQuantity: number,
  newQuantity: number,
  who: Actor,
): void {
  if (!productId || oldQuantity === newQuantity) return;
  const p = db.select().from(product).where(eq(product.id, productId)).get();
  if (!p || !isCounted(p)) return;
  const diff = newQuantity - oldQuantity;
  if (diff > 0) move(db, p, -diff, 'order', who, orderId);
  else
    move(
      db,
      p,
      Math.min(-diff, heldByOrder(db, orderId).get(productId) ?? 0),
      'cancel',
      who,
      orderId,
    );
}

/**
 * Inside a write(), after the office changed a product's stock on its form: the difference is
 * recorded as an adjustment (the row is already written).
 */
export function recordFormAdjustment(
  db: Db,
  before: Pick<ProductRow, 'id' | 'stockInCount'>,
  after: Pick<ProductRow, 'stockInCount'>,
  who: Actor,
): void {
  const delta = after.stockInCount - before.stockInCount;
  if (delta === 0) return;
  db.insert(stockMovement)
    .values({
      id: newId(),
      productId: before.id,
      delta,
      reason: 'adjust',
      refId: null,
      note: '',
      balance: after.stockInCount,
      byAccount: who.id,
      byName: who.name,
      createdAt: nowIso(),
    })
    .run();
}

function countedProduct(db: Db, id: string): ProductRow {
  const p = db.select().from(product).where(eq(product.id, id)).get();
  if (!p) throw notFound('catalogue.productNotFound');
  if (!isCounted(p)) throw badRequest('stock.notCounted', { name: p.name });
  return p;
}

/** Goods received (stock in): one write with its movement and trail entry. */
export function receiveStock(
  db: Db,
  who: Actor,
  input: { productId: string; quantity: number; note: string },
): { productId: string; stockInCount: number } {
  return write(db, () => {
    const p = countedProduct(db, input.productId);
    const balance = move(db, p, input.quantity, 'receipt', who, null, input.note);
    recordAudit(db, who, {
      entity: 'product',
      entityId: p.id,
      action: 'update',
      before: { stockInCount: p.stockInCount },
      after: { stockInCount: balance, receipt: input.quantity, note: input.note },
    });
    return { productId: p.id, stockInCount: balance };
  });
}

/** A counted correction (breakage, a stock take): below zero answers 409 `stock.insufficient`. */
export function adjustStock(
  db: Db,
  who: Actor,
  input: { productId: string; delta: number; note: string },
): { productId: string; stockInCount: number } {
  return write(db, () => {
    const p = countedProduct(db, input.productId);
    const balance = move(db, p, input.delta, 'adjust', who, null, input.note);
    recordAudit(db, who, {
      entity: 'product',
      entityId: p.id,
      action: 'update',
      before: { stockInCount: p.stockInCount },
      after: { stockInCount: balance, note: input.note },
    });
    return { productId: p.id, stockInCount: balance };
  });
}

/** One product's threshold for the low-stock list (null follows the business's default). */
export function setLowStockAt(
  db: Db,
  who: Actor,
  input: { productId: string; lowStockAt: number | null },
): { productId: string; lowStockAt: number | null } {
  return write(db, () => {
    const p = db.select().from(product).where(eq(product.id, input.productId)).get();
    if (!p) throw notFound('catalogue.productNotFound');
    db.update(product).set({ lowStockAt: input.lowStockAt }).where(eq(product.id, p.id)).run();
    recordAudit(db, who, {
      entity: 'product',
      entityId: p.id,
      action: 'update',
      before: { lowStockAt: p.lowStockAt },
      after: { lowStockAt: input.lowStockAt },
    });
    return { productId: p.id, lowStockAt: input.lowStockAt };
  });
}

export function getStockSettings(db: Db): StockSettings {
  const row = db.select().from(setting).where(eq(setting.key, 'stock')).get();
  const value = (row?.value ?? {}) as Partial<StockSettings>;
  return { lowStockAt: value.lowStockAt ?? DEFAULT_LOW_STOCK_AT };
}

export function updateStockSettings(db: Db, who: Actor, input: StockSettings): StockSettings {
  saveSetting(db, who, 'stock', () => getStockSettings(db), input);
  return getStockSettings(db);
}

/** Counted products at or below their threshold (their own, else the default), emptiest first. */
export function lowStock(db: Db): LowStockOut {
  const { lowStockAt } = getStockSettings(db);
  const threshold = sql<number>`COALESCE(${product.lowStockAt}, ${lowStockAt})`;
  const rows = db
    .select({
      _id: product.id,
      name: product.name,
      nameNe: product.nameNe,
      nameJa: product.nameJa,
      sku: product.sku,
      stockInCount: product.stockInCount,
      lowStockAt: threshold,
      ownLowStockAt: product.lowStockAt,
    })
    .from(product)
    .where(and(eq(product.itemCount, 'Count'), sql`${product.stockInCount} <= ${threshold}`))
    .orderBy(product.stockInCount, product.name)
    .all();
  return { products: rows, defaultLowStockAt: lowStockAt };
}

/** One product's movements, newest first, paged. */
export function productMovements(
  db: Db,
  productId: string,
  pageNumber: number,
): StockMovementPageOut {
  const p = db
    .select({
      id: product.id,
      stockInCount: product.stockInCount,
      itemCount: product.itemCount,
      lowStockAt: product.lowStockAt,
    })
    .from(product)
    .where(eq(product.id, productId))
    .get();
  if (!p) throw notFound('catalogue.productNotFound');
  const total =
    db
      .select({ n: count() })
      .from(stockMovement)
      .where(eq(stockMovement.productId, productId))
      .get()?.n ?? 0;
  const rows = db
    .select({
      m: stockMovement,
      orderNumber: customerOrder.orderNumber,
    })
    .from(stockMovement)
    .leftJoin(customerOrder, eq(customerOrder.id, stockMovement.refId))
    .where(eq(stockMovement.productId, productId))
    .orderBy(desc(stockMovement.createdAt), desc(stockMovement.id))
    .limit(STOCK_MOVEMENTS_PAGE_SIZE)
    .offset((pageNumber - 1) * STOCK_MOVEMENTS_PAGE_SIZE)
    .all();
  return {
    productId,
    stockInCount: p.stockInCount,
    counted: p.itemCount === 'Count',
    lowStockAt: p.lowStockAt,
    movements: rows.map(({ m, orderNumber }) => ({
      _id: m.id,
      delta: m.delta,
      reason: m.reason,
      refId: m.refId,
      orderNumber: orderNumber ?? null,
      note: m.note,
      balance: m.balance,
      by: m.byName,
      createdAt: m.createdAt,
    })),
    page: pageNumber,
    pages: Math.max(1, Math.ceil(total / STOCK_MOVEMENTS_PAGE_SIZE)),
  };
}
