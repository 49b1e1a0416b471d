import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type StandingDraftLine,
  standingLine,
  standingPause,
  standingRun,
} from '../../drizzle/schema';
import { addDaysIso, isDeliveryDay, weekdayOf } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import { type Db, write } from '../platform/db';
import { AppError } from '../platform/errors';
import { newId, nowIso } from '../platform/ids';
import { getDeliverySettings } from '../settings/settings';
import { placeOrder } from './orders';
import {
  customersById,
  cutoffOf,
  DATE_CODES,
  type Evaluated,
  evaluate,
  getStandingSettings,
  isPaused,
  placerOf,
  type RunRow,
  type StandingCustomer,
  unavailable,
  type Want,
} from './standing-orders';

// Standing orders' scheduler (ADR 037): the clock that runs a pass every minute, and the pass
// itself, which drafts the usual orders and places them at the cut-off. Apart from
// standing-orders.ts, which holds what the customer and the office do with standing orders.

/** How often the scheduler looks at the clock: a draft or a confirmation is at most this late. */
export const STANDING_TICK_MS = 60_000;

export interface StandingScheduler {
  /** One pass now (also the catch-up at start). */
  tick(): TickResult | null;
  stop(): void;
}

/**
 * Standing orders' clock (ADR 037): a pass at start catches up whatever a stop or a restart
 * missed, then a pass every minute. Each pass is idempotent, so an extra or a repeated pass
 * (two instances, a restart at the cut-off) neither loses a draft nor places one twice. The
 * clock is injected so tests move time instead of waiting for it.
 */
export function startStandingScheduler(opts: {
  db: Db;
  timeZone: string;
  clock?: () => Date;
  log?: FastifyBaseLogger;
}): StandingScheduler {
  const clock = opts.clock ?? (() => new Date());
  const tick = (): TickResult | null => {
    try {
      return standingTick(opts.db, {
        timeZone: opts.timeZone,
        now: clock(),
        log: (what, detail) => opts.log?.error(detail, what),
      });
    } catch (err) {
      opts.log?.error({ err }, 'standing orders pass failed');
      return null;
    }
  };
  const timer = setInterval(tick, STANDING_TICK_MS);
  timer.unref();
  return { tick, stop: () => clearInterval(timer) };
}

// --- The scheduler's work -----------------------------------------------------------------------

/** Where a customer's failed draft or confirmation is reported (the server's log). */
export type StandingLog = (what: string, detail: Record<string, unknown>) => void;

export interface TickResult {
  drafted: number;
  confirmed: number;
  skipped: number;
  other: number;
}

/**
 * One pass of the scheduler at `now`: drafts the usual orders whose draft time has come, and
 * settles the drafts whose cut-off has passed. Safe to run any number of times and after any
 * gap (a restart runs it at start): the (customer, date) key allows one run per delivery date,
 * and a draft becomes an order in the same transaction that marks it confirmed.
 */
export function standingTick(
  db: Db,
  opts: { timeZone: string; now: Date; log?: StandingLog },
): TickResult {
  const { now, timeZone } = opts;
  const result: TickResult = { drafted: 0, confirmed: 0, skipped: 0, other: 0 };
  const s = getDeliverySettings(db);
  const { leadHours } = getStandingSettings(db);
  const today = isoDateInZone(now, timeZone);

  // A draft left from a day already gone (the server was down all through it).
  const stale = write(db, () =>
    db
      .update(standingRun)
      .set({ status: 'missed', decidedAt: nowIso(), updatedAt: nowIso() })
      .where(and(eq(standingRun.status, 'draft'), lt(standingRun.deliveryDate, today)))
      .run(),
  );
  result.other += stale.changes;

  // Delivery dates whose draft time has come: today's (its cut-off is today) and the next few.
  const horizon = Math.ceil(leadHours / 24) + 1;
  for (let i = 0; i <= horizon; i++) {
    const date = addDaysIso(today, i);
    const closesAt = cutoffOf(date, s.cutoff, timeZone);
    const opensAt = new Date(closesAt.getTime() - leadHours * 3_600_000);
    if (now < opensAt) continue;
    // Catching up after the cut-off: the draft is made as at the last moment before it.
    const at = now < closesAt ? now : new Date(closesAt.getTime() - 1);
    draftDate(db, date, s.holidays.includes(date), { timeZone, now: at, log: opts.log }, result);
    if (now >= closesAt) settleDate(db, date, closesAt, { timeZone, log: opts.log }, result);
  }
  return result;
}

