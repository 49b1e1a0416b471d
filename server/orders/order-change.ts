import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { customerOrder, deliveryJob, orderLine } from '../../drizzle/schema';
import type {
  addToOrderInput,
  ChangeWindowOut,
  changeOrderInput,
} from '../../shared/schemas/order-change';
import type { OrderOut } from '../../shared/schemas/orders';
import { toRateColumns } from '../../shared/tax-columns';
import { adjustForLineEdit } from '../catalogue/stock';
import { type Actor, recordAudit } from '../platform/audit';
import { type Db, write } from '../platform/db';
import { AppError, conflict, notFound } from '../platform/errors';
import { scopeOfCustomer } from '../platform/scope';
import { getBusinessSettings } from '../settings/business-settings';
import { getDeliverySettings } from '../settings/settings';
import { removeOrder } from './cancelled-orders';
import { getOrder, priceLines } from './orders';
import { cutoffOf } from './standing-orders';

// A customer changes or cancels their own order until the cut-off of its delivery day (the
// same cut-off and time zone as placement: DESIGN §6), and may add a cart to an order already
// placed for the same day (ADR 043). Each is one IMMEDIATE transaction: the lines are priced
// again by placement's rules (priceLines), the counted stock moves by the difference, the
// trail records before and after. The office's lists, frozen counts and pick lists read the
// lines, so they follow without a write of their own.

type OrderRow = typeof customerOrder.$inferSelect;

export interface Clock {
  timeZone: string;
  now: Date;
}

/** The customer's own order; another's answers 404 exactly as a missing id does. */
function ownOrder(db: Db, customerId: string, id: string): OrderRow {
  const row = db
    .select()
    .from(customerOrder)
    .where(and(eq(customerOrder.id, id), eq(customerOrder.customerId, customerId)))
    .get();
  if (!row) throw notFound('order.notFound');
  return row;
}

/** When the order's changes close: the cut-off on its delivery day, in the business's zone. */
export function changeWindow(db: Db, row: OrderRow, clock: Clock): ChangeWindowOut {
  const { cutoff } = getDeliverySettings(db);
  const closes = cutoffOf(row.deliveryDate, cutoff, clock.timeZone);
  return {
    changeable: !row.isDelivered && row.invoiceId === null && clock.now < closes,
    deliveryDate: row.deliveryDate,
    cutoff,
    closesAt: closes.toISOString(),
  };
}

function checkChangeable(db: Db, row: OrderRow, clock: Clock): void {
  const orderNumber = `#${row.orderNumber}`;
  if (row.isDelivered || row.invoiceId !== null) {
    throw conflict('order.notChangeable', { orderNumber });
  }
  const window = changeWindow(db, row, clock);
  if (!window.changeable)
    throw conflict('order.changeClosed', { orderNumber, cutoff: window.cutoff });
}

/**
 * Why a closed order can no longer change. Dispatched to a driver who has not delivered it yet:
 * on its way; dispatched without a driver (the office handed it over) or delivered: delivered.
 */
function closedBecause(db: Db, row: OrderRow): NonNullable<ChangeWindowOut['closed']> {
  if (!row.isDelivered && row.invoiceId === null) return 'cutoff';
  const job = db
    .select({ isDelivered: deliveryJob.isDelivered })
    .from(deliveryJob)
    .where(eq(deliveryJob.orderId, row.id))
    .get();
  return job && !job.isDelivered ? 'dispatched' : 'delivered';
}

/**
 * The order's page asks this: whether it can still change and until when, and once it cannot,
 * why and the business's phone, so the restaurant knows whom to call.
 */
export function orderChangeWindow(
  db: Db,
  customerId: string,
  id: string,
  clock: Clock,
): ChangeWindowOut {
  const row = ownOrder(db, customerId, id);
  const window = changeWindow(db, row, clock);
  if (window.changeable) return { ...window, closed: null, officePhone: '' };
  return {
    ...window,
    closed: closedBecause(db, row),
    officePhone: getBusinessSettings(db).phone,
  };
}

function linesOf(db: Db, orderId: string) {
  return db
    .select()
    .from(orderLine)
    .where(eq(orderLine.orderId, orderId))
    .orderBy(asc(orderLine.position))
    .all();
}

/** Quantities per product (lines without a product, e.g. a delivery charge, are left out). */
function quantities(lines: readonly { productId: string | null; quantity: number }[]) {
  const by = new Map<string, number>();
  for (const l of lines)
    if (l.productId) by.set(l.productId, (by.get(l.productId) ?? 0) + l.quantity);
  return by;
}

const summary = (lines: readonly { name: string; quantity: number }[]) =>
  lines.map((l) => ({ name: l.name, quantity: l.quantity }));

/**
 * Inside a write(): replaces the order's lines with `wanted`, priced again, and moves the
 * counted stock by the difference (more than is left answers 409 `stock.insufficient`). For a
 * change, the refusal's `left` is what this order can have (ADR 043 amendment): what it already
 * holds (`held`) plus what is left, since the whole quantity is asked for and the order's own
 * units count towards it. Adding a cart keeps `left` as what is left: the cart's quantity is
 * what is added, and the checkout reduces the cart line to it.
 */
