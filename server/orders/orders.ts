import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { category, customerOrder, orderLine, product } from '../../drizzle/schema';
import { isDeliveryDay } from '../../shared/delivery-dates';
import { isOutOfStock, LATEST_DELIVERY_DATE, MAX_QUANTITY } from '../../shared/rules';
import {
  ORDERS_PAGE_SIZE,
  type OrderOut,
  type OrderPageOut,
  type placeOrderInput,
} from '../../shared/schemas/orders';
import { asTaxRate, taxByRate } from '../../shared/tax';
import { toRateColumns } from '../../shared/tax-columns';
import { applyMinimumOrder } from '../catalogue/customer-prices';
import { takeForOrder } from '../catalogue/stock';
import type { CustomerRecord } from '../context';
import { type Db, write } from '../platform/db';
import { badRequest, notFound } from '../platform/errors';
import { newId, nowIso } from '../platform/ids';
import { prepared } from '../platform/prepared';
import { type Scope, withinScope } from '../platform/scope';
import { deliveryCalendar } from '../settings/settings';
import { effectiveTaxRate, getTaxSettings, type TaxSettings } from '../settings/tax-settings';
import { arrivalsOf } from './arrived-at';
import { checkOrderable, orderTermsFor, productParams } from './order-terms';

type OrderRow = typeof customerOrder.$inferSelect;
type LineRow = typeof orderLine.$inferSelect;
/** A line with its product's Nepali name (now), for Nepali readers. */
type NamedLine = LineRow & { nameNe?: string | null };

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

const ph = (name: string) => sql.placeholder(name);

// A list of ids is bound as one JSON parameter so the statement can stay prepared.
const idsIn = (column: typeof orderLine.orderId | typeof product.id, name: string) =>
  sql`${column} IN (SELECT value FROM json_each(${sql.placeholder(name)}))`;

// --- Reading ----------------------------------------------------------------------------------

function toOrderOut(o: OrderRow, lines: NamedLine[]): OrderOut {
  return {
    _id: o.id,
    orderNumber: o.orderNumber,
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
      nameNe: l.nameNe ?? null,
      nameJa: l.nameJa ?? null,
      sku: l.sku,
      quantity: l.quantity,
      price: l.unitPrice,
      total: l.lineTotal,
      taxRate: l.taxRate,
      deliveredQuantity: l.deliveredQuantity,
      shortReason: l.shortReason,
      substituteFor: l.substituteFor,
    })),
    deliveryDate: o.deliveryDate,
    customMessage: o.customMessage,
    totalPrice: o.total,
    net8: o.net8,
    tax8: o.tax8,
    net10: o.net10,
    tax10: o.tax10,
    isDelivered: o.isDelivered,
    deliveredBy: o.deliveredByName,
    deliveredAt: o.deliveredAt,
    placedBy: o.placedByName,
    createdAt: o.createdAt,
    onHold: o.onHold,
  };
}

/** Orders with their lines, in the order of `rows`: two queries, not one per order. */
export function withLines(db: Db, rows: OrderRow[]): OrderOut[] {
  if (rows.length === 0) return [];
  const lines: NamedLine[] = prepared(db, 'orders.linesOf', () =>
    db
      .select({ line: orderLine, nameNe: product.nameNe })
      .from(orderLine)
      .leftJoin(product, eq(product.id, orderLine.productId))
      .where(idsIn(orderLine.orderId, 'ids'))
      .prepare(),
  )
    .all({ ids: JSON.stringify(rows.map((r) => r.id)) })
    .map((r) => ({ ...r.line, nameNe: r.nameNe }));
  // Sorting a few dozen lines here is cheaper than an ORDER BY over the IN list.
  lines.sort((a, b) => a.position - b.position);
  const byOrder = new Map<string, NamedLine[]>();
  for (const l of lines) {
    const list = byOrder.get(l.orderId) ?? [];
    list.push(l);
    byOrder.set(l.orderId, list);
  }
  const arrivals = arrivalsOf(db, rows);
  return rows.map((r) => ({
    ...toOrderOut(r, byOrder.get(r.id) ?? []),
    arrivedAt: arrivals.get(r.id) ?? null,
  }));
}

/**
 * One order within the caller's scope: another customer's order answers 404, exactly as a
 * missing id does, so ids cannot be probed.
 */
export function getOrder(db: Db, id: string, scope: Scope): OrderOut {
  const row = db
    .select()
    .from(customerOrder)
    .where(
      and(eq(customerOrder.id, id), withinScope(scope, { customer: customerOrder.customerId })),
    )
    .get();
  if (!row) throw notFound('order.notFound');
  return withLines(db, [row])[0] as OrderOut;
}

