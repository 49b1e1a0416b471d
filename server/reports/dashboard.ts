import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import type { DashboardOut } from '../../shared/schemas/dashboard';
import { silentCustomers } from '../customers/activity';
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

  // Delivered is when the goods reached the restaurant: the office's own delivery (no job), or
  // the driver's job marked delivered. `is_delivered` alone means handed over (dispatched to a
  // driver too): the spec's name, see drizzle/schema/orders.ts and claims.ts DELIVERED_AT_SQL.
  const deliveries = sqlite
    .prepare<[string], { delivered: number | null; pending: number | null; amount: number | null }>(
      `SELECT SUM(arrived) AS delivered, SUM(1 - arrived) AS pending,
              SUM(CASE WHEN arrived = 1 THEN total ELSE 0 END) AS amount
         FROM (SELECT o.total,
                      CASE WHEN o.is_delivered = 1
                            AND NOT EXISTS (SELECT 1 FROM delivery_job j
                                             WHERE j.order_id = o.id AND j.is_delivered = 0)
                           THEN 1 ELSE 0 END AS arrived
                 FROM customer_order o WHERE o.delivery_date = ?)`,
    )
    .get(today);

  const collected = sqlite
    .prepare<[string], { amount: number | null }>(
      `SELECT SUM(p.amount) AS amount FROM payment p JOIN account a ON a.id = p.collected_by
        WHERE p.date = ? AND a.role = 'driver'`,
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
    deliveriesToday: {
      delivered: deliveries?.delivered ?? 0,
      pending: deliveries?.pending ?? 0,
      deliveredAmount: deliveries?.amount ?? 0,
    },
    cashToday: { collected: collected?.amount ?? 0, handedOver: handedOver?.amount ?? 0 },
    overdue: { amount: overdue?.amount ?? 0, invoices: overdue?.invoices ?? 0 },
    silent: { count: silent.length, customers: silent.slice(0, SILENT_LISTED) },
    days: [...perDay].map(([date, v]) => ({ date, ...v })),
  };
}
