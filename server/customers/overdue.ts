import { eq } from 'drizzle-orm';
import { customer } from '../../drizzle/schema';
import type { DuesOut, OverdueCustomerOut } from '../../shared/schemas/invoices';
import type { Db } from '../platform/db';
import { prepared } from '../platform/prepared';
import type { Scope } from '../platform/scope';

// Overdue accounts (spec §9, DESIGN §6): a customer with an invoice more than two months past
// its due date and money still pending. One rule, used by the customer card, the office's web
// orders, the checkout banner and the driver's job card.

/** The same day two calendar months earlier, clamped to the month's end (04-30 -> 02-28). */
export function twoMonthsBefore(today: string): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  let month = m - 2;
  let year = y;
  if (month < 1) {
    month += 12;
    year -= 1;
  }
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(d, last);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** More than two months past due with money pending. */
export function isOverdue(
  invoice: { dueDate: string | null; amount: number; paidAmount: number },
  today: string,
): boolean {
  return (
    invoice.dueDate !== null &&
    invoice.paidAmount < invoice.amount &&
    invoice.dueDate < twoMonthsBefore(today)
  );
}

interface OverdueRow {
  customerId: string;
  customerCode: string;
  restaurantName: string;
  overdueAmount: number;
  totalDues: number;
  oldestDueDate: string;
}

function statement(db: Db) {
  return prepared(db, 'overdue.customers', () =>
    db.$client.prepare<{ cutoff: string }, OverdueRow>(
      `SELECT c.id AS customerId, c.customer_code AS customerCode, c.restaurant_name AS restaurantName,
              SUM(CASE WHEN i.due_date < @cutoff THEN i.amount - i.paid_amount ELSE 0 END) AS overdueAmount,
              SUM(i.amount - i.paid_amount) AS totalDues,
              MIN(CASE WHEN i.due_date < @cutoff THEN i.due_date END) AS oldestDueDate
         FROM invoice i JOIN customer c ON c.id = i.customer_id
        WHERE i.paid_amount < i.amount AND i.cancelled_at IS NULL
        GROUP BY c.id
       HAVING overdueAmount > 0
        ORDER BY overdueAmount DESC, c.restaurant_name`,
    ),
  );
}

/** Every overdue customer by id. */
export function overdueByCustomer(db: Db, today: string): Map<string, OverdueCustomerOut> {
  const rows = statement(db).all({ cutoff: twoMonthsBefore(today) });
  return new Map(rows.map((r) => [r.customerId, r]));
}

export function overdueCustomers(db: Db, today: string): OverdueCustomerOut[] {
  return [...overdueByCustomer(db, today).values()];
}

export function customerOverdue(
  db: Db,
  customerId: string,
  today: string,
): { overdue: boolean; overdueAmount: number; creditHold: boolean } {
  const row = overdueByCustomer(db, today).get(customerId);
  const hold = db
    .select({ creditHold: customer.creditHold })
    .from(customer)
    .where(eq(customer.id, customerId))
    .get();
  return {
    overdue: Boolean(row),
    overdueAmount: row?.overdueAmount ?? 0,
    creditHold: hold?.creditHold ?? false,
  };
}

/**
 * Dues and the overdue flag of the given customers, for the driver's job card ("collect before
 * unloading"). A driver learns this only for customers they deliver to or collect from.
 */
export function duesForCustomers(
  db: Db,
  scope: Scope,
  customerIds: string[],
  today: string,
): DuesOut {
  if (customerIds.length === 0 || scope.kind === 'customer') return [];
  const ids = JSON.stringify([...new Set(customerIds)]);
  const visible =
    scope.kind === 'all'
      ? null
      : new Set(
          prepared(db, 'overdue.driverCustomers', () =>
            db.$client
              .prepare<{ ids: string; driverId: string }, string>(
                `SELECT customer_id FROM delivery_job
                  WHERE delivered_by = @driverId AND customer_id IN (SELECT value FROM json_each(@ids))
                 UNION
                 SELECT customer_id FROM invoice
                  WHERE assign_to_collect = @driverId AND customer_id IN (SELECT value FROM json_each(@ids))`,
              )
              .pluck(),
          ).all({ ids, driverId: scope.driverId }),
        );
  const dues = prepared(db, 'overdue.dues', () =>
    db.$client.prepare<{ ids: string }, { customerId: string; totalDues: number }>(
      `SELECT customer_id AS customerId, SUM(amount - paid_amount) AS totalDues FROM invoice
        WHERE customer_id IN (SELECT value FROM json_each(@ids)) AND cancelled_at IS NULL
        GROUP BY customer_id`,
    ),
  ).all({ ids });
  const byId = new Map(dues.map((d) => [d.customerId, d.totalDues]));
  const overdue = overdueByCustomer(db, today);
  return [...new Set(customerIds)]
    .filter((id) => visible === null || visible.has(id))
    .map((customerId) => ({
      customerId,
      totalDues: byId.get(customerId) ?? 0,
      overdue: overdue.has(customerId),
      overdueAmount: overdue.get(customerId)?.overdueAmount ?? 0,
    }));
}
