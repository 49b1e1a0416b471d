import { eq } from 'drizzle-orm';
import { customer } from '../../drizzle/schema';
import { addDaysIso } from '../../shared/delivery-dates';
import type { OverdueCustomerOut } from '../../shared/schemas/invoices';
import type { Db } from '../platform/db';
import { prepared } from '../platform/prepared';

// Overdue accounts (spec §9, DESIGN §6): a customer with an invoice more than two months past
// its due date and money still pending. One rule, used by the customer card, the office's web
// orders, the checkout banner and the driver's job card. "Two months" is counted in days, more
// than 60 past due, the measure the aging report's columns use: an invoice 61 days late is in
// its "61-90 days" column and on the overdue list, never in one and not the other (ADR 054).

/** Days past due after which an invoice with money pending makes its customer overdue. */
export const OVERDUE_AFTER_DAYS = 60;

/** The latest due date that is not yet overdue on `today`: an earlier one is. */
export function overdueCutoff(today: string): string {
  return addDaysIso(today, -OVERDUE_AFTER_DAYS);
}

/** More than 60 days past due with money pending. */
export function isOverdue(
  invoice: { dueDate: string | null; amount: number; paidAmount: number },
  today: string,
): boolean {
  return (
    invoice.dueDate !== null &&
    invoice.paidAmount < invoice.amount &&
    invoice.dueDate < overdueCutoff(today)
  );
}

/** Past its due date at all (before `today`, the business's day) with money pending. */
export function isPastDue(
  invoice: { dueDate: string | null; amount: number; paidAmount: number },
  today: string,
): boolean {
  return invoice.dueDate !== null && invoice.paidAmount < invoice.amount && invoice.dueDate < today;
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
  const rows = statement(db).all({ cutoff: overdueCutoff(today) });
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
