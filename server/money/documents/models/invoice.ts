// The qualified invoice, and its rows and figures that statements, receipts and credit notes read.
import { documentT } from '../../../../shared/documents/labels';
import type { DocumentLanguage } from '../../../../shared/enums';
import type { DocumentLine, DocumentModel } from '../../../../shared/schemas/documents';
import { type PriceBasis, summed, type TaxRounding, taxByRate } from '../../../../shared/tax';
import { businessDateOf } from '../../../platform/business-day';
import type { Db } from '../../../platform/db';
import type { Scope } from '../../../platform/scope';
import { customerRow, partiesOf } from '../parties';
import {
  type BilledLineRow,
  base,
  chargeName,
  empty,
  figuresAsIssued,
  frozenPerRate,
  line,
  lineName,
  notInScope,
  numberOnFirstOpening,
  substituteNote,
} from './common';

/**
 * An invoice as stored, with the per-rate figures and the basis it was issued with: what its
 * documents are built from. Not the screens' row with its customer (`InvoiceReadRow`,
 * server/money/invoice-reads.ts).
 */
export interface InvoiceDocumentRow {
  id: string;
  customerId: string | null;
  number: string | null;
  kind: string;
  issueDate: string | null;
  dueDate: string | null;
  amount: number;
  paidAmount: number;
  note: string;
  periodStart: string | null;
  periodEnd: string | null;
  net8: number;
  tax8: number;
  net10: number;
  tax10: number;
  creditApplied: number;
  cancelledAt: string | null;
  cancelReason: string | null;
  createdAt: string;
  assignToCollect: string | null;
  taxBasis: PriceBasis;
  taxRounding: TaxRounding;
  replacesInvoiceId: string | null;
}

export function invoiceRow(db: Db, id: string): InvoiceDocumentRow | undefined {
  return db.$client
    .prepare<[string], InvoiceDocumentRow>(
      `SELECT id, customer_id AS customerId, number, kind, issue_date AS issueDate,
              due_date AS dueDate, amount, paid_amount AS paidAmount, note,
              period_start AS periodStart, period_end AS periodEnd, net8, tax8, net10, tax10,
              credit_applied AS creditApplied, cancelled_at AS cancelledAt,
              cancel_reason AS cancelReason, created_at AS createdAt,
              assign_to_collect AS assignToCollect, tax_basis AS taxBasis,
              tax_rounding AS taxRounding, replaces_invoice_id AS replacesInvoiceId
         FROM invoice WHERE id = ?`,
    )
    .get(id);
}

/**
 * An invoice's lines, named in the document's language as they were billed (ADR 064); a line
 * billing goods handed over instead of another says which (ADR 050), read from its order line
 * (the invoice keeps the name as billed, the order line the one it replaced as placed).
 */
function invoiceLines(db: Db, invoiceId: string, language: DocumentLanguage): DocumentLine[] {
  const dt = documentT(language);
  return db.$client
    .prepare<
      [string],
      BilledLineRow & {
        date: string | null;
        slip: string | null;
        substituteFor: string | null;
        substituteForJa: string | null;
      }
    >(
      `SELECT il.date, il.name, il.name_ja AS nameJa, il.sku, il.unit_price AS unitPrice,
              il.quantity, il.amount, il.tax_rate AS taxRate, replaced.name AS substituteFor,
              replaced.name_ja AS substituteForJa, o.slip_number AS slip
         FROM invoice_line il
         LEFT JOIN customer_order o ON o.id = il.order_id
         LEFT JOIN order_line ol ON ol.id = il.order_line_id
         LEFT JOIN order_line replaced ON replaced.id = ol.substitute_for
        WHERE il.invoice_id = ? ORDER BY il.position`,
    )
    .all(invoiceId)
    .map(({ substituteFor, substituteForJa, nameJa, ...r }) => {
      const replaced =
        substituteFor === null
          ? null
          : lineName(language, { name: substituteFor, nameJa: substituteForJa });
      const named = chargeName(dt, lineName(language, { name: r.name, nameJa }));
      return line({ ...r, name: `${named}${substituteNote(dt, replaced)}`, rate: r.taxRate });
    });
}

/** The day an invoice was issued: its issue date, else (an old row) the day it was made. */
function issuedOn(inv: InvoiceDocumentRow, timeZone: string): string {
  return inv.issueDate ?? businessDateOf(inv.createdAt, timeZone);
}

/**
 * An invoice's lines and figures, and the basis its tax was computed in (`taxBasis`, what its
 * per-rate figures print in). A hand-made invoice without lines prints its amount as one line at
 * the rate the office chose (ADR 046; 10 % for other charges unless it said 8 %), with the
 * figures kept when it was typed (ADR 032). Its tax was taken out of that amount with tax, so its
 * document prints the amount with tax per rate (8%対象（税込） ¥81,323, tax ¥6,023 = its
 * 8/108): printed without tax (¥75,300), a reader's check of 8 % of it gave a yen more than the
 * tax printed. Its line reads with tax too, so the lines add up to the figure under them.
 * `readAs` reads that line without tax instead, for a statement that counts it beside delivery
 * invoices whose lines are without tax. Figures of an invoice from deliveries are computed in
 * its own basis and rounding, recorded when it was issued (ADR 053).
 */
