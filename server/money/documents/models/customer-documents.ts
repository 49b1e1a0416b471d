// A customer's list of documents and balance (the Account screen), not any one document.
import {
  DOCUMENTS_PAGE_SIZE,
  type DocumentList,
  type DocumentSummary,
} from '../../../../shared/schemas/documents';
import { DELIVERED_AT_SQL } from '../../../deliveries/delivered-at';
import { businessDateOf } from '../../../platform/business-day';
import type { Db } from '../../../platform/db';
import { accountOf } from '../account';
import { customerRow } from '../parties';
import { notInScope } from './common';

/**
 * A customer's documents, newest first (slips of its delivered orders, invoices, statements,
 * receipts, credit notes), with its balance and the part of it past due. Each is dated as it
 * prints (a slip the day it was delivered, in the business's time zone) and says whether it
 * was cancelled (an invoice cancelled with a reason, ADR 034; no other kind is cancelled).
 */
export function customerDocuments(
  db: Db,
  customerId: string,
  at: { today: string; timeZone: string },
  page = 1,
): DocumentList {
  const c = customerRow(db, customerId);
  if (!c) throw notInScope();
  const docs = db.$client
    .prepare<
      [Record<string, string | number>],
      Omit<DocumentSummary, 'cancelled' | 'overdue' | 'bankFee'> & {
        cancelled: number;
        overdue: number;
        bankFee: number;
      }
    >(
      // `date` may be an instant here (a delivery's time, an old invoice's creation): it is
      // made the business's date below. Sorting by it first only picks the page (ADR 077); one
      // row more than a page says whether another follows.
      // A slip once the order reached the restaurant (not while a driver still carries it).
      // An invoice says what of it is still to pay, and whether that is past its due date, so
      // the restaurant sees which invoice its balance is, and the bank transfer fee written off
      // on it (ADR 069), so it knows why a transfer short of the amount settled it.
      `SELECT * FROM (SELECT 'slip' AS kind, o.id, COALESCE(o.slip_number, '') AS number,
              ${DELIVERED_AT_SQL} AS date, o.total AS amount, 0 AS cancelled, 0 AS unpaid,
              0 AS overdue, 0 AS bankFee
         FROM customer_order o WHERE o.customer_id = @c AND o.is_delivered = 1)
        WHERE date IS NOT NULL
       UNION ALL
       SELECT 'invoice', id, COALESCE(number, ''), COALESCE(issue_date, created_at), amount,
              cancelled_at IS NOT NULL,
              CASE WHEN cancelled_at IS NULL THEN amount - paid_amount ELSE 0 END,
              cancelled_at IS NULL AND paid_amount < amount AND due_date IS NOT NULL
                AND due_date < @today,
              (SELECT COALESCE(SUM(f.amount), 0) FROM payment f
                WHERE f.invoice_id = invoice.id AND f.kind = 'bank_fee')
         FROM invoice WHERE customer_id = @c
       UNION ALL
       SELECT 'statement', id, number, closing_date, amount_due, 0, 0, 0, 0
         FROM statement WHERE customer_id = @c
       UNION ALL
       SELECT 'receipt', p.id, COALESCE(p.receipt_number, ''), p.date, p.amount, 0, 0, 0, 0
         FROM payment p JOIN invoice i ON i.id = p.invoice_id
        WHERE i.customer_id = @c AND p.kind = 'payment'
       UNION ALL
       SELECT 'creditNote', id, number, issue_date, total, 0, 0, 0, 0
         FROM credit_note WHERE customer_id = @c
       ORDER BY date DESC, number DESC, id
       LIMIT @limit OFFSET @offset`,
    )
    .all({
      c: customerId,
      today: at.today,
      limit: DOCUMENTS_PAGE_SIZE + 1,
      offset: (page - 1) * DOCUMENTS_PAGE_SIZE,
    })
    .map(
      ({ bankFee, ...d }): DocumentSummary => ({
        ...d,
        date: businessDateOf(d.date, at.timeZone),
        cancelled: d.cancelled !== 0,
        overdue: d.overdue !== 0,
        ...(bankFee > 0 ? { bankFee } : {}),
      }),
    )
    .sort((a, b) => b.date.localeCompare(a.date) || b.number.localeCompare(a.number));
  const more = docs.length > DOCUMENTS_PAGE_SIZE;
  if (more) docs.length = DOCUMENTS_PAGE_SIZE;
  const dues = db.$client
    .prepare<[Record<string, string>], { balance: number; overdue: number }>(
      `SELECT COALESCE(SUM(amount - paid_amount), 0) AS balance,
              COALESCE(SUM(CASE WHEN due_date IS NOT NULL AND due_date < @today
                                THEN amount - paid_amount ELSE 0 END), 0) AS overdue
         FROM invoice WHERE customer_id = @c AND cancelled_at IS NULL`,
    )
    .get({ c: customerId, today: at.today }) ?? { balance: 0, overdue: 0 };
  return {
    customerId,
    restaurantName: c.restaurantName,
    email: c.email,
    balance: dues.balance,
    overdue: dues.overdue,
    documents: docs,
    page,
    more,
    account: accountOf(db, customerId, at),
  };
}
