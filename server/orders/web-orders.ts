import { and, asc, count, desc, eq, getTableColumns, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { account, customer, customerOrder, orderLine, product, route } from '../../drizzle/schema';
import {
  type FrozenLine,
  OFFICE_PAGE_SIZE,
  type OfficeOrderOut,
  type OfficeOrderPageOut,
  type PickList,
  type placeForInput,
} from '../../shared/schemas/doorstep';
import type { OrderOut } from '../../shared/schemas/orders';
import type { CustomerRecord } from '../context';
import { driverAccount, insertJob } from '../deliveries/insert-job';
import { billDeliveredOrder } from '../money/billing';
import { type Actor, recordAudit } from '../platform/audit';
import { businessDateOf } from '../platform/business-day';
import { type Db, write } from '../platform/db';
import { AppError, badRequest, notFound } from '../platform/errors';
import { containsPattern } from '../platform/like';
import { prepared } from '../platform/prepared';
import { removeOrder } from './cancelled-orders';
import { placeOrder, withLines } from './orders';

// The office's side of web orders (spec §2 "/admin/orders", DESIGN §3): New Orders, Frozen
// Counts, Dispatched, pick lists, dispatching (optionally to a driver, which creates the job),
// deleting, and placing an order for a customer who phones it in.

type OrderRow = typeof customerOrder.$inferSelect;

/** Orders whose placer is not a customer's login were placed by the office. */
const placedByStaff = sql<number>`EXISTS (SELECT 1 FROM ${account} WHERE ${account.id} = ${customerOrder.placedBy} AND ${account.kind} <> 'customer')`;

function officeOrders(db: Db, rows: (OrderRow & { staff: number })[]): OfficeOrderOut[] {
  const out = withLines(db, rows);
  return out.map((o, i) => {
    const r = rows[i] as OrderRow & { staff: number };
    return { ...o, offSchedule: r.offSchedule, onHold: r.onHold, placedByStaff: !!r.staff };
  });
}

function selectOrders(db: Db) {
  const cols = { ...getColumns(), staff: placedByStaff };
  return db.select(cols).from(customerOrder);
}

function getColumns() {
  // Every column of the order (getTableColumns keeps this in step with the schema).
  return getTableColumns(customerOrder);
}

function page<T>(orders: T[], pageNumber: number, total: number) {
  return {
    orders,
    page: pageNumber,
    pages: Math.max(1, Math.ceil(total / OFFICE_PAGE_SIZE)),
    total,
  };
}

/** New Orders: pending web orders by delivery date, route and restaurant, optionally filtered. */
export function listPendingWebOrders(
  db: Db,
  input: { deliveryDate?: string; route?: string; pageNumber: number },
): OfficeOrderPageOut {
  const where = and(
    eq(customerOrder.isDelivered, false),
    input.deliveryDate ? eq(customerOrder.deliveryDate, input.deliveryDate) : undefined,
    input.route ? eq(customerOrder.routeName, input.route) : undefined,
  );
  const total = db.select({ n: count() }).from(customerOrder).where(where).get()?.n ?? 0;
  const rows = selectOrders(db)
    .where(where)
    .orderBy(
      asc(customerOrder.deliveryDate),
      asc(customerOrder.routeName),
      asc(customerOrder.restaurantName),
      asc(customerOrder.orderNumber),
    )
    .limit(OFFICE_PAGE_SIZE)
    .offset((input.pageNumber - 1) * OFFICE_PAGE_SIZE)
    .all();
  return page(officeOrders(db, rows), input.pageNumber, total);
}

/** Dispatched: newest delivery date first. */
export function listDispatchedOrders(db: Db, pageNumber: number): OfficeOrderPageOut {
  const where = eq(customerOrder.isDelivered, true);
  const total = db.select({ n: count() }).from(customerOrder).where(where).get()?.n ?? 0;
  const rows = selectOrders(db)
    .where(where)
    .orderBy(desc(customerOrder.deliveryDate), desc(customerOrder.orderNumber))
    .limit(OFFICE_PAGE_SIZE)
    .offset((pageNumber - 1) * OFFICE_PAGE_SIZE)
    .all();
  return page(officeOrders(db, rows), pageNumber, total);
}

/**
 * One customer's orders (`/admin/customer/orders/{id}`): the id is the customer's, or their
 * login's. The keyword matches the order number, the delivery date, the message or a product.
 */
export function listOrdersOfCustomer(
  db: Db,
  input: { userId: string; keyword: string; pageNumber: number },
): OfficeOrderPageOut & { customer: { _id: string; restaurantName: string } } {
  const c = db
    .select({ id: customer.id, restaurantName: customer.restaurantName })
    .from(customer)
    .where(or(eq(customer.id, input.userId), eq(customer.accountId, input.userId)))
    .get();
  if (!c) throw notFound('delivery.customerNotFound');
  let filter: SQL | undefined;
  const k = input.keyword.replace(/^#/, '');
  if (k) {
    const pattern = containsPattern(k);
    filter = or(
      /^\d+$/.test(k) ? eq(customerOrder.orderNumber, Number(k)) : undefined,
      sql`${customerOrder.deliveryDate} LIKE ${pattern} ESCAPE '\\'`,
      sql`${customerOrder.customMessage} LIKE ${pattern} ESCAPE '\\'`,
      sql`EXISTS (SELECT 1 FROM ${orderLine} WHERE ${orderLine.orderId} = ${customerOrder.id} AND ${orderLine.name} LIKE ${pattern} ESCAPE '\\')`,
    );
  }
  const where = and(eq(customerOrder.customerId, c.id), filter);
  const total = db.select({ n: count() }).from(customerOrder).where(where).get()?.n ?? 0;
  const rows = selectOrders(db)
    .where(where)
    .orderBy(desc(customerOrder.createdAt), desc(customerOrder.id))
    .limit(OFFICE_PAGE_SIZE)
    .offset((input.pageNumber - 1) * OFFICE_PAGE_SIZE)
    .all();
  return {
    ...page(officeOrders(db, rows), input.pageNumber, total),
    customer: { _id: c.id, restaurantName: c.restaurantName },
  };
}

// Dispatching is the office's busiest write: its statements are prepared once (server/platform/prepared.ts).
const ph = (name: string) => sql.placeholder(name);
function dispatchStatements(db: Db) {
  return prepared(db, 'webOrders.dispatch', () => ({
    officeById: selectOrders(db)
      .where(eq(customerOrder.id, ph('id')))
      .prepare(),
    orderById: db
      .select()
      .from(customerOrder)
      .where(eq(customerOrder.id, ph('id')))
      .prepare(),
    markDispatched: db
      .update(customerOrder)
      .set({
        isDelivered: true,
        deliveredBy: sql`${ph('deliveredBy')}`,
        deliveredByName: sql`${ph('deliveredByName')}`,
        deliveredAt: sql`${ph('deliveredAt')}`,
      })
      .where(eq(customerOrder.id, ph('id')))
      .prepare(),
  }));
}

export function getOfficeOrder(db: Db, id: string): OfficeOrderOut {
  const rows = dispatchStatements(db).officeById.all({ id });
  if (rows.length === 0) throw notFound('order.notFound');
  return officeOrders(db, rows)[0] as OfficeOrderOut;
}

// --- Frozen counts, pending dates, pick lists -------------------------------------------------

/** Dates with pending orders (with counts), the next one from today, and the routes seen. */
export function pendingDates(db: Db, today: string) {
  const dates = db
    .select({ date: customerOrder.deliveryDate, count: count() })
    .from(customerOrder)
    .where(eq(customerOrder.isDelivered, false))
    .groupBy(customerOrder.deliveryDate)
    .orderBy(asc(customerOrder.deliveryDate))
    .all();
  const routes = db
    .selectDistinct({ name: customerOrder.routeName })
    .from(customerOrder)
    .where(eq(customerOrder.isDelivered, false))
    .all()
    .map((r) => r.name)
    .filter((n): n is string => !!n)
    .sort();
  const next = dates.find((d) => d.date >= today)?.date ?? dates[0]?.date ?? null;
  return { next, dates, routes };
}

function sumLines(db: Db, where: SQL | undefined): FrozenLine[] {
  const rows = db
    .select({
      itemName: sql<string>`MIN(${orderLine.name})`,
      itemNameNe: sql<string | null>`MIN(${product.nameNe})`,
      itemNameJa: sql<string | null>`MIN(${orderLine.nameJa})`,
      sku: sql<string>`MIN(${orderLine.sku})`,
      totalQuantity: sql<number>`SUM(${orderLine.quantity})`,
    })
    .from(customerOrder)
    .innerJoin(orderLine, eq(orderLine.orderId, customerOrder.id))
    .leftJoin(product, eq(product.id, orderLine.productId))
    .where(and(eq(customerOrder.isDelivered, false), where))
    .groupBy(sql`COALESCE(${orderLine.productId}, ${orderLine.name}), ${orderLine.sku}`)
    .all();
  return rows
    .map((r) => ({
      itemName: r.itemName,
      itemNameNe: r.itemNameNe ?? null,
      itemNameJa: r.itemNameJa ?? null,
      sku: r.sku,
      totalQuantity: Number(r.totalQuantity),
    }))
    .sort((a, b) => a.itemName.localeCompare(b.itemName) || a.sku.localeCompare(b.sku));
}

/**
 * Frozen Counts (DESIGN §3): quantities of pending orders summed per product, sorted by name,
 * for one delivery date ('all' for every date; nothing for the next date with orders).
 */
export function itemQuantities(
  db: Db,
  deliveryDate: string | undefined,
  today: string,
): FrozenLine[] {
  const date = deliveryDate ?? pendingDates(db, today).next ?? today;
  return sumLines(db, date === 'all' ? undefined : eq(customerOrder.deliveryDate, date));
}

/** The pick list of a delivery date (and route): product totals, then each stop's lines. */
export function pickList(db: Db, deliveryDate: string, routeName?: string): PickList {
  const where = and(
    eq(customerOrder.deliveryDate, deliveryDate),
    routeName ? eq(customerOrder.routeName, routeName) : undefined,
  );
  const rows = selectOrders(db)
    .where(and(eq(customerOrder.isDelivered, false), where))
    .orderBy(
      asc(customerOrder.routeName),
      asc(customerOrder.restaurantName),
      asc(customerOrder.orderNumber),
    )
    .all();
  const orders = withLines(db, rows);
  return {
    deliveryDate,
    route: routeName ?? null,
    totals: sumLines(db, where),
    stops: orders.map((o: OrderOut, i) => ({
      orderId: o._id,
      orderNumber: o.orderNumber,
      restaurantName: o.user.restaurantName,
      customerCode: o.user.customerCode,
      phoneNumber: o.user.phoneNumber,
      routeName: o.user.route?.name ?? null,
      customMessage: o.customMessage,
      offSchedule: (rows[i] as OrderRow).offSchedule,
      lines: o.orderItems.map((l) => ({
        name: l.name,
        nameNe: l.nameNe ?? null,
        nameJa: l.nameJa ?? null,
        quantity: l.quantity,
        sku: l.sku,
      })),
    })),
  };
}

// --- Dispatching and deleting -----------------------------------------------------------------

export function dispatchInside(
  db: Db,
  actor: Actor,
  id: string,
  driver: { id: string; username: string } | null,
  now: string,
  /** The business's time zone (config), which dates the delivery the dispatch bills. */
  timeZone: string,
): void {
  const stmts = dispatchStatements(db);
  const before = stmts.orderById.get({ id });
  if (!before) throw notFound('order.notFound');
  if (before.isDelivered) {
    throw new AppError('CONFLICT', 'delivery.alreadyDispatched', {
      orderNumber: `#${before.orderNumber}`,
    });
  }
  // Credit hold (DESIGN §6): a held order waits for the office's release before it moves.
  if (before.onHold)
    throw new AppError('CONFLICT', 'order.onHold', { orderNumber: `#${before.orderNumber}` });
  const changes = {
    isDelivered: true,
    // No driver chosen: the office delivered it (the spec's "Mark as dispatched").
    deliveredBy: driver?.id ?? actor.id,
    deliveredByName: driver?.username ?? actor.name,
    deliveredAt: now,
  };
  stmts.markDispatched.run({ id, ...changes, deliveredAt: changes.deliveredAt });
  recordAudit(db, actor, {
    entity: 'customer_order',
    entityId: id,
    action: 'update',
    before: {
      isDelivered: before.isDelivered,
      deliveredBy: before.deliveredBy,
      deliveredByName: before.deliveredByName,
      deliveredAt: before.deliveredAt,
    },
    after: changes,
  });
  if (driver) {
    insertJob(db, actor, {
      customerId: before.customerId,
      restaurantName: before.restaurantName,
      orderId: id,
      driverId: driver.id,
    });
  } else {
    // The office handed it over itself: delivered now, so billable now (ADR 033).
    billDeliveredOrder(db, actor, id, businessDateOf(now, timeZone), null);
  }
}

/** Dispatches one pending order; with a driver, creates that driver's delivery job. */
export function dispatchOrder(
  db: Db,
  actor: Actor,
  input: { id: string; driverId?: string },
  opts: { timeZone: string },
): OfficeOrderOut {
  return write(db, () => {
    const driver = input.driverId ? driverAccount(db, input.driverId) : null;
    dispatchInside(db, actor, input.id, driver, new Date().toISOString(), opts.timeZone);
    // The answer is read inside the transaction (no cache involved): an idempotency key is
    // stored with what the write returns, in the same commit, instead of being corrected by a
    // second commit afterwards.
    return getOfficeOrder(db, input.id);
  });
}

/** Dispatches many pending orders to one driver in one transaction: all or none. */
export function dispatchMany(
  db: Db,
  actor: Actor,
  input: { ids: string[]; driverId: string },
  opts: { timeZone: string },
): { dispatched: number } {
  const ids = [...new Set(input.ids)];
  write(db, () => {
    const driver = driverAccount(db, input.driverId);
    const now = new Date().toISOString();
    for (const id of ids) dispatchInside(db, actor, id, driver, now, opts.timeZone);
  });
  return { dispatched: ids.length };
}

export function deleteOrder(db: Db, actor: Actor, id: string): { _id: string } {
  write(db, () => {
    const before = db.select().from(customerOrder).where(eq(customerOrder.id, id)).get();
    if (!before) throw notFound('order.notFound');
    const lines = db
      .select({ name: orderLine.name, quantity: orderLine.quantity, sku: orderLine.sku })
      .from(orderLine)
      .where(eq(orderLine.orderId, id))
      .all();
    removeOrder(db, actor, before, lines, null);
  });
  return { _id: id };
}

/**
 * The office places an order for a customer who phoned it in: the same rules and server
 * pricing as the customer's own placement, placed by the staff account, and shown in the
 * customer's history like any other.
 */
export function placeForCustomer(
  db: Db,
  actor: Actor,
  input: z.output<typeof placeForInput>,
  opts: { timeZone: string },
): OfficeOrderOut {
  const found = db
    .select({ c: customer, routeName: route.name, username: account.username })
    .from(customer)
    .leftJoin(route, eq(route.id, customer.routeId))
    .leftJoin(account, eq(account.id, customer.accountId))
    .where(eq(customer.id, input.customerId))
    .get();
  if (!found) throw badRequest('delivery.customerNotFound');
  const record: CustomerRecord = { ...found.c, routeName: found.routeName };
  const { customerId: _c, ...placement } = input;
  const order = placeOrder(
    db,
    {
      accountId: actor.id ?? '',
      // The order card shows the customer's username, whoever placed it.
      username: found.username ?? record.customerCode,
      placedByName: actor.name,
      customer: record,
    },
    placement,
    {
      ...opts,
      // The trail commits with the order, in the same transaction.
      within: (o) =>
        recordAudit(db, actor, {
          entity: 'customer_order',
          entityId: o._id,
          action: 'create',
          before: null,
          after: {
            orderNumber: o.orderNumber,
            customerId: record.id,
            deliveryDate: o.deliveryDate,
            total: o.totalPrice,
          },
        }),
    },
  );
  return getOfficeOrder(db, order._id);
}
