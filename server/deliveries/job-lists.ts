import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { customer, customerOrder, deliveryJob, route } from '../../drizzle/schema';
import { isoDateInZone } from '../../shared/format';
import { JOBS_PAGE_SIZE, type JobOut, type JobPageOut } from '../../shared/schemas/doorstep';
import { typedText } from '../../shared/search/typed';
import { customersTyped } from '../customers/pick';
import { stopOrder } from '../customers/routes';
import { dayRange } from '../platform/business-day';
import type { Db } from '../platform/db';
import { notFound } from '../platform/errors';
import { containsPattern } from '../platform/like';
import { type Scope, withinScope } from '../platform/scope';
import { jobQuery, toJobs } from './job-reads';

// The lists of delivery jobs. The same lists serve the driver (their own jobs: the scope, and
// `assertDriverInScope` for a driver named in the path) and the office's order track (every
// job, or one driver's): the pending jobs in the order the van drives them, the delivered ones
// paged, and those delivered on a day (the office's "delivered today", the day's report).

/**
 * A job list's search (ADR 113): the restaurant's name as typed (full-width read as ordinary,
 * or by its kana reading as the pickers find it) or the order's number, with or without its #
 * ("10079", "#10079", "１００７９").
 */
function keywordFilter(db: Db, keyword: string): SQL | undefined {
  const typed = typedText(keyword);
  if (!typed) return undefined;
  const pattern = containsPattern(typed);
  const names = customersTyped(db, typed).names;
  const number = /^#?\d+$/.test(typed) ? Number(typed.replace('#', '')) : null;
  return sql`(${deliveryJob.restaurantName} LIKE ${pattern} ESCAPE '\\'
    OR ${customer.restaurantName} LIKE ${pattern} ESCAPE '\\'
    OR ${customer.restaurantName} IN (SELECT value FROM json_each(${JSON.stringify(names)}))
    OR ${number !== null ? sql`${deliveryJob.orderId} IN (SELECT id FROM customer_order WHERE order_number = ${number})` : sql`0`})`;
}

/** Pending jobs within the scope (optionally one driver's), by route and stop order. */
export function listPendingJobs(
  db: Db,
  scope: Scope,
  opts: { driverId?: string; keyword?: string } = {},
): JobOut[] {
  const keyword = opts.keyword ?? '';
  const rows = jobQuery(db)
    .where(
      and(
        withinScope(scope, { driver: deliveryJob.deliveredBy }),
        eq(deliveryJob.isDelivered, false),
        opts.driverId ? eq(deliveryJob.deliveredBy, opts.driverId) : undefined,
        keywordFilter(db, keyword),
      ),
    )
    // In the order the driver drives them (the route's stop order, ADR 042, as on the Route
    // screen), not the order they were dispatched in; at one stop the order due first comes
    // first (one left from an earlier day before today's), whatever order they were dispatched.
    .orderBy(
      sql`${route.name} IS NULL`,
      sql`${route.name} COLLATE NOCASE`,
      ...stopOrder,
      deliveryJob.restaurantName,
      sql`${customerOrder.deliveryDate} IS NULL`,
      asc(customerOrder.deliveryDate),
      asc(deliveryJob.serialNo),
    )
    .all();
  return toJobs(db, rows);
}

/** Delivered jobs within the scope, newest first, paged. */
export function listDeliveredJobs(
  db: Db,
  scope: Scope,
  opts: { driverId?: string; keyword?: string; pageNumber: number },
): JobPageOut {
  const where = and(
    withinScope(scope, { driver: deliveryJob.deliveredBy }),
    eq(deliveryJob.isDelivered, true),
    opts.driverId ? eq(deliveryJob.deliveredBy, opts.driverId) : undefined,
    keywordFilter(db, opts.keyword ?? ''),
  );
  const total =
    db
      .select({ n: count() })
      .from(deliveryJob)
      .leftJoin(customer, eq(customer.id, deliveryJob.customerId))
      .where(where)
      .get()?.n ?? 0;
  const rows = jobQuery(db)
    .where(where)
    .orderBy(desc(deliveryJob.deliveredAt), desc(deliveryJob.serialNo))
    .limit(JOBS_PAGE_SIZE)
    .offset((opts.pageNumber - 1) * JOBS_PAGE_SIZE)
    .all();
  return {
    orders: toJobs(db, rows),
    page: opts.pageNumber,
    pages: Math.max(1, Math.ceil(total / JOBS_PAGE_SIZE)),
    total,
  };
}

/** The jobs delivered on the business's today, newest first (the office's "delivered today"). */
export function listDeliveredToday(db: Db, timeZone: string, now = new Date()): JobOut[] {
  const [from, to] = dayRange(isoDateInZone(now, timeZone), timeZone);
  return listDeliveredBetween(db, from, to).reverse();
}

/** Delivered jobs between two instants (the day's report, "delivered today"). */
export function listDeliveredBetween(db: Db, fromIso: string, toIso: string): JobOut[] {
  const rows = jobQuery(db)
    .where(
      and(
        eq(deliveryJob.isDelivered, true),
        sql`${deliveryJob.deliveredAt} >= ${fromIso}`,
        sql`${deliveryJob.deliveredAt} < ${toIso}`,
      ),
    )
    .orderBy(asc(deliveryJob.deliveredAt))
    .all();
  return toJobs(db, rows);
}

/** A driver asking for another driver's list is answered 404, as for another's job. */
export function assertDriverInScope(scope: Scope, driverId: string): void {
  if (scope.kind === 'driver' && scope.driverId !== driverId)
    throw notFound('delivery.jobNotFound');
  if (scope.kind === 'customer') throw notFound('delivery.jobNotFound');
}
