import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import { dayRange } from '../platform/business-day';
import type { Db } from '../platform/db';

// "No order in 30 days", said in one place. The dashboard's 30日間注文なし and the customer
// card's warning both ask here, so they can never disagree about a customer.
//
// A customer has ordered when an order was placed for it within the last 30 business days
// (today and the 29 days before it, in the business's time zone), by any channel: its own web
// order, an order the office placed on its behalf, a standing order (all of them are
// customer_order rows, counted when placed, not when delivered), or a delivery the office
// prepared for it without a web order (a phoned-in delivery: a delivery job with no order,
// counted when prepared). When the goods arrive does not matter: a customer who ordered
// today has ordered, one whose last order was placed 31 days ago and delivered later has not.
//
// A customer registered within the window (created a minute ago, or imported last week) has not
// had 30 days to order: it is not flagged until its registration is older than the window
// (ADR 057). Its first 30 days are its own; after them the rule is the same for everyone.

/** How many business days back an order still counts (today included). */
export const SILENT_DAYS = 30;

export interface SilentCustomer {
  _id: string;
  restaurantName: string;
}

/** The first instant that still counts: the start of the business day 29 days before today. */
export function orderWindowStart(now: Date, timeZone: string): string {
  const today = isoDateInZone(now, timeZone);
  return dayRange(addDaysIso(today, -(SILENT_DAYS - 1)), timeZone)[0];
}

/** A customer `c` registered before the window (`@since`) with no order placed in it. */
const SILENT_WHERE = `c.created_at < @since
          AND NOT EXISTS (SELECT 1 FROM customer_order o
                           WHERE o.customer_id = c.id AND o.created_at >= @since)
          AND NOT EXISTS (SELECT 1 FROM delivery_job j
                           WHERE j.customer_id = c.id AND j.order_id IS NULL
                             AND j.created_at >= @since)`;

/**
 * Every customer registered before the window with no order placed in it, by name. One
 * statement: each customer's orders are read through the (customer_id, created_at) index, its
 * phoned-in jobs through (customer_id, order_id, created_at): the window's only, however many
 * years of history lie behind it (docs/performance.md Round 20).
 */
export function silentCustomers(db: Db, now: Date, timeZone: string): SilentCustomer[] {
  return db.$client
    .prepare<[{ since: string }], SilentCustomer>(
      `SELECT c.id AS _id, c.restaurant_name AS restaurantName FROM customer c
        WHERE ${SILENT_WHERE}
        ORDER BY c.restaurant_name, c.id`,
    )
    .all({ since: orderWindowStart(now, timeZone) });
}

/** Whether one customer is silent, as silentCustomers counts it (one customer's card). */
export function isSilent(db: Db, customerId: string, now: Date, timeZone: string): boolean {
  return (
    db.$client
      .prepare<[{ id: string; since: string }], number>(
        `SELECT 1 FROM customer c WHERE c.id = @id AND ${SILENT_WHERE}`,
      )
      .pluck()
      .get({ id: customerId, since: orderWindowStart(now, timeZone) }) === 1
  );
}
