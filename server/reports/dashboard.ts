import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import type { DashboardOut } from '../../shared/schemas/dashboard';
import { silentCustomers } from '../customers/activity';
import { DELIVERED_AT_SQL } from '../deliveries/delivered-at';
import { countPendingWebOrders } from '../orders/orders';
import { dayRange } from '../platform/business-day';
import type { Db } from '../platform/db';

// The owner's day (docs/decisions/039): a handful of aggregate reads over indexed columns,
// each a single SQL statement, for `reports.dashboard`.

const DAYS = 30;
const SILENT_LISTED = 8;

export function dashboard(db: Db, now: Date, timeZone: string): DashboardOut {
  const sqlite = db.$client;
  const today = isoDateInZone(now, timeZone);
  const [from, to] = dayRange(today, timeZone);
  const first = addDaysIso(today, -(DAYS - 1));
  const [since] = dayRange(first, timeZone);

  const placed = sqlite
    .prepare<[string, string], { count: number; amount: number | null }>(
      `SELECT COUNT(*) AS count, SUM(total) AS amount FROM customer_order
        WHERE created_at >= ? AND created_at < ?`,
    )
    .get(from, to) ?? { count: 0, amount: 0 };

  // Delivered is when the goods reached the restaurant (ADR 048, 056): the office's own delivery
  // (no job), or the driver's job marked delivered, dated by that moment in the business's
  // time zone (DELIVERED_AT_SQL, as claims and documents date it), whatever day the order was
  // scheduled for: an order for tomorrow delivered early today is today's delivery and sales.
  // `is_delivered` alone means handed over (dispatched to a driver too): the spec's name, see
  // drizzle/schema/orders.ts. The orders delivered in the chart's days are found through
  // indexes: jobs by (is_delivered, delivered_at), the office's deliveries by (delivered_by,
  // delivered_at) per account; an order handed over without a time (rows older than the
  // delivered_at column's use) counts on its delivery date.
  const delivered = sqlite
    .prepare<
      { since: string; to: string; first: string; today: string },
      { total: number; deliveryDate: string; at: string | null; arrived: number }
    >(
      `WITH hit(id) AS (
         SELECT j.order_id FROM delivery_job j
          WHERE j.is_delivered = 1 AND j.delivered_at >= @since AND j.delivered_at < @to
            AND j.order_id IS NOT NULL
         UNION
         SELECT o.id FROM account a CROSS JOIN customer_order o
          WHERE o.delivered_by = a.id AND o.delivered_at >= @since AND o.delivered_at < @to
         UNION
         SELECT o.id FROM customer_order o
          WHERE o.delivered_by IS NULL AND o.delivered_at >= @since AND o.delivered_at < @to
         UNION
         SELECT o.id FROM customer_order o
          WHERE o.is_delivered = 1 AND o.delivery_date BETWEEN @first AND @today
            AND o.delivered_at IS NULL)
       SELECT o.total, o.delivery_date AS deliveryDate, ${DELIVERED_AT_SQL} AS at,
              CASE WHEN o.is_delivered = 1
                    AND NOT EXISTS (SELECT 1 FROM delivery_job j
                                     WHERE j.order_id = o.id AND j.is_delivered = 0)
                   THEN 1 ELSE 0 END AS arrived
         FROM hit JOIN customer_order o ON o.id = hit.id`,
    )
    .all({ since, to, first, today });
  const deliveredPerDay = new Map<string, { delivered: number; amount: number }>();
  for (let d = first; d <= today; d = addDaysIso(d, 1))
    deliveredPerDay.set(d, { delivered: 0, amount: 0 });
  for (const r of delivered) {
    if (!r.arrived) continue;
    const day = deliveredPerDay.get(
      r.at ? isoDateInZone(new Date(r.at), timeZone) : r.deliveryDate,
    );
    if (day) {
      day.delivered++;
      day.amount += r.total;
    }
  }
  const deliveredToday = deliveredPerDay.get(today) ?? { delivered: 0, amount: 0 };

  // Still to deliver (ADR 068): every order due today or earlier that has not reached the
  // restaurant: not handed over, or on a driver's pending job. Those due before today are
  // left over from an earlier day and stay in the figure until they arrive (or are cancelled),
  // as they stay on the order track. Each half reads an index: orders by (is_delivered,
  // delivery_date), the pending jobs by (is_delivered, delivered_at); an order has one job.
  // CROSS JOIN keeps the pending jobs first: left to itself SQLite walks every delivered order
  // of all history to look for a job, a read that grows by the year.
  const open = sqlite
    .prepare<{ today: string }, { open: number; leftOver: number | null }>(
      `SELECT COUNT(*) AS open, SUM(late) AS leftOver FROM (
         SELECT o.delivery_date < @today AS late FROM customer_order o
          WHERE o.is_delivered = 0 AND o.delivery_date <= @today
         UNION ALL
         SELECT o.delivery_date < @today FROM delivery_job j
          CROSS JOIN customer_order o ON o.id = j.order_id
          WHERE j.is_delivered = 0 AND o.is_delivered = 1 AND o.delivery_date <= @today)`,
    )
    .get({ today }) ?? { open: 0, leftOver: 0 };

  // The same definition as the Web orders tile's badge: placed and not yet handed over,
  // whatever day they were placed or are due (orders placed last night for today among them).
  const waitingWebOrders = countPendingWebOrders(db);

  const collected = sqlite
    .prepare<[string], { amount: number | null }>(
      `SELECT SUM(p.amount) AS amount FROM payment p JOIN account a ON a.id = p.collected_by
        WHERE p.date = ? AND a.role = 'driver' AND p.kind = 'payment'`,
    )
    .get(today);
  const handedOver = sqlite
    .prepare<[string], { amount: number | null }>(
      'SELECT SUM(handed_over) AS amount FROM cash_handover WHERE date = ?',
    )
    .get(today);

  const overdue = sqlite
    .prepare<[string], { amount: number | null; invoices: number }>(
      `SELECT SUM(amount - paid_amount) AS amount, COUNT(*) AS invoices FROM invoice
        WHERE due_date < ? AND paid_amount < amount AND cancelled_at IS NULL`,
    )
    .get(today);

  // One definition with the customer card's warning (server/customers/activity.ts).
  const silent = silentCustomers(db, now, timeZone);

  const perDay = new Map<string, { orders: number; amount: number }>();
  for (let d = first; d <= today; d = addDaysIso(d, 1)) perDay.set(d, { orders: 0, amount: 0 });
  const rows = sqlite
    .prepare<[string, string], { createdAt: string; total: number }>(
      'SELECT created_at AS createdAt, total FROM customer_order WHERE created_at >= ? AND created_at < ?',
    )
    .all(since, to);
  for (const r of rows) {
    const day = perDay.get(isoDateInZone(new Date(r.createdAt), timeZone));
    if (day) {
      day.orders++;
      day.amount += r.total;
    }
  }

  return {
    date: today,
    placedToday: { count: placed.count, amount: placed.amount ?? 0 },
    waitingWebOrders,
    deliveriesToday: {
      delivered: deliveredToday.delivered,
      pending: open.open,
      leftOver: open.leftOver ?? 0,
      deliveredAmount: deliveredToday.amount,
    },
    cashToday: { collected: collected?.amount ?? 0, handedOver: handedOver?.amount ?? 0 },
    overdue: { amount: overdue?.amount ?? 0, invoices: overdue?.invoices ?? 0 },
    silent: { count: silent.length, customers: silent.slice(0, SILENT_LISTED) },
    days: [...perDay].map(([date, v]) => ({ date, ...v })),
    deliveredDays: [...deliveredPerDay].map(([date, v]) => ({ date, ...v })),
  };
}