/** Makes the runs of `date` that do not exist yet: drafts, or holiday / paused marks. */
function draftDate(
  db: Db,
  date: string,
  holiday: boolean,
  opts: { timeZone: string; now: Date; log?: StandingLog },
  result: TickResult,
): void {
  const weekday = weekdayOf(date);
  // Customers with a usual order for this weekday and no run for this date yet.
  const pending = db
    .select({ customerId: standingLine.customerId })
    .from(standingLine)
    .where(
      and(
        eq(standingLine.weekday, weekday),
        sql`NOT EXISTS (SELECT 1 FROM standing_run r WHERE r.customer_id = ${standingLine.customerId} AND r.delivery_date = ${date})`,
      ),
    )
    .groupBy(standingLine.customerId)
    .all()
    .map((r) => r.customerId);
  if (pending.length === 0) return;
  const customers = customersById(db, pending);
  const lines = db
    .select()
    .from(standingLine)
    .where(and(eq(standingLine.weekday, weekday), inArray(standingLine.customerId, pending)))
    .orderBy(asc(standingLine.position))
    .all();
  const pauses = db
    .select()
    .from(standingPause)
    .where(and(inArray(standingPause.customerId, pending), sql`${standingPause.toDate} >= ${date}`))
    .all();
  for (const customerId of pending) {
    const c = customers.get(customerId);
    if (!c || !isDeliveryDay(date, c.record.deliveryDays)) continue;
    const wants = lines
      .filter((l) => l.customerId === customerId)
      .map((l) => ({ productId: l.productId, name: l.name, quantity: l.quantity }));
    let status: RunRow['status'] = 'draft';
    let evaluated: Evaluated = { lines: [], total: 0, dateError: null };
    if (holiday) status = 'holiday';
    else if (
      isPaused(
        pauses.filter((p) => p.customerId === customerId),
        date,
      )
    )
      status = 'paused';
    else {
      try {
        evaluated = evaluate(db, c, date, wants, { timeZone: opts.timeZone, now: opts.now });
      } catch (err) {
        // One customer's failure must not stop the others' drafts: the next tick tries again.
        opts.log?.('standing draft failed', { customerId, date, err });
        continue;
      }
      if (evaluated.dateError) {
        status = evaluated.dateError.appCode === 'order.deliveryDateHoliday' ? 'holiday' : 'missed';
      }
    }
    const inserted = write(db, () =>
      db
        .insert(standingRun)
        .values({
          id: newId(),
          customerId,
          deliveryDate: date,
          status,
          lines: status === 'draft' ? evaluated.lines : wants.map(leftOut(status)),
          total: evaluated.total,
        })
        .onConflictDoNothing()
        .run(),
    );
    if (inserted.changes > 0 && status === 'draft') result.drafted++;
    else if (inserted.changes > 0) result.other++;
  }
}

function leftOut(status: string) {
  return (w: Want): StandingDraftLine => unavailable(w, `standing.${status}`);
}

/**
 * At the cut-off: each draft of `date` becomes an ordinary order (placed as if at the last
 * moment before the cut-off, whenever the pass runs) or is skipped, as the customer chose.
 */
function settleDate(
  db: Db,
  date: string,
  closesAt: Date,
  opts: { timeZone: string; log?: StandingLog },
  result: TickResult,
): void {
  const drafts = db
    .select()
    .from(standingRun)
    .where(and(eq(standingRun.deliveryDate, date), eq(standingRun.status, 'draft')))
    .all();
  if (drafts.length === 0) return;
  const customers = customersById(
    db,
    drafts.map((d) => d.customerId),
  );
  const at = new Date(closesAt.getTime() - 1);
  for (const run of drafts) {
    const c = customers.get(run.customerId);
    if (!c) continue;
    try {
      settleOne(db, run, c, { timeZone: opts.timeZone, now: at }, result);
    } catch (err) {
      opts.log?.('standing confirmation failed', { customerId: run.customerId, date, err });
    }
  }
}

function finish(db: Db, run: RunRow, status: RunRow['status'], extra: Partial<RunRow> = {}) {
  return write(db, () =>
    db
      .update(standingRun)
      .set({ status, decidedAt: nowIso(), updatedAt: nowIso(), ...extra })
      .where(and(eq(standingRun.id, run.id), eq(standingRun.status, 'draft')))
      .run(),
  ).changes;
}

