import type { PaidBy } from '../../shared/enums';
import type { Db } from '../platform/db';
import { badRequest } from '../platform/errors';
import type { Scope } from '../platform/scope';

/**
 * How a payment was paid, as its receipt and the accountant's journal entries say it (ADR 107):
 * the method recorded with it, or for a payment recorded before it was kept, cash when a driver
 * collected it or the customer pays cash, else a bank transfer (ADR 076).
 *
 * An SQL expression (1 for cash, 0 for a transfer) over a query that names the payment `p`, its
 * invoice `i`, the invoice's customer `c` (LEFT JOIN) and the collector's account `a` (LEFT JOIN
 * on p.collected_by).
 */
export const PAID_IN_CASH_SQL = `COALESCE(p.method = 'cash',
  COALESCE(a.role = 'driver', 0) OR COALESCE(c.payment_method, i.deleted_payment_method) = 'cash')`;

/** Whether a payment reads as cash on its receipt and in the journal entries (ADR 107). */
export const paidInCash = (db: Db, paymentId: string): boolean =>
  db.$client
    .prepare<[string], number>(
      `SELECT ${PAID_IN_CASH_SQL}
         FROM payment p JOIN invoice i ON i.id = p.invoice_id
         LEFT JOIN customer c ON c.id = i.customer_id
         LEFT JOIN account a ON a.id = p.collected_by
        WHERE p.id = ?`,
    )
    .pluck()
    .get(paymentId) === 1;

/**
 * How a new payment was paid (ADR 107). A driver collects cash: a driver naming a transfer is
 * refused. The office says it; when it does not, the customer's way of paying (a monthly
 * customer's money is a transfer), as the receipt read it before the method was kept.
 */
export function newPaymentPaidBy(
  db: Db,
  scope: Scope,
  invoiceId: string,
  sent: PaidBy | undefined,
): PaidBy {
  if (scope.kind === 'driver') {
    if (sent === 'transfer') throw badRequest('invoice.paidByDriverCash');
    return 'cash';
  }
  if (sent) return sent;
  const pays = db.$client
    .prepare<[string], string | null>(
      `SELECT COALESCE(c.payment_method, i.deleted_payment_method)
         FROM invoice i LEFT JOIN customer c ON c.id = i.customer_id WHERE i.id = ?`,
    )
    .pluck()
    .get(invoiceId);
  return pays === 'cash' ? 'cash' : 'transfer';
}
