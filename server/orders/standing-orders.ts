import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import {
  account,
  customer,
  product,
  route,
  type StandingDraftLine,
  setting,
  standingLine,
  standingPause,
  standingRun,
  wishlistEntry,
} from '../../drizzle/schema';
import {
  addDaysIso,
  earliestDeliveryDate,
  isDeliveryDay,
  weekdayOf,
} from '../../shared/delivery-dates';
import { WEEKDAYS, type Weekday } from '../../shared/enums';
import { isoDateInZone, timeInZone } from '../../shared/format';
import { MAX_QUANTITY } from '../../shared/rules';
import type { OrderOut } from '../../shared/schemas/orders';
import {
  DEFAULT_STANDING_SETTINGS,
  type StandingDayOut,
  type StandingLineIn,
  type StandingPauseOut,
  type StandingRunOut,
  type StandingSettings,
} from '../../shared/schemas/standing';
import type { CustomerRecord } from '../context';
import { type Actor, recordAudit } from '../platform/audit';
import { instantInZone } from '../platform/business-day';
import { type Db, write } from '../platform/db';
import { AppError, badRequest, conflict, notFound } from '../platform/errors';
import { newId, nowIso } from '../platform/ids';
import { getDeliverySettings, saveSetting } from '../settings/settings';
import { type Placer, placeOrder } from './orders';

// Standing orders (ADR 037): a customer's usual order per delivery weekday, drafted before each
// delivery day and confirmed at the cut-off. Every draft and every confirmation goes through
// the ordinary placement (placeOrder), so whatever rules placement has (prices, hidden items,
// stock, lots) decide what a standing order may hold: a draft is a placement tried and rolled
// back; a confirmation is a placement. The scheduler that drafts and confirms them at their time
// is standing-scheduler.ts.

// --- Time ---------------------------------------------------------------------------------------

/** When a delivery date's orders close: the cut-off on that day (DESIGN §6). */
export function cutoffOf(date: string, cutoff: string, timeZone: string): Date {
  return instantInZone(date, cutoff, timeZone);
}

// --- Settings -------------------------------------------------------------------------------

export function getStandingSettings(db: Db): StandingSettings {
  const row = db
    .select({ value: setting.value })
    .from(setting)
    .where(eq(setting.key, 'standing'))
    .get();
  return { ...DEFAULT_STANDING_SETTINGS, ...((row?.value ?? {}) as Partial<StandingSettings>) };
}

export function updateStandingSettings(
  db: Db,
  actor: Actor,
  input: StandingSettings,
): StandingSettings {
  const next: StandingSettings = { leadHours: input.leadHours };
  saveSetting(db, actor, 'standing', () => getStandingSettings(db), next);
  return next;
}

// --- Customers ----------------------------------------------------------------------------------

export interface StandingCustomer {
  record: CustomerRecord;
  username: string | null;
}

export function customersById(db: Db, ids: string[]): Map<string, StandingCustomer> {
  if (ids.length === 0) return new Map();
  const rows = db
    .select({ c: customer, routeName: route.name, username: account.username })
    .from(customer)
    .leftJoin(route, eq(route.id, customer.routeId))
    .leftJoin(account, eq(account.id, customer.accountId))
    .where(inArray(customer.id, ids))
    .all();
  return new Map(
    rows.map((r) => [
      r.c.id,
      { record: { ...r.c, routeName: r.routeName }, username: r.username ?? null },
    ]),
  );
}

function loadCustomer(db: Db, id: string): StandingCustomer {
  const found = customersById(db, [id]).get(id);
  if (!found) throw notFound('standing.customerNotFound');
  return found;
}

/** Standing orders are placed as the restaurant's own login (or by its code, without one). */
export function placerOf(c: StandingCustomer): Placer {
  return {
    // A restaurant without a web login: the order has no placing account.
    accountId: c.record.accountId as string,
    username: c.username ?? c.record.customerCode,
    customer: c.record,
  };
}

