import type { DuesOut } from '../../shared/schemas/invoices';
import { overdueCutoff } from '../customers/overdue';
import type { Db } from '../platform/db';
import { prepared } from '../platform/prepared';
import type { Scope } from '../platform/scope';
import { invoiceScopeSql } from './invoice-reads';

// The driver's job card: "collect before unloading" (ADR 079). A driver is asked only for the
// overdue money he can then record on his Payments screen, i.e. the invoices the payment rule
// lets his scope find (invoiceScopeSql, the condition findInvoiceRow gives payments.ts), so the
// card and the payment cannot drift apart. What another collector or the office holds is said
// beside it, by holder, and not asked for.

interface OverduePart {
  customerId: string;
  recordable: 0 | 1;
  heldBy: string | null;
  amount: number;
}

/** A driver learns dues only for customers they deliver to or collect from. */
function visibleToDriver(db: Db, ids: string, driverId: string): Set<string> {
  return new Set(
    prepared(db, 'jobCardDues.driverCustomers', () =>
      db.$client
        .prepare<{ ids: string; driverId: string }, string>(
          `SELECT customer_id FROM delivery_job
            WHERE delivered_by = @driverId AND customer_id IN (SELECT value FROM json_each(@ids))
           UNION
           SELECT customer_id FROM invoice
            WHERE assign_to_collect = @driverId AND customer_id IN (SELECT value FROM json_each(@ids))`,
        )
        .pluck(),
    ).all({ ids, driverId }),
  );
}

/**
 * The overdue money of the customers (the overdue rule of customers/overdue.ts: more than 60
 * days past due, pending, not cancelled), split by whether the scope may record a payment on
 * it and, if not, by who holds the invoice.
 */
function overdueParts(db: Db, scope: Scope, ids: string, today: string): OverduePart[] {
  const mine = invoiceScopeSql(scope);
  return prepared(db, `jobCardDues.overdue.${scope.kind}`, () =>
    db.$client.prepare<Record<string, string>, OverduePart>(
      `SELECT i.customer_id AS customerId,
              CASE WHEN ${mine.sql} THEN 1 ELSE 0 END AS recordable,
              a.name AS heldBy,
              SUM(i.amount - i.paid_amount) AS amount
         FROM invoice i LEFT JOIN account a ON a.id = i.assign_to_collect
        WHERE i.customer_id IN (SELECT value FROM json_each(@ids))
          AND i.cancelled_at IS NULL AND i.paid_amount < i.amount AND i.due_date < @cutoff
        GROUP BY i.customer_id, recordable, i.assign_to_collect
        ORDER BY amount DESC`,
    ),
  ).all({ ids, cutoff: overdueCutoff(today), ...mine.params });
}

/** Dues, the overdue flag and what to collect of the given customers, for the job card. */
export function duesForCustomers(
  db: Db,
  scope: Scope,
  customerIds: string[],
  today: string,
): DuesOut {
  if (customerIds.length === 0 || scope.kind === 'customer') return [];
  const unique = [...new Set(customerIds)];
  const ids = JSON.stringify(unique);
  const visible = scope.kind === 'all' ? null : visibleToDriver(db, ids, scope.driverId);
  const dues = prepared(db, 'jobCardDues.dues', () =>
    db.$client.prepare<{ ids: string }, { customerId: string; totalDues: number }>(
      `SELECT customer_id AS customerId, SUM(amount - paid_amount) AS totalDues FROM invoice
        WHERE customer_id IN (SELECT value FROM json_each(@ids)) AND cancelled_at IS NULL
        GROUP BY customer_id`,
    ),
  ).all({ ids });
  const totalById = new Map(dues.map((d) => [d.customerId, d.totalDues]));
  const parts = overdueParts(db, scope, ids, today);
  return unique
    .filter((id) => visible === null || visible.has(id))
    .map((customerId) => {
      const own = parts.filter((p) => p.customerId === customerId);
      const toCollect = own.filter((p) => p.recordable === 1).reduce((s, p) => s + p.amount, 0);
      // One line per holder; invoices of a collector whose account is gone are the office's.
      const elsewhere = new Map<string | null, number>();
      for (const p of own.filter((p) => p.recordable === 0)) {
        elsewhere.set(p.heldBy, (elsewhere.get(p.heldBy) ?? 0) + p.amount);
      }
      const overdueAmount = own.reduce((s, p) => s + p.amount, 0);
      return {
        customerId,
        totalDues: totalById.get(customerId) ?? 0,
        overdue: overdueAmount > 0,
        overdueAmount,
        overdueToCollect: toCollect,
        overdueHeldElsewhere: [...elsewhere].map(([heldBy, amount]) => ({ heldBy, amount })),
      };
    });
}
