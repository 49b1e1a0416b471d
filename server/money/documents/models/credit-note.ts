// The credit note (返還請求書): what was returned or reduced, tied to the sales it corrects.
import type { DocumentModel } from '../../../../shared/schemas/documents';
import {
  asTaxRate,
  type PriceBasis,
  type RateTotal,
  type TaxRounding,
  taxByRate,
} from '../../../../shared/tax';
import type { Db } from '../../../platform/db';
import type { Scope } from '../../../platform/scope';
import { customerRow, partiesOf } from '../parties';
import {
  type BilledLineRow,
  base,
  deliveredOn,
  empty,
  figuresAsIssued,
  frozenPerRate,
  line,
  lineName,
  notInScope,
} from './common';
import { invoiceNumberOf, invoiceRow } from './invoice';

/**
 * A credit note (適格返還請求書): besides its own date, each line carries the date of the sale it
 * corrects (the day the goods were delivered, as the invoice that billed them dates it), and
 * its references name the invoice that billed them (or, for goods credited before they were
 * billed, the invoice that billed them since), the orders and their delivery slips.
 */
export function creditNoteModel(db: Db, id: string, scope: Scope, timeZone: string): DocumentModel {
  const cn = db.$client
    .prepare<
      [string],
      {
        id: string;
        number: string;
        customerId: string | null;
        invoiceId: string | null;
        issueDate: string;
        reason: string;
        net8: number;
        tax8: number;
        net10: number;
        tax10: number;
        total: number;
        taxBasis: PriceBasis;
        taxRounding: TaxRounding;
        deductedOn: string | null;
      }
    >(
      `SELECT id, number, customer_id AS customerId, invoice_id AS invoiceId, issue_date AS issueDate,
              reason, net8, tax8, net10, tax10, total, tax_basis AS taxBasis,
              tax_rounding AS taxRounding,
              (SELECT i.number FROM invoice i WHERE i.id = credit_note.applied_to_invoice_id)
                AS deductedOn
         FROM credit_note WHERE id = ?`,
    )
    .get(id);
  if (!cn) throw notInScope();
  if (scope.kind === 'customer' && cn.customerId !== scope.customerId) throw notInScope();
  if (scope.kind === 'driver') throw notInScope();
  const c = customerRow(db, cn.customerId);
  const rows = db.$client
    .prepare<
      [string],
      BilledLineRow & {
        orderNumber: number | null;
        slipNumber: string | null;
        deliveredAt: string | null;
        deliveryDate: string | null;
        billedBy: string | null;
      }
    >(
      // The unit is the corrected line's, as its slip and invoice printed it; the order the line
      // belongs to, when it was delivered, and the live invoice that billed it.
      `SELECT l.name, l.name_ja AS nameJa, COALESCE(o.sku, '') AS sku, l.unit_price AS unitPrice,
              l.quantity, l.amount, l.tax_rate AS taxRate, co.order_number AS orderNumber, co.slip_number AS slipNumber,
              co.delivered_at AS deliveredAt, co.delivery_date AS deliveryDate,
              (SELECT i.id FROM invoice_line il JOIN invoice i ON i.id = il.invoice_id
                WHERE il.order_line_id = l.order_line_id AND i.cancelled_at IS NULL
                ORDER BY i.issue_date, i.number LIMIT 1) AS billedBy
         FROM credit_note_line l
         LEFT JOIN order_line o ON o.id = l.order_line_id
         LEFT JOIN customer_order co ON co.id = o.order_id
        WHERE l.credit_note_id = ? ORDER BY l.position`,
    )
    .all(id);
  const parties = partiesOf(db, 'creditNote', cn.number, c, '');
  const lines = rows.map((r) =>
    line({
      ...r,
      // In the credit note's language, as the line was named when it was issued (ADR 064).
      name: lineName(parties.language, r),
      // The original sale's date; a line of no known order keeps the credit note's.
      date:
        r.deliveredAt || r.deliveryDate
          ? deliveredOn(
              { deliveredAt: r.deliveredAt, deliveryDate: r.deliveryDate ?? '' },
              timeZone,
            )
          : cn.issueDate,
      rate: r.taxRate,
    }),
  );
  // Its figures as issued; without any, computed as it was issued (ADR 053).
  const totals = figuresAsIssued(cn, lines, cn.taxBasis, cn.taxRounding);
  // The invoice it corrects: the one named when it was issued, else the one that billed its
  // lines (a claim approved before the closing billed them).
  const invoiceIds = cn.invoiceId
    ? [cn.invoiceId]
    : rows.flatMap((r) => (r.billedBy ? [r.billedBy] : []));
  const invoiceNumbers = unique(
    invoiceIds.flatMap((invoiceId) => {
      const inv = invoiceRow(db, invoiceId);
      return inv ? [invoiceNumberOf(db, inv)] : [];
    }),
  );
  const orders = unique(rows.flatMap((r) => (r.orderNumber !== null ? [`#${r.orderNumber}`] : [])));
  const slips = unique(rows.flatMap((r) => (r.slipNumber ? [r.slipNumber] : [])));
  const ref = (label: string, values: string[]) =>
    values.length > 0 ? [{ label, value: values.join(', ') }] : [];
  return {
    ...base('creditNote', id, cn.number, cn.issueDate, parties),
    ...empty,
    references: [...ref('invoice', invoiceNumbers), ...ref('order', orders), ...ref('slip', slips)],
    lines,
    ...totals,
    taxBasis: cn.taxBasis,
    amount: cn.total,
    reason: cn.reason,
    deductedOn: cn.deductedOn,
  };
}

const unique = (values: string[]): string[] => [...new Set(values)];

/**
 * The figures per rate of the credit notes deducted on an invoice, one entry per credit note and
 * rate: what they took off the invoice at each rate (a receipt states the rest, ADR 054). A credit
 * note without frozen figures is computed from its lines as it was issued (ADR 053).
 */
export function deductedOn(db: Db, invoiceId: string): RateTotal[] {
  const notes = db.$client
    .prepare<
      [string],
      {
        id: string;
        net8: number;
        tax8: number;
        net10: number;
        tax10: number;
        taxBasis: PriceBasis;
        taxRounding: TaxRounding;
      }
    >(
      `SELECT id, net8, tax8, net10, tax10, tax_basis AS taxBasis, tax_rounding AS taxRounding
         FROM credit_note WHERE applied_to_invoice_id = ? ORDER BY number`,
    )
    .all(invoiceId);
  return notes.flatMap((cn) => {
    const frozen = frozenPerRate(cn);
    if (frozen) return frozen;
    const lines = db.$client
      .prepare<[string], { amount: number; rate: number }>(
        'SELECT amount, tax_rate AS rate FROM credit_note_line WHERE credit_note_id = ?',
      )
      .all(cn.id)
      .map((l) => ({ amount: l.amount, rate: asTaxRate(l.rate) }));
    return taxByRate(lines, cn.taxBasis, cn.taxRounding).perRate;
  });
}