// --- Trying a placement -------------------------------------------------------------------------

class RolledBack extends Error {
  constructor(readonly order: OrderOut) {
    super('rolled back');
  }
}

/** Refusals that name the date, not a line: the day is closed for orders. */
export const DATE_CODES = new Set([
  'order.deliveryDatePast',
  'order.deliveryDateTooEarly',
  'order.deliveryDateHoliday',
  'order.deliveryDateTooFar',
]);

export interface Want {
  productId: string;
  name: string;
  quantity: number;
}

type Trial = { ok: true; order: OrderOut } | { ok: false; error: AppError };

/** The ordinary placement, run and rolled back: what the order would be, or why not. */
function tryPlacement(
  db: Db,
  c: StandingCustomer,
  date: string,
  wants: Want[],
  opts: { timeZone: string; now: Date },
): Trial {
  try {
    placeOrder(
      db,
      placerOf(c),
      {
        deliveryDate: date,
        customMessage: '',
        orderItems: wants.map((w) => ({ product: w.productId, quantity: w.quantity })),
      },
      {
        timeZone: opts.timeZone,
        now: opts.now,
        within: (order) => {
          throw new RolledBack(order);
        },
      },
    );
  } catch (err) {
    if (err instanceof RolledBack) return { ok: true, order: err.order };
    if (err instanceof AppError) return { ok: false, error: err };
    throw err;
  }
  throw new Error('placement neither committed nor refused');
}

export interface Evaluated {
  lines: StandingDraftLine[];
  total: number;
  /** Set when the date itself refuses orders. */
  dateError: AppError | null;
}

/**
 * The draft's lines: each wanted line priced by placement, or marked as left out with the
 * reason placement gave. One trial when everything can be placed (the common case); one per
 * line to find the ones that cannot, then one for the rest's total.
 */
export function evaluate(
  db: Db,
  c: StandingCustomer,
  date: string,
  wants: Want[],
  opts: { timeZone: string; now: Date },
): Evaluated {
  if (wants.length === 0) return { lines: [], total: 0, dateError: null };
  const whole = tryPlacement(db, c, date, wants, opts);
  if (whole.ok)
    return { lines: priced(wants, whole.order), total: whole.order.totalPrice, dateError: null };
  if (DATE_CODES.has(whole.error.appCode)) return { lines: [], total: 0, dateError: whole.error };
  const refused = new Map<string, string>();
  for (const w of wants) {
    const one = tryPlacement(db, c, date, [w], opts);
    if (!one.ok) refused.set(w.productId, one.error.appCode);
  }
  const rest = wants.filter((w) => !refused.has(w.productId));
  const restTrial = rest.length > 0 ? tryPlacement(db, c, date, rest, opts) : null;
  const order = restTrial?.ok ? restTrial.order : null;
  // Lines that pass alone but not together (e.g. a minimum order value): all left out.
  if (rest.length > 0 && !order) {
    const code = restTrial && !restTrial.ok ? restTrial.error.appCode : 'standing.notAvailable';
    for (const w of rest) refused.set(w.productId, code);
  }
  const placedLines = order ? priced(rest, order) : [];
  const byId = new Map(placedLines.map((l) => [l.productId, l]));
  return {
    lines: wants.map(
      (w) =>
        byId.get(w.productId) ??
        unavailable(w, refused.get(w.productId) ?? 'standing.notAvailable'),
    ),
    total: order?.totalPrice ?? 0,
    dateError: null,
  };
}

/** A wanted line that will not be ordered, with the code of why (a draft shows it so). */
export function unavailable(w: Want, reason: string): StandingDraftLine {
  return {
    productId: w.productId,
    name: w.name,
    sku: '',
    quantity: w.quantity,
    unitPrice: 0,
    lineTotal: 0,
    available: false,
    reason,
  };
}

