import { and, eq, inArray } from 'drizzle-orm';
import { account, customer } from '../../drizzle/schema';
import { businessDateOf } from '../platform/business-day';
import type { Db } from '../platform/db';
import { notFound } from '../platform/errors';
import { listPendingJobs } from './job-lists';

// A driver's printable delivery sheet (the office prints it for the van): the pending stops by
// day and in driving order, with phones, lines and the cash to collect.

/** A driver's printable sheet: pending stops, phones, lines and cash to collect. */
export function deliverySheet(db: Db, driverId: string, timeZone: string) {
  const d = db
    .select({ _id: account.id, username: account.username, name: account.name })
    .from(account)
    .where(and(eq(account.id, driverId), eq(account.kind, 'employee'), eq(account.role, 'driver')))
    .get();
  if (!d) throw notFound('delivery.driverNotFound');
  // The day each stop is for. A job the office made without an order has no delivery date,
  // only the moment it was made, and it goes on the road at once (nothing holds it back as a
  // dispatched order waits for its date): it is for the business day it was made on, in the
  // business's zone (made at 07:30 in Tokyo is the day before in UTC). One still pending days
  // later heads its own earlier date, first on the sheet, as an order whose date has passed
  // does: the office sees it is overdue rather than finding it among today's stops.
  const jobs = listPendingJobs(db, { kind: 'all' }, { driverId }).map((j) => ({
    ...j,
    deliveryDate: j.order?.deliveryDate || businessDateOf(j.createdAt, timeZone),
  }));
  // The order the van drives, as on the driver's Route screen (ADR 042): by delivery date, by
  // route, then the stop order the office set; stops without a place, and deleted customers,
  // after the rest.
  const ids = [...new Set(jobs.flatMap((j) => (j.customer ? [j.customer._id] : [])))];
  const position = new Map(
    ids.length === 0
      ? []
      : db
          .select({ id: customer.id, at: customer.stopPosition })
          .from(customer)
          .where(inArray(customer.id, ids))
          .all()
          .map((c) => [c.id, c.at ?? Number.MAX_SAFE_INTEGER] as const),
  );
  const stopOf = (j: (typeof jobs)[number]) =>
    (j.customer && position.get(j.customer._id)) ?? Number.MAX_SAFE_INTEGER;
  // A day's stops before the next day's: orders dispatched early for a later date are not
  // delivered before it (the sheet heads each date).
  const sorted = [...jobs].sort(
    (a, b) =>
      a.deliveryDate.localeCompare(b.deliveryDate) ||
      (a.customer?.routeName ?? '').localeCompare(b.customer?.routeName ?? '') ||
      stopOf(a) - stopOf(b) ||
      a.serialNo - b.serialNo,
  );
  return {
    driver: d,
    jobs: sorted,
    totalToCollect: sorted.reduce((s, j) => s + j.amountToCollect, 0),
  };
}
