import { and, eq, or, sql } from 'drizzle-orm';
import { customer, customerOrder, deliveryJob, route } from '../../drizzle/schema';
import { creditsInTurn } from '../../shared/credits';
import { isoDateInZone } from '../../shared/format';
import type { DriverRouteOut, RouteStopOut } from '../../shared/schemas/doorstep';
import { stopOrder } from '../customers/routes';
import { pendingCreditsOf } from '../money/billing';
import { dayRange } from '../platform/business-day';
import type { Db } from '../platform/db';
import { type Scope, withinScope } from '../platform/scope';

// The driver's route for the day (ADR 042): the driver's own jobs still to deliver and those
// delivered today (the business's time zone), one stop per customer, in the order the office
// set for each route (routes by name; customers without a position after, by name). Another
// driver's jobs are never read: the scope and the driver both filter the query.

export function driverRoute(
  db: Db,
  scope: Scope,
  driverId: string,
  now: Date,
  timeZone: string,
): DriverRouteOut {
  const date = isoDateInZone(now, timeZone);
  const [from, to] = dayRange(date, timeZone);
  const rows = db
    .select({
      jobId: deliveryJob.id,
      serialNo: deliveryJob.serialNo,
      isDelivered: deliveryJob.isDelivered,
      jobName: deliveryJob.restaurantName,
      customerId: customer.id,
      name: customer.restaurantName,
      phone: customer.phoneNumber,
      address: customer.billingAddress,
      pay: customer.paymentMethod,
      routeName: route.name,
      total: customerOrder.total,
    })
    .from(deliveryJob)
    .leftJoin(customer, eq(customer.id, deliveryJob.customerId))
    .leftJoin(route, eq(route.id, customer.routeId))
    .leftJoin(customerOrder, eq(customerOrder.id, deliveryJob.orderId))
    .where(
      and(
        withinScope(scope, { driver: deliveryJob.deliveredBy }),
        eq(deliveryJob.deliveredBy, driverId),
        or(
          eq(deliveryJob.isDelivered, false),
          and(
            eq(deliveryJob.isDelivered, true),
            sql`${deliveryJob.deliveredAt} >= ${from}`,
            sql`${deliveryJob.deliveredAt} < ${to}`,
          ),
        ),
      ),
    )
    .orderBy(
      sql`${route.name} IS NULL`,
      sql`${route.name} COLLATE NOCASE`,
      ...stopOrder,
      deliveryJob.restaurantName,
      deliveryJob.serialNo,
    )
    .all();
  const stops = new Map<string, RouteStopOut>();
  for (const r of rows) {
    // A deleted customer's jobs (no customer row) each stand alone under their saved name.
    const key = r.customerId ?? `job:${r.jobId}`;
    let stop = stops.get(key);
    if (!stop) {
      stop = {
        number: stops.size + 1,
        customerId: r.customerId,
        restaurantName: r.name ?? r.jobName,
        routeName: r.routeName,
        address: r.address || null,
        phoneNumber: r.phone ?? '',
        pending: 0,
        delivered: 0,
        amountToCollect: 0,
      };
      stops.set(key, stop);
    }
    if (r.isDelivered) stop.delivered += 1;
    else {
      stop.pending += 1;
      // As on the job card: a cash customer pays the order's total at the door.
      if (r.pay === 'cash' && r.total !== null) stop.amountToCollect += r.total;
    }
  }
  // ... less the credit notes the deliveries' invoices will deduct, in the jobs' serial order.
  const cash = rows
    .filter((r) => r.pay === 'cash' && r.customerId && !r.isDelivered && r.total !== null)
    .sort((a, b) => a.serialNo - b.serialNo);
  for (const [customerId, credits] of pendingCreditsOf(
    db,
    cash.map((r) => r.customerId as string),
  )) {
    const totals = cash.filter((r) => r.customerId === customerId).map((r) => r.total ?? 0);
    const stop = stops.get(customerId);
    if (stop)
      stop.amountToCollect -= creditsInTurn(totals, credits).reduce((s, t) => s + t.applied, 0);
  }
  return { date, stops: [...stops.values()] };
}