function priced(wants: Want[], order: OrderOut): StandingDraftLine[] {
  const byProduct = new Map(order.orderItems.map((i) => [i.product, i]));
  return wants.map((w) => {
    const i = byProduct.get(w.productId);
    return i
      ? {
          productId: w.productId,
          name: i.name,
          sku: i.sku,
          quantity: i.quantity,
          unitPrice: i.price,
          lineTotal: i.total,
          available: true,
          reason: null,
        }
      : {
          productId: w.productId,
          name: w.name,
          sku: '',
          quantity: w.quantity,
          unitPrice: 0,
          lineTotal: 0,
          available: false,
          reason: 'standing.notAvailable',
        };
  });
}

// --- The usual orders -----------------------------------------------------------------------

/** Refusals that pass: an item out of stock today may be back on the delivery day. */
function isPassing(code: string): boolean {
  return code === 'order.outOfStock' || code.startsWith('stock.') || code.includes('Stock');
}

/**
 * When a weekday's draft appears: `leadHours` before the cut-off on that weekday, as the
 * weekday and time of day in the business's zone (the scheduler's `opensAt`).
 */
function draftTimeOf(
  weekday: Weekday,
  s: { cutoff: string; leadHours: number },
  timeZone: string,
): { weekday: Weekday; time: string } {
  const opensAt = new Date(
    cutoffOf(nextDateOf(weekday), s.cutoff, timeZone).getTime() - s.leadHours * 3_600_000,
  );
  return {
    weekday: weekdayOf(isoDateInZone(opensAt, timeZone)),
    time: timeInZone(opensAt, timeZone),
  };
}

export function listUsualOrders(db: Db, customerId: string, timeZone: string): StandingDayOut[] {
  const c = loadCustomer(db, customerId);
  const { cutoff } = getDeliverySettings(db);
  const { leadHours } = getStandingSettings(db);
  const rows = db
    .select({ line: standingLine, nameNe: product.nameNe, nameJa: product.nameJa })
    .from(standingLine)
    .leftJoin(product, eq(product.id, standingLine.productId))
    .where(eq(standingLine.customerId, customerId))
    .orderBy(asc(standingLine.position))
    .all();
  const days = WEEKDAYS.filter((d) => isDeliveryDay(nextDateOf(d), c.record.deliveryDays));
  return days.map((weekday) => ({
    weekday,
    lines: rows
      .filter((r) => r.line.weekday === weekday)
      .map((r) => ({
        product: r.line.productId,
        name: r.line.name,
        nameNe: r.nameNe || null,
        nameJa: r.nameJa || null,
        quantity: r.line.quantity,
      })),
    draftsFrom: draftTimeOf(weekday, { cutoff, leadHours }, timeZone),
    cutoff,
    leadHours,
  }));
}

/** Any date that falls on `weekday` (only its weekday matters). */
function nextDateOf(weekday: Weekday): string {
  // 2026-11-22 is a Sunday.
  return addDaysIso('2026-11-22', WEEKDAYS.indexOf(weekday));
}

/**
 * Replaces a weekday's usual order. Refused, with nothing changed: a day that is not one of the
 * customer's delivery days, a product placement refuses for this customer (gone, hidden), a
 * quantity that is not a whole number from 1 to 9999 (the input schema), the same product twice.
 */
