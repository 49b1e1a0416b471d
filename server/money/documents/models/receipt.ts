// The receipt of one payment, its share of the invoice's tax per rate.
import type { DocumentModel } from '../../../../shared/schemas/documents';
import { askedByRate, paymentShare } from '../../../../shared/tax';
import type { Db } from '../../../platform/db';
import type { Scope } from '../../../platform/scope';
import { paidInCash } from '../../paid-by';
import { customerRow, partiesOf } from '../parties';
import { base, empty, notInScope, numberOnFirstOpening } from './common';
import { deductedOn } from './credit-note';
import { invoiceFigures, invoiceNumberOf, invoiceRow } from './invoice';

/**
 * A payment's receipt. Its amount and tax per rate are the part of what the invoice asks (its
 * figures less the credit notes it deducts, per rate) that the payment pays, after the payments
 * received before it (`paymentShare`): what a receipt that stands as a
 * simplified qualified invoice states, adding up over the receipts of an invoice paid in parts.
 * The tax is a share of money received with tax, so each rate prints with tax (RC-000303:
 * 8%対象（税込） ¥45,265, tax ¥3,352; printed without tax, ¥41,913, 8 % of it was a yen more).
 */
export function receiptModel(db: Db, id: string, scope: Scope, timeZone: string): DocumentModel {
  const p = db.$client
    .prepare<
      [string],
      {
        id: string;
        invoiceId: string;
        amount: number;
        date: string;
        collectedBy: string | null;
        receiptNumber: string | null;
        receiptReplaces: string | null;
        createdAt: string;
      }
    >(
      // A bank transfer fee written off is no money received: it has no receipt (ADR 069).
      `SELECT id, invoice_id AS invoiceId, amount, date, collected_by AS collectedBy,
              receipt_number AS receiptNumber, receipt_replaces AS receiptReplaces,
              created_at AS createdAt
         FROM payment WHERE id = ? AND kind = 'payment'`,
    )
    .get(id);
  if (!p) throw notInScope();
  const inv = invoiceRow(db, p.invoiceId);
  if (!inv) throw notInScope();
  if (scope.kind === 'customer' && inv.customerId !== scope.customerId) throw notInScope();
  if (scope.kind === 'driver' && p.collectedBy !== scope.driverId) throw notInScope();
  const number = numberOnFirstOpening(db, 'receipt', {
    id: p.id,
    number: p.receiptNumber,
    customerId: inv.customerId,
  });
  const parties = partiesOf(db, 'receipt', number, customerRow(db, inv.customerId), '');
  const { language } = parties;
  const { totals } = invoiceFigures(db, inv, language, timeZone);
  // What the invoice's earlier payments received: this receipt stands for the next part, so
  // the receipts of an invoice paid in parts add up to its figures rate by rate.
  const before =
    db.$client
      .prepare<[string, string, string, string, string, string], number>(
        `SELECT COALESCE(SUM(amount), 0) FROM payment
          WHERE invoice_id = ? AND kind = 'payment' AND (date < ? OR (date = ? AND (created_at < ?
                OR (created_at = ? AND id < ?))))`,
      )
      .pluck()
      .get(inv.id, p.date, p.date, p.createdAt, p.createdAt, p.id) ?? 0;
  // What the invoice asks per rate: its figures less the credit notes it deducts, each at the
  // rates it credited.
  const asked = askedByRate(totals.perRate, deductedOn(db, inv.id), inv.amount);
  const split = paymentShare(asked, before, p.amount);
  const invNumber = inv.number ?? invoiceNumberOf(db, inv);
  // Cash or a transfer as recorded with the payment, or for an older one as the journal entries
  // for the accountant read it (ADR 076, 107), so the receipt and the books agree.
  const cash = paidInCash(db, p.id);
  return {
    ...base('receipt', id, number, p.date, parties),
    ...empty,
    // The invoice is named in its 但し書き and the payment's date is its date (ADR 101).
    references: [
      // Issued again after the payment was corrected (ADR 058): the copy it replaces.
      ...(p.receiptReplaces ? [{ label: 'replacesReceipt', value: p.receiptReplaces }] : []),
    ],
    // A 領収書 (ADR 101): no item lines. What was received is the amount, for the invoice named
    // in its 但し書き, and each rate's part of it with the tax it holds (the tax is that money's
    // share, so each rate is stated with tax): the figures below add up to the amount received.
    lines: [],
    ...split,
    taxBasis: 'inclusive',
    amount: p.amount,
    receipt: { invoice: invNumber, method: cash ? 'cash' : 'transfer' },
  };
}
