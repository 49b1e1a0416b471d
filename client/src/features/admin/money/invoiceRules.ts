import type { InvoiceOut } from '../../../../../shared/schemas/invoices';

// What the office may still do with an invoice, as the server decides it (ADR 033, 034), in one
// place so the card, the form and the credit-note dialog agree with the server and each other.

type Invoice = Pick<InvoiceOut, 'kind' | 'number' | 'cancelled'>;

// Invoice kinds are 'manual', 'delivery' and 'closing': "made from deliveries" here is the
// server's `kind !== 'manual'`.

/** Made from deliveries (a cash delivery or a closing run): it has lines that can be credited. */
export function madeFromDeliveries(invoice: Invoice): boolean {
  return invoice.kind === 'delivery' || invoice.kind === 'closing';
}

/**
 * Its customer, amount and rate are fixed for good (`invoice.issuedLocked`): made from
 * deliveries, or hand-made and numbered (ADR 046, amended). Only the due date, the note and the
 * collector may change; corrections are a credit note or a cancellation.
 */
export function amountLocked(invoice: Invoice): boolean {
  return madeFromDeliveries(invoice) || issuedWithNumber(invoice);
}

/** Issued with a document number: it is cancelled with a reason, never deleted. */
export function issuedWithNumber(invoice: Invoice): boolean {
  return Boolean(invoice.number);
}

/** Delete only an invoice no document was issued for, and never a cancelled one. */
export function canDelete(invoice: Invoice): boolean {
  return !invoice.cancelled && !issuedWithNumber(invoice) && !madeFromDeliveries(invoice);
}

/** A credit note corrects lines of a live invoice made from deliveries. */
export function canCreditNote(invoice: Invoice): boolean {
  return !invoice.cancelled && madeFromDeliveries(invoice);
}

/**
 * Cancel, with a reason, an issued invoice nothing was paid on (`invoice.cancelHasPayments`
 * otherwise). One without a number is deleted instead (`canDelete`).
 */
export function canCancel(invoice: Invoice & Pick<InvoiceOut, 'paidAmount'>): boolean {
  return !invoice.cancelled && invoice.paidAmount === 0 && issuedWithNumber(invoice);
}