export function setUsualOrder(
  db: Db,
  customerId: string,
  input: { weekday: Weekday; lines: StandingLineIn[] },
  opts: { timeZone: string; now?: Date; actor: Actor | null },
): StandingDayOut[] {
  const c = loadCustomer(db, customerId);
  if (!isDeliveryDay(nextDateOf(input.weekday), c.record.deliveryDays)) {
    throw badRequest('standing.notDeliveryDay', { weekday: input.weekday });
  }
  const seen = new Set<string>();
  for (const l of input.lines) {
    if (seen.has(l.product)) throw badRequest('standing.duplicateProduct');
    seen.add(l.product);
    if (!Number.isInteger(l.quantity) || l.quantity < 1 || l.quantity > MAX_QUANTITY)
      throw badRequest('standing.quantityRange');
  }
  const products = input.lines.length
    ? db
        .select({ id: product.id, name: product.name })
        .from(product)
        .where(inArray(product.id, [...seen]))
        .all()
    : [];
  const names = new Map(products.map((p) => [p.id, p.name]));
  for (const l of input.lines) {
    if (!names.has(l.product))
      throw badRequest('standing.productNotOrderable', { name: l.product });
  }
  const wants: Want[] = input.lines.map((l) => ({
    productId: l.product,
    name: names.get(l.product) as string,
    quantity: l.quantity,
  }));
  // Placement decides what this customer may order: try the lines on the earliest open date.
  if (wants.length > 0) {
    const now = opts.now ?? new Date();
    const date = earliestDeliveryDate(
      isoDateInZone(now, opts.timeZone),
      timeInZone(now, opts.timeZone),
      getDeliverySettings(db),
    );
    const whole = tryPlacement(db, c, date, wants, { timeZone: opts.timeZone, now });
    if (!whole.ok && !isPassing(whole.error.appCode)) {
      for (const w of wants) {
        const one = tryPlacement(db, c, date, [w], { timeZone: opts.timeZone, now });
        if (!one.ok && !isPassing(one.error.appCode)) {
          throw badRequest('standing.productNotOrderable', { name: w.name });
        }
      }
    }
  }
  write(db, () => {
    db.delete(standingLine)
      .where(and(eq(standingLine.customerId, customerId), eq(standingLine.weekday, input.weekday)))
      .run();
    wants.forEach((w, position) => {
      db.insert(standingLine)
        .values({
          customerId,
          weekday: input.weekday,
          productId: w.productId,
          name: w.name,
          quantity: w.quantity,
          position,
        })
        .run();
    });
    if (opts.actor) {
      recordAudit(db, opts.actor, {
        entity: 'standing_line',
        entityId: `${customerId}:${input.weekday}`,
        action: 'update',
        before: null,
        after: { lines: wants.map((w) => ({ product: w.productId, quantity: w.quantity })) },
      });
    }
  });
  return listUsualOrders(db, customerId, opts.timeZone);
}

/** The customer's order sheet, as the starting point of a usual order. */
export function orderSheetProducts(db: Db, customerId: string) {
  return db
    .select({
      id: product.id,
      name: product.name,
      nameNe: product.nameNe,
      nameJa: product.nameJa,
      sku: product.sku,
      price: product.price,
    })
    .from(wishlistEntry)
    .innerJoin(product, eq(product.id, wishlistEntry.productId))
    .where(eq(wishlistEntry.customerId, customerId))
    .orderBy(asc(product.name))
    .all();
}

// --- Pauses ---------------------------------------------------------------------------------

export function listPauses(db: Db, customerId: string): StandingPauseOut[] {
  return db
    .select({ id: standingPause.id, from: standingPause.fromDate, to: standingPause.toDate })
    .from(standingPause)
    .where(eq(standingPause.customerId, customerId))
    .orderBy(asc(standingPause.fromDate))
    .all();
}

export function addPause(
  db: Db,
  customerId: string,
  input: { from: string; to: string },
): StandingPauseOut[] {
  loadCustomer(db, customerId);
  if (input.from > input.to) throw badRequest('standing.pauseRange');
  write(db, () =>
    db
      .insert(standingPause)
      .values({ id: newId(), customerId, fromDate: input.from, toDate: input.to })
      .run(),
  );
  return listPauses(db, customerId);
}

export function removePause(db: Db, customerId: string, id: string): StandingPauseOut[] {
  const gone = write(db, () =>
    db
      .delete(standingPause)
      .where(and(eq(standingPause.id, id), eq(standingPause.customerId, customerId)))
      .run(),
  );
  if (gone.changes === 0) throw notFound('standing.pauseNotFound');
  return listPauses(db, customerId);
}