/** A customer's history page (newest first). Pages past the last answer empty. */
export function listCustomerOrders(db: Db, customerId: string, pageNumber: number): OrderPageOut {
  return readCustomerOrders(db, customerId, pageNumber);
}

function readCustomerOrders(db: Db, customerId: string, pageNumber: number): OrderPageOut {
  // Prepared once: every restaurant opens its history at the cut-off (docs/performance.md).
  const q = prepared(db, 'orders.customerPage', () => ({
    total: db
      .select({ n: count() })
      .from(customerOrder)
      .where(eq(customerOrder.customerId, ph('customerId')))
      .prepare(),
    page: db
      .select()
      .from(customerOrder)
      .where(eq(customerOrder.customerId, ph('customerId')))
      .orderBy(desc(customerOrder.createdAt), desc(customerOrder.id))
      .limit(ph('limit'))
      .offset(ph('offset'))
      .prepare(),
  }));
  const total = q.total.get({ customerId })?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
  const rows = q.page.all({
    customerId,
    limit: ORDERS_PAGE_SIZE,
    offset: (pageNumber - 1) * ORDERS_PAGE_SIZE,
  });
  return { orders: withLines(db, rows), page: pageNumber, pages };
}

// --- Placing ----------------------------------------------------------------------------------

function placementStatements(db: Db) {
  return prepared(db, 'orders.placement', () => ({
    products: db
      .select({ product, categoryTaxRate: category.taxRate })
      .from(product)
      .leftJoin(category, eq(category.id, product.categoryId))
      .where(idsIn(product.id, 'ids'))
      .prepare(),
    // A counter that only grows (ADR 023): a deleted order's number is never given again. It
    // never falls behind the highest number in use either (rows written by other tools).
    nextNumber: db.$client
      .prepare<[], number>(
        `INSERT INTO counter (name, value)
         VALUES ('order_number', COALESCE((SELECT MAX(order_number) FROM customer_order), ${FIRST_ORDER_NUMBER - 1}) + 1)
         ON CONFLICT (name) DO UPDATE SET value = MAX(value, COALESCE((SELECT MAX(order_number) FROM customer_order), 0)) + 1
         RETURNING value`,
      )
      .pluck(),
    insertOrder: db
      .insert(customerOrder)
      .values({
        id: ph('id'),
        orderNumber: ph('orderNumber'),
        customerId: ph('customerId'),
        placedBy: ph('placedBy'),
        placedByName: ph('placedByName'),
        restaurantName: ph('restaurantName'),
        customerCode: ph('customerCode'),
        username: ph('username'),
        phoneNumber: ph('phoneNumber'),
        routeName: ph('routeName'),
        deliveryDate: ph('deliveryDate'),
        customMessage: ph('customMessage'),
        total: ph('total'),
        net8: ph('net8'),
        tax8: ph('tax8'),
        net10: ph('net10'),
        tax10: ph('tax10'),
        taxBasis: ph('taxBasis'),
        taxRounding: ph('taxRounding'),
        offSchedule: ph('offSchedule'),
        onHold: ph('onHold'),
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
        nameJa: ph('nameJa'),
        sku: ph('sku'),
        unitPrice: ph('unitPrice'),
        quantity: ph('quantity'),
        lineTotal: ph('lineTotal'),
        taxRate: ph('taxRate'),
      })
      .prepare(),
  }));
}

/**
 * Inside a write(): the lines of an order for `wanted` (product -> quantity), priced and checked
 * exactly as placement does (ADR 035): the customer's prices, hidden products, minimum and lot,
 * the out-of-stock mark, the minimum order value (a refusal or a delivery-charge line), and
 * the tax per rate computed once for the document. Placement and a customer's change of an
 * order (ADR 043) both go through here. The prices are the catalogue's now, so the basis and
 * rounding are the settings' now: the order records them (`rule`) and keeps them (ADR 053).
 */
