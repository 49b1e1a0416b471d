import type { Db } from '../platform/db';
import { takeDocumentNumber } from './numbering';

// A receipt (領収書) stands as a simplified qualified invoice, so like an invoice it never changes
// once issued (ADR 058). A payment's receipt number is taken when the payment is recorded; when
// the office corrects the payment's amount or date, the receipt is issued again under the next
// number, and it names the one it replaces: the restaurant may hold the first copy.

/** Inside a write(): gives the payment's receipt a new number that replaces its current one. */
export function reissueReceipt(db: Db, paymentId: string): void {
  const row = db.$client
    .prepare<[string], { receiptNumber: string | null; customerId: string | null }>(
      `SELECT p.receipt_number AS receiptNumber, i.customer_id AS customerId
         FROM payment p JOIN invoice i ON i.id = p.invoice_id WHERE p.id = ?`,
    )
    .get(paymentId);
  // Not yet numbered (a payment from before numbering): its first opening numbers it.
  if (!row?.receiptNumber) return;
  db.$client
    .prepare('UPDATE payment SET receipt_number = ?, receipt_replaces = ? WHERE id = ?')
    .run(takeDocumentNumber(db, 'receipt', row.customerId), row.receiptNumber, paymentId);
}