export function isPaused(pauses: { fromDate: string; toDate: string }[], date: string): boolean {
  return pauses.some((p) => p.fromDate <= date && date <= p.toDate);
}

// --- Runs: drafts and their outcome -----------------------------------------------------------

export type RunRow = typeof standingRun.$inferSelect;

type LocalNames = { nameNe: string | null; nameJa: string | null };

/**
 * The Nepali and Japanese names of products (by id), for the lines a run keeps with their
 * English name.
 */
function localNames(db: Db, runs: readonly RunRow[]): Map<string, LocalNames> {
  const ids = [...new Set(runs.flatMap((r) => r.lines.map((l) => l.productId)))];
  if (ids.length === 0) return new Map();
  return new Map(
    db
      .select({ id: product.id, nameNe: product.nameNe, nameJa: product.nameJa })
      .from(product)
      .where(inArray(product.id, ids))
      .all()
      .map((p) => [p.id, { nameNe: p.nameNe || null, nameJa: p.nameJa || null }]),
  );
}

/** One of the customer's orders, named on a run of the same delivery date. */
type OrderRef = { id: string; orderNumber: number };

/**
 * The customers' orders (live: a cancelled order is removed, ADR 043) of some delivery dates,
 * by customer and date: a run's `otherOrders`.
 */
function ordersByCustomerDate(
  db: Db,
  customerIds: readonly string[],
  dates: { from: string } | { on: string },
): Map<string, OrderRef[]> {
  const out = new Map<string, OrderRef[]>();
  if (customerIds.length === 0) return out;
  const rows = db.$client
    .prepare<
      [string, string],
      { id: string; orderNumber: number; customerId: string; deliveryDate: string }
    >(
      `SELECT id, order_number AS orderNumber, customer_id AS customerId,
              delivery_date AS deliveryDate
         FROM customer_order
        WHERE customer_id IN (SELECT value FROM json_each(?))
          AND delivery_date ${'from' in dates ? '>=' : '='} ?
        ORDER BY order_number`,
    )
    .all(JSON.stringify([...new Set(customerIds)]), 'from' in dates ? dates.from : dates.on);
  for (const r of rows) {
    const key = `${r.customerId}|${r.deliveryDate}`;
    const list = out.get(key) ?? [];
    list.push({ id: r.id, orderNumber: r.orderNumber });
    out.set(key, list);
  }
  return out;
}

/** The customer's orders for the run's date other than the one the run placed itself. */
function otherOrdersOf(r: RunRow, orders: Map<string, OrderRef[]>): OrderRef[] {
  return (orders.get(`${r.customerId}|${r.deliveryDate}`) ?? []).filter((o) => o.id !== r.orderId);
}

function toRunOut(
  r: RunRow,
  c: { restaurantName: string; customerCode: string } | null,
  cutoffAt: string,
  names: Map<string, LocalNames>,
  orders: Map<string, OrderRef[]>,
): StandingRunOut {
  return {
    id: r.id,
    customerId: r.customerId,
    restaurantName: c?.restaurantName ?? '',
    customerCode: c?.customerCode ?? '',
    deliveryDate: r.deliveryDate,
    status: r.status,
    skip: r.skip,
    lines: r.lines.map((l) => ({
      ...l,
      nameNe: names.get(l.productId)?.nameNe ?? null,
      nameJa: names.get(l.productId)?.nameJa ?? null,
    })),
    total: r.total,
    reason: r.reason,
    orderId: r.orderId,
    otherOrders: otherOrdersOf(r, orders),
    cutoffAt,
  };
}

/** How far ahead a customer is told that a holiday takes its usual order's day. */
export const HOLIDAYS_AHEAD_DAYS = 14;

