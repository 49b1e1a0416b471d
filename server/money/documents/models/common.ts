// What every document model is built from, so each kind's lines and per-rate totals read alike.
import type { DocumentT } from '../../../../shared/documents/labels';
import type { DocumentKind, DocumentLanguage } from '../../../../shared/enums';
import type { DocumentLine, DocumentModel } from '../../../../shared/schemas/documents';
import {
  asTaxRate,
  type PriceBasis,
  type RateTotal,
  summed,
  type TaxRounding,
  taxByRate,
} from '../../../../shared/tax';
import { DELIVERY_CHARGE_NAME } from '../../../../shared/terms';
import { businessDateOf } from '../../../platform/business-day';
import { type Db, write } from '../../../platform/db';
import { notFound } from '../../../platform/errors';
import { takeDocumentNumber } from '../../numbering';
import type { Parties } from '../parties';

/** The columns a billed line (an invoice's or a credit note's) is read with. */
export interface BilledLineRow {
  name: string;
  /** Its Japanese name as issued (ADR 064). */
  nameJa: string | null;
  sku: string;
  unitPrice: number;
  quantity: number;
  amount: number;
  taxRate: number;
}

export function line(l: {
  date?: string | null;
  name: string;
  sku?: string | null;
  unitPrice: number;
  quantity: number;
  orderedQuantity?: number | null;
  amount: number;
  rate: number;
  slip?: string | null;
}): DocumentLine {
  const rate = asTaxRate(l.rate);
  return {
    date: l.date ?? null,
    name: l.name,
    sku: l.sku ?? '',
    unitPrice: l.unitPrice,
    quantity: l.quantity,
    orderedQuantity: l.orderedQuantity ?? null,
    amount: l.amount,
    rate,
    reduced: rate === 8,
    slip: l.slip ?? null,
  };
}

/** Per-rate figures frozen on a row, when it has any (an issued invoice or credit note). */
export function frozenPerRate(r: {
  net8: number;
  tax8: number;
  net10: number;
  tax10: number;
}): RateTotal[] | null {
  if (r.net8 === 0 && r.tax8 === 0 && r.net10 === 0 && r.tax10 === 0) return null;
  const out: RateTotal[] = [];
  if (r.net8 !== 0 || r.tax8 !== 0)
    out.push({ rate: 8, net: r.net8, tax: r.tax8, gross: r.net8 + r.tax8 });
  if (r.net10 !== 0 || r.tax10 !== 0)
    out.push({ rate: 10, net: r.net10, tax: r.tax10, gross: r.net10 + r.tax10 });
  return out;
}

/**
 * A document's figures per rate: those frozen on its row when it was issued, else computed from
 * its lines with the price basis and rounding it was issued with (ADR 053).
 */
export function figuresAsIssued(
  row: Parameters<typeof frozenPerRate>[0],
  lines: readonly DocumentLine[],
  basis: PriceBasis,
  rounding: TaxRounding,
) {
  const frozen = frozenPerRate(row);
  return frozen
    ? summed(frozen)
    : taxByRate(
        lines.map((l) => ({ amount: l.amount, rate: l.rate })),
        basis,
        rounding,
      );
}

/** Where each kind of document opened by its own row keeps its number. */
const NUMBER_COLUMN = {
  slip: { table: 'customer_order', column: 'slip_number' },
  invoice: { table: 'invoice', column: 'number' },
  receipt: { table: 'payment', column: 'receipt_number' },
} as const;

/**
 * A document's number. One issued before its kind was numbered gets its number the first time
 * it is opened, in a transaction of its own (still gapless: the counter and the row move
 * together, and a second opener finds the number already there).
 */
export function numberOnFirstOpening(
  db: Db,
  kind: keyof typeof NUMBER_COLUMN,
  row: { id: string; number: string | null; customerId: string | null },
): string {
  if (row.number) return row.number;
  const { table, column } = NUMBER_COLUMN[kind];
  return write(db, () => {
    const again = db.$client
      .prepare<[string], string | null>(`SELECT ${column} FROM ${table} WHERE id = ?`)
      .pluck()
      .get(row.id);
    if (again) return again;
    const number = takeDocumentNumber(db, kind, row.customerId);
    db.$client
      .prepare(`UPDATE ${table} SET ${column} = ? WHERE id = ? AND ${column} IS NULL`)
      .run(number, row.id);
    return number;
  });
}

export function base(
  kind: DocumentKind,
  id: string,
  number: string,
  issueDate: string,
  parties: Parties,
): Pick<
  DocumentModel,
  'kind' | 'id' | 'number' | 'language' | 'issueDate' | 'issuer' | 'recipient'
> {
  return { kind, id, number, issueDate, ...parties };
}

export const empty = {
  references: [] as DocumentModel['references'],
  period: null,
  dueDate: null,
  creditApplied: 0,
  statement: null,
  reason: null,
  cancelled: false,
  cancellation: null,
  paidInFull: false,
};

export const notInScope = () => notFound('common.notFound');

/**
 * The day an order was delivered: the delivery instant's date in the business's time zone (as
 * its invoice dates it, ADR 033), else its planned delivery date.
 */
export function deliveredOn(
  order: { deliveredAt: string | null; deliveryDate: string },
  timeZone: string,
): string {
  return order.deliveredAt ? businessDateOf(order.deliveredAt, timeZone) : order.deliveryDate;
}

/**
 * A line's name as a document in `language` prints it: on a Japanese document its Japanese name,
 * as kept on the line when it was placed and issued, when it has one; else its name (ADR 064).
 */
export function lineName(
  language: DocumentLanguage,
  l: { name: string; nameJa?: string | null },
): string {
  return language === 'ja' && l.nameJa?.trim() ? l.nameJa : l.name;
}

/** The delivery charge line (no product, ADR 035) in the document's language; others as named. */
export function chargeName(dt: DocumentT, name: string): string {
  return name === DELIVERY_CHARGE_NAME ? dt('label.deliveryCharge') : name;
}

/** " [substitute for Basmati Rice]" after a substitute line's name; nothing for any other line. */
export function substituteNote(dt: DocumentT, replaced: string | null | undefined): string {
  return replaced ? ` [${dt('substituteFor', { name: replaced })}]` : '';
}