export function invoiceFigures(
  db: Db,
  inv: InvoiceDocumentRow,
  language: DocumentLanguage,
  timeZone: string,
  readAs: PriceBasis = 'inclusive',
) {
  let lines = invoiceLines(db, inv.id, language);
  if (lines.length === 0) {
    const gross = inv.amount + inv.creditApplied;
    const frozen = frozenPerRate(inv);
    const totals = frozen
      ? summed(frozen)
      : taxByRate([{ amount: gross, rate: 10 }], 'inclusive', inv.taxRounding);
    const typed = {
      date: issuedOn(inv, timeZone),
      name: inv.note.trim() || documentT(language)('label.manualCharge'),
      quantity: 1,
    };
    // One line per rate its figures carry (one, as typed).
    lines = totals.perRate.map((r) => {
      const amount = readAs === 'exclusive' ? r.net : r.gross;
      return line({ ...typed, unitPrice: amount, amount, rate: r.rate });
    });
    if (lines.length === 0) lines = [line({ ...typed, unitPrice: gross, amount: gross, rate: 10 })];
    return {
      lines,
      totals,
      manual: true,
      taxBasis: 'inclusive' as PriceBasis,
      linesBasis: readAs,
    };
  }
  const totals = figuresAsIssued(inv, lines, inv.taxBasis, inv.taxRounding);
  return { lines, totals, manual: false, taxBasis: inv.taxBasis, linesBasis: inv.taxBasis };
}

/** The invoice's number; one issued before numbering gets its number on first opening. */
export function invoiceNumberOf(db: Db, inv: InvoiceDocumentRow): string {
  return numberOnFirstOpening(db, 'invoice', inv);
}

export function invoiceModel(db: Db, id: string, scope: Scope, timeZone: string): DocumentModel {
  const inv = invoiceRow(db, id);
  if (!inv) throw notInScope();
  if (scope.kind === 'customer' && inv.customerId !== scope.customerId) throw notInScope();
  if (scope.kind === 'driver') throw notInScope();
  const number = invoiceNumberOf(db, inv);
  const parties = partiesOf(db, 'invoice', number, customerRow(db, inv.customerId), '');
  const { language } = parties;
  const { lines, totals, taxBasis } = invoiceFigures(db, inv, language, timeZone);
  const issueDate = issuedOn(inv, timeZone);
  // The credit notes it deducts, by number: the customer can match the deduction to them.
  const credits = db.$client
    .prepare<[string], string>(
      'SELECT number FROM credit_note WHERE applied_to_invoice_id = ? ORDER BY number',
    )
    .pluck()
    .all(inv.id);
  // Re-issued after a cancellation: the invoice it replaces, and for the cancelled one the
  // invoice issued in its place, so the customer can tell which of the two to pay.
  const replaces = inv.replacesInvoiceId ? invoiceRow(db, inv.replacesInvoiceId) : undefined;
  const replacedBy =
    inv.cancelledAt !== null
      ? (db.$client
          .prepare<[string], string>(
            'SELECT number FROM invoice WHERE replaces_invoice_id = ? AND number IS NOT NULL',
          )
          .pluck()
          .get(inv.id) ?? null)
      : null;
  return {
    ...base('invoice', id, number, issueDate, parties),
    ...empty,
    references: [
      ...(replaces ? [{ label: 'replacesInvoice', value: invoiceNumberOf(db, replaces) }] : []),
      ...(credits.length > 0 ? [{ label: 'creditNotesDeducted', value: credits.join(', ') }] : []),
    ],
    period:
      inv.periodStart && inv.periodEnd ? { start: inv.periodStart, end: inv.periodEnd } : null,
    // A cancelled invoice asks for nothing, so it names no day to pay by.
    dueDate: inv.cancelledAt !== null ? null : inv.dueDate,
    lines,
    ...totals,
    taxBasis,
    creditApplied: inv.creditApplied,
    amount: inv.amount,
    cancelled: inv.cancelledAt !== null,
    // A cancelled invoice states when and why (ADR 034), and which invoice replaces it.
    reason: inv.cancelledAt !== null ? inv.cancelReason || null : null,
    cancellation:
      inv.cancelledAt !== null
        ? { date: businessDateOf(inv.cancelledAt, timeZone), replacedBy }
        : null,
    // Paid in full (a cash delivery paid at the door): it thanks for the payment rather than
    // asking for it, without the bank details (ADR 056). Its qualified-invoice items stay.
    paidInFull: inv.cancelledAt === null && inv.amount > 0 && inv.paidAmount >= inv.amount,
    // What the restaurant deducted from its transfer as the bank's fee and the business wrote
    // off (ADR 069): said under the thank-you, so a transfer short of the amount reads settled.
    ...bankFeeOf(db, inv.id),
  };
}

/** The bank transfer fees written off on an invoice (ADR 069), when there are some. */
function bankFeeOf(db: Db, invoiceId: string): { bankFee?: number } {
  const fee =
    db.$client
      .prepare<[string], number>(
        `SELECT COALESCE(SUM(amount), 0) FROM payment WHERE invoice_id = ? AND kind = 'bank_fee'`,
      )
      .pluck()
      .get(invoiceId) ?? 0;
  return fee > 0 ? { bankFee: fee } : {};
}