/**
 * The holidays of the next two weeks that fall on one of the customer's usual-order days and
 * have no run yet, as the scheduler will mark them ('holiday', every line left out). A run is
 * made only a few hours before its cut-off, so a restaurant with a Thursday order read nothing
 * on 12/29 of 12/31 being closed, nor of 1/1, until the evening before each: too late to order
 * for the last day before the break instead. Read only; the scheduler still writes the runs.
 */
function holidaysAhead(
  db: Db,
  c: StandingCustomer,
  today: string,
  stored: readonly RunRow[],
): RunRow[] {
  const { holidays } = getDeliverySettings(db);
  const until = addDaysIso(today, HOLIDAYS_AHEAD_DAYS);
  const dates = holidays.filter(
    (d) =>
      d >= today &&
      d <= until &&
      isDeliveryDay(d, c.record.deliveryDays) &&
      !stored.some((r) => r.deliveryDate === d),
  );
  if (dates.length === 0) return [];
  const lines = db
    .select()
    .from(standingLine)
    .where(eq(standingLine.customerId, c.record.id))
    .orderBy(asc(standingLine.position))
    .all();
  const at = nowIso();
  return dates.flatMap((d) => {
    const wants = lines.filter((l) => l.weekday === weekdayOf(d));
    if (wants.length === 0) return [];
    return [
      {
        id: `holiday-${d}`,
        customerId: c.record.id,
        deliveryDate: d,
        status: 'holiday' as const,
        skip: false,
        lines: wants.map((l) =>
          unavailable(
            { productId: l.productId, name: l.name, quantity: l.quantity },
            'standing.holiday',
          ),
        ),
        total: 0,
        reason: null,
        orderId: null,
        editedBy: null,
        decidedAt: null,
        createdAt: at,
        updatedAt: at,
      },
    ];
  });
}

/** The customer's runs from today on (drafts to look at, holidays and pauses to know about). */
export function upcomingRuns(
  db: Db,
  customerId: string,
  opts: { timeZone: string; now?: Date },
): StandingRunOut[] {
  const now = opts.now ?? new Date();
  const today = isoDateInZone(now, opts.timeZone);
  const { cutoff } = getDeliverySettings(db);
  const c = loadCustomer(db, customerId);
  const stored = db
    .select()
    .from(standingRun)
    .where(and(eq(standingRun.customerId, customerId), gte(standingRun.deliveryDate, today)))
    .orderBy(asc(standingRun.deliveryDate))
    .all();
  const runs = [...stored, ...holidaysAhead(db, c, today, stored)]
    .sort((a, b) => a.deliveryDate.localeCompare(b.deliveryDate))
    .map((r) =>
      r.status === 'draft' && now < cutoffOf(r.deliveryDate, cutoff, opts.timeZone)
        ? asItWouldBePlaced(db, c, r, { timeZone: opts.timeZone, now })
        : r,
    );
  const names = localNames(db, runs);
  const orders = ordersByCustomerDate(db, [customerId], { from: today });
  return runs.map((r) =>
    toRunOut(
      r,
      c.record,
      cutoffOf(r.deliveryDate, cutoff, opts.timeZone).toISOString(),
      names,
      orders,
    ),
  );
}

/**
 * A draft as the cut-off would place it now: its lines priced with today's catalogue (a price
 * raised, a product gone or out of stock since the draft was made), as the cut-off places the
 * lines still on it. Lines already left out stay as they were. Read only: the stored draft
 * changes when the customer or the office edits it, or at the cut-off.
 */
function asItWouldBePlaced(
  db: Db,
  c: StandingCustomer,
  r: RunRow,
  opts: { timeZone: string; now: Date },
): RunRow {
  const wants = r.lines
    .filter((l) => l.available)
    .map((l) => ({ productId: l.productId, name: l.name, quantity: l.quantity }));
  if (wants.length === 0) return r;
  const now = evaluate(db, c, r.deliveryDate, wants, opts);
  if (now.dateError) return r;
  const fresh = new Map(now.lines.map((l) => [l.productId, l]));
  return {
    ...r,
    lines: r.lines.map((l) => (l.available ? (fresh.get(l.productId) ?? l) : l)),
    total: now.total,
  };
}