function settleOne(
  db: Db,
  run: RunRow,
  c: StandingCustomer,
  opts: { timeZone: string; now: Date },
  result: TickResult,
): void {
  if (run.skip) {
    result.skipped += finish(db, run, 'skipped');
    return;
  }
  // The customer already has an order for this day (placed or changed after the draft): the
  // usual order is not placed on top of it (ADR 037, amendment of 2026-11-27).
  if (hasOrderFor(db, run)) {
    result.skipped += finish(db, run, 'skipped', { reason: ALREADY_ORDERED });
    return;
  }
  let wants: Want[] = run.lines
    .filter((l) => l.available)
    .map((l) => ({ productId: l.productId, name: l.name, quantity: l.quantity }));
  let lines = run.lines;
  for (let attempt = 0; attempt < 2; attempt++) {
    if (wants.length === 0) {
      result.other += finish(db, run, 'empty', { lines, reason: 'standing.nothingToPlace' });
      return;
    }
    try {
      const order = placeOrder(
        db,
        placerOf(c),
        {
          deliveryDate: run.deliveryDate,
          customMessage: '',
          orderItems: wants.map((w) => ({ product: w.productId, quantity: w.quantity })),
        },
        {
          timeZone: opts.timeZone,
          now: opts.now,
          // The order and the run's new state commit together: a second pass, or a pass after
          // a restart, finds the run confirmed and places nothing.
          within: (o) => {
            // Checked again under placement's write lock: an order placed since the check above.
            if (hasOrderFor(db, run, o._id)) throw new AlreadyOrdered();
            const done = db
              .update(standingRun)
              .set({
                status: 'confirmed',
                orderId: o._id,
                lines: lines.map((l) => {
                  const item = o.orderItems.find((i) => i.product === l.productId);
                  return item
                    ? {
                        ...l,
                        quantity: item.quantity,
                        unitPrice: item.price,
                        lineTotal: item.total,
                      }
                    : l;
                }),
                total: o.totalPrice,
                decidedAt: nowIso(),
                updatedAt: nowIso(),
              })
              .where(and(eq(standingRun.id, run.id), eq(standingRun.status, 'draft')))
              .run();
            if (done.changes === 0) throw new AlreadySettled();
          },
        },
      );
      if (order) result.confirmed++;
      return;
    } catch (err) {
      if (err instanceof AlreadySettled) return;
      if (err instanceof AlreadyOrdered) {
        result.skipped += finish(db, run, 'skipped', { reason: ALREADY_ORDERED });
        return;
      }
      if (!(err instanceof AppError)) throw err;
      if (DATE_CODES.has(err.appCode)) {
        const status = err.appCode === 'order.deliveryDateHoliday' ? 'holiday' : 'missed';
        result.other += finish(db, run, status, { reason: err.appCode });
        return;
      }
      // Something changed since the draft (e.g. an item ran out): those lines are left out,
      // marked on the run, and the rest is placed.
      const evaluated = evaluate(db, c, run.deliveryDate, wants, opts);
      const refused = new Map(
        evaluated.lines.filter((l) => !l.available).map((l) => [l.productId, l.reason]),
      );
      lines = run.lines.map((l) =>
        refused.has(l.productId)
          ? {
              ...l,
              available: false,
              reason: refused.get(l.productId) ?? 'standing.notAvailable',
              unitPrice: 0,
              lineTotal: 0,
            }
          : l,
      );
      wants = wants.filter((w) => !refused.has(w.productId));
    }
  }
  result.other += finish(db, run, 'empty', { lines, reason: 'standing.nothingToPlace' });
}

class AlreadySettled extends Error {}
class AlreadyOrdered extends Error {}

/** Why a run was not placed: the customer already had an order for its delivery date. */
const ALREADY_ORDERED = 'standing.alreadyOrdered';

/** Whether the run's customer has an order for the run's date (other than `except`). */
function hasOrderFor(db: Db, run: RunRow, except = ''): boolean {
  return (
    db.$client
      .prepare<[string, string, string], number>(
        `SELECT 1 FROM customer_order
          WHERE customer_id = ? AND delivery_date = ? AND id <> ? LIMIT 1`,
      )
      .pluck()
      .get(run.customerId, run.deliveryDate, except) !== undefined
  );
}