export function priceLines(
  db: Db,
  customerId: string,
  orderId: string,
  wanted: ReadonlyMap<string, number>,
): { lines: LineRow[]; tax: ReturnType<typeof taxByRate>; rule: TaxSettings } {
  const stmts = placementStatements(db);
  // Read inside the transaction: a change of the settings applies wholly or not at all.
  const taxSettings = getTaxSettings(db);
  const found = stmts.products.all({ ids: JSON.stringify([...wanted.keys()]) });
  const byId = new Map(found.map((row) => [row.product.id, row]));
  // The customer's terms (ADR 035): its prices, what is hidden from it, its minimum order.
  const terms = orderTermsFor(db, customerId, [...wanted.keys()]);
  const lines: LineRow[] = [];
  let position = 0;
  for (const [productId, quantity] of wanted) {
    const hit = byId.get(productId);
    if (!hit) throw badRequest('order.productGone');
    const p = hit.product;
    checkOrderable(terms, p, quantity);
    if (isOutOfStock(p.itemType)) throw badRequest('order.outOfStock', productParams(p));
    if (quantity > MAX_QUANTITY)
      throw badRequest('order.quantityTooLarge', { ...productParams(p), max: MAX_QUANTITY });
    const unitPrice = terms.priceOf(productId, p.price);
    lines.push({
      id: newId(),
      orderId,
      productId,
      position: position++,
      name: p.name,
      // Japanese documents print the name the order was placed with (ADR 064).
      nameJa: p.nameJa?.trim() || null,
      sku: p.sku,
      unitPrice,
      quantity,
      lineTotal: unitPrice * quantity,
      // The line keeps the rate it was placed at, whatever the product's rate becomes.
      taxRate: effectiveTaxRate(p.taxRate, hit.categoryTaxRate),
      deliveredQuantity: null,
      shortReason: null,
      substituteFor: null,
    });
  }
  applyMinimumOrder(terms.customer, lines, newId);
  const tax = taxByRate(
    lines.map((l) => ({ amount: l.lineTotal, rate: asTaxRate(l.taxRate) })),
    taxSettings.basis,
    taxSettings.rounding,
  );
  return { lines, tax, rule: { basis: taxSettings.basis, rounding: taxSettings.rounding } };
}

/** Orders are numbered from here on (#10001, #10002, ...). */
export const FIRST_ORDER_NUMBER = 10001;

export interface Placer {
  accountId: string;
  username: string;
  customer: CustomerRecord;
  /** Who placed it, by name (the person's username; staff's for a phoned-in order). */
  placedByName?: string;
}

/**
 * Places an order for a customer: every price, name and unit comes from the product, never
 * from the client. One IMMEDIATE transaction: the stock check, the number, the order and its
 * lines commit together or not at all. Retries are answered by the idempotency middleware.
 */
export function placeOrder(
  db: Db,
  placer: Placer,
  input: z.output<typeof placeOrderInput>,
  opts: { timeZone: string; now?: Date; within?: (order: OrderOut) => void },
): OrderOut {
  const calendar = deliveryCalendar(db, opts.timeZone, opts.now);
  if (input.deliveryDate < calendar.today) throw badRequest('order.deliveryDatePast');
  if (input.deliveryDate < calendar.earliest) {
    throw badRequest('order.deliveryDateTooEarly', { earliest: calendar.earliest });
  }
  if (calendar.holidays.includes(input.deliveryDate)) throw badRequest('order.deliveryDateHoliday');
  if (input.deliveryDate > LATEST_DELIVERY_DATE) throw badRequest('order.deliveryDateTooFar');

  // The same product twice becomes one line.
  const wanted = new Map<string, number>();
  for (const l of input.orderItems)
    wanted.set(l.product, (wanted.get(l.product) ?? 0) + l.quantity);

  const stmts = placementStatements(db);
  const c = placer.customer;
  return write(db, () => {
    const id = newId();
    const { lines, tax, rule } = priceLines(db, c.id, id, wanted);
    const row: OrderRow = {
      id,
      orderNumber: stmts.nextNumber.get() ?? FIRST_ORDER_NUMBER,
      customerId: c.id,
      placedBy: placer.accountId,
      placedByName: placer.placedByName ?? placer.username,
      restaurantName: c.restaurantName,
      customerCode: c.customerCode,
      username: placer.username,
      phoneNumber: c.phoneNumber,
      routeName: c.routeName,
      deliveryDate: input.deliveryDate,
      customMessage: input.customMessage,
      total: tax.total,
      ...toRateColumns(tax),
      // What its totals were computed with; its invoice and slip compute with these (ADR 053).
      taxBasis: rule.basis,
      taxRounding: rule.rounding,
      invoiceId: null,
      billedByHand: false,
      slipNumber: null,
      isDelivered: false,
      deliveredBy: null,
      deliveredByName: null,
      deliveredAt: null,
      // Not one of the customer's delivery days: the customer confirmed it; the office sees a flag.
      offSchedule: !isDeliveryDay(input.deliveryDate, c.deliveryDays),
      onHold: c.creditHold,
      createdAt: nowIso(),
    };
    stmts.insertOrder.run(row);
    for (const line of lines) stmts.insertLine.run(line);
    // Counted products: their quantities leave the stock with this order, or nothing is placed.
    takeForOrder(db, id, lines, {
      id: placer.accountId || null,
      name: placer.placedByName ?? placer.username,
    });
    // The order as written: no need to read it back.
    // A new order has not arrived anywhere yet: it answers as a later read of it would.
    const out = { ...toOrderOut(row, lines), arrivedAt: null };
    // E.g. the office's audit entry, committed with the order.
    opts.within?.(out);
    return out;
  });
}