/** The office: every customer's run for one delivery date, beside the placed orders. */
export function runsForDate(db: Db, date: string, timeZone: string): StandingRunOut[] {
  const { cutoff } = getDeliverySettings(db);
  const cutoffAt = cutoffOf(date, cutoff, timeZone).toISOString();
  const rows = db
    .select({ r: standingRun, name: customer.restaurantName, code: customer.customerCode })
    .from(standingRun)
    .innerJoin(customer, eq(customer.id, standingRun.customerId))
    .where(eq(standingRun.deliveryDate, date))
    .orderBy(asc(customer.restaurantName))
    .all();
  const names = localNames(
    db,
    rows.map((row) => row.r),
  );
  const orders = ordersByCustomerDate(
    db,
    rows.map((row) => row.r.customerId),
    { on: date },
  );
  return rows.map(({ r, name, code }) =>
    toRunOut(r, { restaurantName: name, customerCode: code }, cutoffAt, names, orders),
  );
}

/**
 * The customer changes a draft (quantities, lines, or skip) until the cut-off. The lines are
 * priced again by placement; left-out lines stay on the draft, marked.
 */
export function updateDraft(
  db: Db,
  customerId: string,
  input: { deliveryDate: string; lines: StandingLineIn[]; skip: boolean },
  opts: { timeZone: string; now?: Date; editedBy: string | null },
): StandingRunOut {
  const now = opts.now ?? new Date();
  const c = loadCustomer(db, customerId);
  const run = db
    .select()
    .from(standingRun)
    .where(
      and(eq(standingRun.customerId, customerId), eq(standingRun.deliveryDate, input.deliveryDate)),
    )
    .get();
  if (!run) throw notFound('standing.draftNotFound');
  const { cutoff } = getDeliverySettings(db);
  const closesAt = cutoffOf(run.deliveryDate, cutoff, opts.timeZone);
  if (run.status !== 'draft' || now >= closesAt) throw conflict('standing.draftClosed');
  const seen = new Set<string>();
  for (const l of input.lines) {
    if (seen.has(l.product)) throw badRequest('standing.duplicateProduct');
    seen.add(l.product);
  }
  const known = new Map(run.lines.map((l) => [l.productId, l.name]));
  const missing = [...seen].filter((id) => !known.has(id));
  if (missing.length > 0) {
    for (const p of db
      .select({ id: product.id, name: product.name })
      .from(product)
      .where(inArray(product.id, missing))
      .all())
      known.set(p.id, p.name);
  }
  for (const id of seen)
    if (!known.has(id)) throw badRequest('standing.productNotOrderable', { name: id });
  const wants = input.lines.map((l) => ({
    productId: l.product,
    name: known.get(l.product) as string,
    quantity: l.quantity,
  }));
  const evaluated = evaluate(db, c, run.deliveryDate, wants, { timeZone: opts.timeZone, now });
  if (evaluated.dateError) throw conflict('standing.draftClosed');
  const updated = write(db, () => {
    const changed = db
      .update(standingRun)
      .set({
        lines: evaluated.lines,
        total: evaluated.total,
        skip: input.skip,
        editedBy: opts.editedBy,
        updatedAt: nowIso(),
      })
      .where(and(eq(standingRun.id, run.id), eq(standingRun.status, 'draft')))
      .returning()
      .get();
    if (!changed) throw conflict('standing.draftClosed');
    return changed;
  });
  return toRunOut(
    updated,
    c.record,
    closesAt.toISOString(),
    localNames(db, [updated]),
    ordersByCustomerDate(db, [customerId], { on: updated.deliveryDate }),
  );
}