function rewrite(
  db: Db,
  who: Actor,
  row: OrderRow,
  wanted: Map<string, number>,
  customMessage: string | undefined,
  action: 'change' | 'add',
): void {
  const before = linesOf(db, row.id);
  const { lines, tax, rule } = priceLines(db, row.customerId as string, row.id, wanted);
  const oldQ = quantities(before);
  const newQ = quantities(lines);
  for (const productId of new Set([...oldQ.keys(), ...newQ.keys()])) {
    const held = oldQ.get(productId) ?? 0;
    try {
      adjustForLineEdit(db, row.id, productId, held, newQ.get(productId) ?? 0, who);
    } catch (err) {
      throw action === 'change' ? withHeld(err, productId, held) : err;
    }
  }
  db.delete(orderLine).where(eq(orderLine.orderId, row.id)).run();
  for (const line of lines) db.insert(orderLine).values(line).run();
  const message = customMessage === undefined ? row.customMessage : customMessage;
  // Priced again from the catalogue now, so with the basis and rounding of now (ADR 053).
  const totals = {
    total: tax.total,
    ...toRateColumns(tax),
    taxBasis: rule.basis,
    taxRounding: rule.rounding,
  };
  db.update(customerOrder)
    .set({ ...totals, customMessage: message })
    .where(eq(customerOrder.id, row.id))
    .run();
  recordAudit(db, who, {
    entity: 'customer_order',
    entityId: row.id,
    action: 'update',
    before: {
      orderNumber: row.orderNumber,
      total: row.total,
      customMessage: row.customMessage,
      lines: summary(before),
    },
    after: {
      orderNumber: row.orderNumber,
      total: tax.total,
      customMessage: message,
      lines: summary(lines),
      by: action === 'add' ? 'customer, cart added' : 'customer',
    },
  });
}

/** A refusal for stock as what this order can have: its own units and what is left. */
function withHeld(err: unknown, productId: string, held: number): unknown {
  if (!(err instanceof AppError) || err.appCode !== 'stock.insufficient') return err;
  const params = err.params ?? {};
  if (params.productId !== productId || typeof params.left !== 'number') return err;
  return conflict('stock.insufficient', { ...params, left: held + params.left, held });
}

function wantedOf(
  items: readonly { product: string; quantity: number }[],
  into = new Map<string, number>(),
) {
  for (const l of items) into.set(l.product, (into.get(l.product) ?? 0) + l.quantity);
  return into;
}

/** The customer's change of their order's lines (quantities, removals, additions). */
export function changeOrder(
  db: Db,
  who: Actor,
  customerId: string,
  input: z.output<typeof changeOrderInput>,
  clock: Clock,
): OrderOut {
  return write(db, () => {
    const row = ownOrder(db, customerId, input.id);
    checkChangeable(db, row, clock);
    rewrite(db, who, row, wantedOf(input.orderItems), input.customMessage, 'change');
    return getOrder(db, row.id, scopeOfCustomer(customerId));
  });
}

/** A cart added to an order of the same day: each quantity adds to that product's line. */
export function addToOrder(
  db: Db,
  who: Actor,
  customerId: string,
  input: z.output<typeof addToOrderInput>,
  clock: Clock,
): OrderOut {
  return write(db, () => {
    const row = ownOrder(db, customerId, input.id);
    checkChangeable(db, row, clock);
    const wanted = quantities(linesOf(db, row.id));
    wantedOf(input.orderItems, wanted);
    const extra = input.customMessage;
    const message = extra
      ? row.customMessage
        ? `${row.customMessage}\n${extra}`
        : extra
      : undefined;
    rewrite(db, who, row, wanted, message, 'add');
    return getOrder(db, row.id, scopeOfCustomer(customerId));
  });
}

/** The customer cancels their order: its counted stock goes back, the order is removed. */
export function cancelOrder(
  db: Db,
  who: Actor,
  customerId: string,
  id: string,
  clock: Clock,
): { _id: string; orderNumber: number; cancelled: true } {
  return write(db, () => {
    const row = ownOrder(db, customerId, id);
    checkChangeable(db, row, clock);
    removeOrder(db, who, row, summary(linesOf(db, id)), { cancelledBy: 'customer' });
    return { _id: id, orderNumber: row.orderNumber, cancelled: true as const };
  });
}

/** The customer's newest order for a delivery day that can still be changed, if any. */
export function sameDayOrder(db: Db, customerId: string, deliveryDate: string, clock: Clock) {
  const rows = db
    .select()
    .from(customerOrder)
    .where(
      and(
        eq(customerOrder.customerId, customerId),
        eq(customerOrder.deliveryDate, deliveryDate),
        eq(customerOrder.isDelivered, false),
      ),
    )
    .orderBy(desc(customerOrder.createdAt), desc(customerOrder.orderNumber))
    .all();
  for (const row of rows) {
    const window = changeWindow(db, row, clock);
    if (window.changeable) {
      return {
        order: {
          _id: row.id,
          orderNumber: row.orderNumber,
          totalPrice: row.total,
          deliveryDate: row.deliveryDate,
          cutoff: window.cutoff,
        },
      };
    }
  }
  return { order: null };
}
