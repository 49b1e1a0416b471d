import { type DocumentT, documentT } from '../../../shared/documents/labels';
import type { DocumentKind, DocumentLanguage } from '../../../shared/enums';
import type {
  DocumentLine,
  DocumentList,
  DocumentModel,
  DocumentSummary,
} from '../../../shared/schemas/documents';
import {
  asTaxRate,
  type PriceBasis,
  paymentShare,
  type RateTotal,
  type TaxLine,
  type TaxRounding,
  taxByRate,
} from '../../../shared/tax';
import { DELIVERY_CHARGE_NAME } from '../../../shared/terms';
import { DELIVERED_AT_SQL } from '../../deliveries/delivered-at';
import { businessDateOf } from '../../platform/business-day';
import { type Db, write } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { takeDocumentNumber } from '../numbering';
import { accountOf } from './account';
import { type CustomerRow, customerRow, type Parties, partiesOf } from './parties';

// The document models (docs/decisions/032): each builder reads one document's rows and returns
// the plain model the PDF renderer and the print view draw. Tax per rate comes only from
// shared/tax.ts (or the per-rate figures frozen on the row when it was issued). Reach: staff
// any document; a customer only its own; a driver the slips of the orders it delivered and the
// receipts of the payments it collected. Anything else is absent (404), never refused.
// Each document computes and reads its amounts with the price basis and tax rounding recorded
// on its own row (a slip: its order's), never the settings now: a document printed again after
// a change of the settings reads as it did when it was issued (ADR 053).
// Every date a document prints is the business's calendar date: an instant (a delivery's time,
// a row's creation) is read in the business's time zone (config TZ), which every builder takes.

function line(l: {
  date?: string | null;
  name: string;
  sku?: string | null;
  unitPrice: number;
  quantity: number;
  orderedQuantity?: number | null;
  amount: number;
  rate: number;
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
  };
}

/** Per-rate figures frozen on a row, when it has any (an issued invoice or credit note). */
function frozenPerRate(r: {
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

function summed(perRate: RateTotal[]) {
  const net = perRate.reduce((s, r) => s + r.net, 0);
  const tax = perRate.reduce((s, r) => s + r.tax, 0);
  return { perRate, net, tax, total: net + tax };
}

function base(
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

const empty = {
  references: [] as DocumentModel['references'],
  period: null,
  dueDate: null,
  creditApplied: 0,
  statement: null,
  reason: null,
  cancelled: false,
  paidInFull: false,
};

const notInScope = () => notFound('common.notFound');

// --- Delivery slip ---------------------------------------------------------------------------

interface OrderRow {
  id: string;
  orderNumber: number;
  customerId: string | null;
  restaurantName: string;
  deliveryDate: string;
  deliveredAt: string | null;
  deliveredBy: string | null;
  isDelivered: number;
  slipNumber: string | null;
  taxBasis: PriceBasis;
  taxRounding: TaxRounding;
}

function orderRow(db: Db, id: string): OrderRow | undefined {
  return db.$client
    .prepare<[string], OrderRow>(
      // deliveredAt: when it reached the restaurant (the driver's delivery), not its dispatch;
      // null while a driver still carries it (no slip yet).
      `SELECT o.id, o.order_number AS orderNumber, o.customer_id AS customerId,
              o.restaurant_name AS restaurantName, o.delivery_date AS deliveryDate,
              ${DELIVERED_AT_SQL} AS deliveredAt, o.delivered_by AS deliveredBy,
              o.is_delivered AS isDelivered, o.slip_number AS slipNumber,
              o.tax_basis AS taxBasis, o.tax_rounding AS taxRounding
         FROM customer_order o WHERE o.id = ?`,
    )
    .get(id);
}

/**
 * A delivered order's slip number. Orders delivered before slips existed get theirs the first
 * time their slip is opened, in a transaction of its own (still gapless: the counter and the
 * order move together, and a second opener finds the number already there).
 */
function slipNumberOf(db: Db, order: OrderRow): string {
  if (order.slipNumber) return order.slipNumber;
  return write(db, () => {
    const again = orderRow(db, order.id);
    if (again?.slipNumber) return again.slipNumber;
    const number = takeDocumentNumber(db, 'slip', order.customerId);
    db.$client
      .prepare('UPDATE customer_order SET slip_number = ? WHERE id = ? AND slip_number IS NULL')
      .run(number, order.id);
    return number;
  });
}

/**
 * The day an order was delivered: the delivery instant's date in the business's time zone (as
 * its invoice dates it, ADR 033), else its planned delivery date.
 */
function deliveredOn(
  order: { deliveredAt: string | null; deliveryDate: string },
  timeZone: string,
): string {
  return order.deliveredAt ? businessDateOf(order.deliveredAt, timeZone) : order.deliveryDate;
}

export function slipModel(db: Db, id: string, scope: Scope, timeZone: string): DocumentModel {
  const order = orderRow(db, id);
  if (!order?.isDelivered || !order.deliveredAt) throw notInScope();
  if (scope.kind === 'customer' && order.customerId !== scope.customerId) throw notInScope();
  if (scope.kind === 'driver' && order.deliveredBy !== scope.driverId) throw notInScope();
  const number = slipNumberOf(db, order);
  const rows = db.$client
    .prepare<
      [string],
      {
        id: string;
        name: string;
        sku: string;
        unitPrice: number;
        quantity: number;
        deliveredQuantity: number | null;
        shortReason: string | null;
        taxRate: number;
        substituteFor: string | null;
      }
    >(
      `SELECT id, name, sku, unit_price AS unitPrice, quantity,
              delivered_quantity AS deliveredQuantity, short_reason AS shortReason,
              tax_rate AS taxRate, substitute_for AS substituteFor
         FROM order_line WHERE order_id = ? ORDER BY position`,
    )
    .all(id);
  const nameOf = new Map(rows.map((r) => [r.id, r.name]));
  // As they were when the number was taken (ADR 049), else (a document from before) as now.
  const parties = partiesOf(
    db,
    'slip',
    number,
    customerRow(db, order.customerId),
    order.restaurantName,
  );
  const dt = documentT(parties.language);
  // Issued on the day it was delivered, in the business's time zone (a 07:33 delivery in Tokyo
  // is 22:33 UTC the day before).
  const date = deliveredOn(order, timeZone);
  const lines = rows.map((r) => {
    const qty = r.deliveredQuantity ?? r.quantity;
    // A line delivered otherwise than ordered says why (short, refused, damaged, substituted);
    // goods handed over instead of a line say which (ADR 050).
    const why =
      qty !== r.quantity && r.shortReason
        ? ` [${dt(`shortReason.${r.shortReason}`)}]`
        : substituteNote(dt, r.substituteFor ? nameOf.get(r.substituteFor) : null);
    return line({
      date,
      name: `${chargeName(dt, r.name)}${why}`,
      sku: r.sku,
      unitPrice: r.unitPrice,
      quantity: qty,
      orderedQuantity: qty !== r.quantity ? r.quantity : null,
      amount: r.unitPrice * qty,
      rate: r.taxRate,
    });
  });
  // As its order was priced and rounded (ADR 053), as the order's invoice bills it.
  const totals = taxByRate(
    lines.map((l): TaxLine => ({ amount: l.amount, rate: l.rate })),
    order.taxBasis,
    order.taxRounding,
  );
  return {
    ...base('slip', id, number, date, parties),
    ...empty,
    references: [
      { label: 'order', value: `#${order.orderNumber}` },
      { label: 'deliveryDate', value: date },
    ],
    lines,
    ...totals,
    creditApplied: 0,
    amount: totals.total,
  };
}

// --- Invoice -----------------------------------------------------------------------------------

interface InvoiceRow {
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
}

function invoiceRow(db: Db, id: string): InvoiceRow | undefined {
  return db.$client
    .prepare<[string], InvoiceRow>(
      `SELECT id, customer_id AS customerId, number, kind, issue_date AS issueDate,
              due_date AS dueDate, amount, paid_amount AS paidAmount, note,
              period_start AS periodStart, period_end AS periodEnd, net8, tax8, net10, tax10,
              credit_applied AS creditApplied, cancelled_at AS cancelledAt,
              cancel_reason AS cancelReason, created_at AS createdAt,
              assign_to_collect AS assignToCollect, tax_basis AS taxBasis,
              tax_rounding AS taxRounding
         FROM invoice WHERE id = ?`,
    )
    .get(id);
}

/**
 * An invoice's lines; a line billing goods handed over instead of another says which, in the
 * document's language (ADR 050), read from its order line (the invoice keeps the name as billed).
 */
function invoiceLines(db: Db, invoiceId: string, dt: DocumentT): DocumentLine[] {
  return db.$client
    .prepare<
      [string],
      {
        date: string | null;
        name: string;
        sku: string;
        unitPrice: number;
        quantity: number;
        amount: number;
        taxRate: number;
        substituteFor: string | null;
      }
    >(
      `SELECT il.date, il.name, il.sku, il.unit_price AS unitPrice, il.quantity, il.amount,
              il.tax_rate AS taxRate, replaced.name AS substituteFor
         FROM invoice_line il
         LEFT JOIN order_line ol ON ol.id = il.order_line_id
         LEFT JOIN order_line replaced ON replaced.id = ol.substitute_for
        WHERE il.invoice_id = ? ORDER BY il.position`,
    )
    .all(invoiceId)
    .map(({ substituteFor, ...r }) =>
      line({
        ...r,
        name: `${chargeName(dt, r.name)}${substituteNote(dt, substituteFor)}`,
        rate: r.taxRate,
      }),
    );
}

/** The delivery charge line (no product, ADR 035) in the document's language; others as named. */
function chargeName(dt: DocumentT, name: string): string {
  return name === DELIVERY_CHARGE_NAME ? dt('label.deliveryCharge') : name;
}

/** " [substitute for Basmati Rice]" after a substitute line's name; nothing for any other line. */
function substituteNote(dt: DocumentT, replaced: string | null | undefined): string {
  return replaced ? ` [${dt('substituteFor', { name: replaced })}]` : '';
}

/** The day an invoice was issued: its issue date, else (an old row) the day it was made. */
function issuedOn(inv: InvoiceRow, timeZone: string): string {
  return inv.issueDate ?? businessDateOf(inv.createdAt, timeZone);
}

/**
 * An invoice's lines and figures. A hand-made invoice without lines prints its amount as one
 * line at the rate the office chose (ADR 046; 10 % for other charges unless it said 8 %), the
 * amount read as tax-inclusive, with the figures kept when it was typed (ADR 032). When the
 * business's prices were without tax (the default) when it was typed, that line shows its
 * amount without tax, as the lines of an invoice from deliveries do, so that the lines add up
 * to the subtotal under them (before: ¥46,741 above 8%対象（税抜） ¥43,279). The basis and
 * rounding are the invoice's own, recorded when it was issued (ADR 053).
 */
function invoiceFigures(db: Db, inv: InvoiceRow, language: DocumentLanguage, timeZone: string) {
  let lines = invoiceLines(db, inv.id, documentT(language));
  const tax = { basis: inv.taxBasis, rounding: inv.taxRounding };
  if (lines.length === 0) {
    const gross = inv.amount + inv.creditApplied;
    const frozen = frozenPerRate(inv);
    const totals = frozen
      ? summed(frozen)
      : taxByRate([{ amount: gross, rate: 10 }], 'inclusive', tax.rounding);
    const typed = {
      date: issuedOn(inv, timeZone),
      name: inv.note.trim() || documentT(language)('label.manualCharge'),
      quantity: 1,
    };
    // One line per rate its figures carry (one, as typed).
    lines = totals.perRate.map((r) => {
      const amount = tax.basis === 'exclusive' ? r.net : r.gross;
      return line({ ...typed, unitPrice: amount, amount, rate: r.rate });
    });
    if (lines.length === 0) lines = [line({ ...typed, unitPrice: gross, amount: gross, rate: 10 })];
    return { lines, totals, manual: true };
  }
  const frozen = frozenPerRate(inv);
  const totals = frozen
    ? summed(frozen)
    : taxByRate(
        lines.map((l) => ({ amount: l.amount, rate: l.rate })),
        tax.basis,
        tax.rounding,
      );
  return { lines, totals, manual: false };
}

/** The invoice's number; one issued before numbering gets its number on first opening. */
function invoiceNumberOf(db: Db, inv: InvoiceRow): string {
  if (inv.number) return inv.number;
  return write(db, () => {
    const again = invoiceRow(db, inv.id);
    if (again?.number) return again.number;
    const number = takeDocumentNumber(db, 'invoice', inv.customerId);
    db.$client
      .prepare('UPDATE invoice SET number = ? WHERE id = ? AND number IS NULL')
      .run(number, inv.id);
    return number;
  });
}

export function invoiceModel(db: Db, id: string, scope: Scope, timeZone: string): DocumentModel {
  const inv = invoiceRow(db, id);
  if (!inv) throw notInScope();
  if (scope.kind === 'customer' && inv.customerId !== scope.customerId) throw notInScope();
  if (scope.kind === 'driver') throw notInScope();
  const number = invoiceNumberOf(db, inv);
  const parties = partiesOf(db, 'invoice', number, customerRow(db, inv.customerId), '');
  const { language } = parties;
  const { lines, totals } = invoiceFigures(db, inv, language, timeZone);
  const issueDate = issuedOn(inv, timeZone);
  // The credit notes it deducts, by number: the customer can match the deduction to them.
  const credits = db.$client
    .prepare<[string], string>(
      'SELECT number FROM credit_note WHERE applied_to_invoice_id = ? ORDER BY number',
    )
    .pluck()
    .all(inv.id);
  return {
    ...base('invoice', id, number, issueDate, parties),
    ...empty,
    references:
      credits.length > 0 ? [{ label: 'creditNotesDeducted', value: credits.join(', ') }] : [],
    period:
      inv.periodStart && inv.periodEnd ? { start: inv.periodStart, end: inv.periodEnd } : null,
    dueDate: inv.dueDate,
    lines,
    ...totals,
    creditApplied: inv.creditApplied,
    amount: inv.amount,
    cancelled: inv.cancelledAt !== null,
    // A cancelled invoice states why (ADR 034).
    reason: inv.cancelledAt !== null ? inv.cancelReason || null : null,
    // Paid in full (a cash delivery paid at the door): it thanks for the payment rather than
    // asking for it, without the bank details (ADR 056). Its qualified-invoice items stay.
    paidInFull: inv.cancelledAt === null && inv.amount > 0 && inv.paidAmount >= inv.amount,
  };
}

// --- Statement -----------------------------------------------------------------------------------

interface StatementRow {
  id: string;
  number: string;
  customerId: string | null;
  invoiceId: string | null;
  closingDate: string;
  periodStart: string;
  previousBalance: number;
  paymentsReceived: number;
  carriedOver: number;
  periodAmount: number;
  amountDue: number;
  dueDate: string | null;
}

const STATEMENT_SELECT = `SELECT id, number, customer_id AS customerId, invoice_id AS invoiceId,
        closing_date AS closingDate, period_start AS periodStart,
        previous_balance AS previousBalance, payments_received AS paymentsReceived,
        carried_over AS carriedOver, period_amount AS periodAmount, amount_due AS amountDue,
        due_date AS dueDate
   FROM statement`;

export function statementModel(db: Db, id: string, scope: Scope, timeZone: string): DocumentModel {
  const st = db.$client.prepare<[string], StatementRow>(`${STATEMENT_SELECT} WHERE id = ?`).get(id);
  if (!st) throw notInScope();
  if (scope.kind === 'customer' && st.customerId !== scope.customerId) throw notInScope();
  if (scope.kind === 'driver') throw notInScope();
  const c = customerRow(db, st.customerId);
  const inv = st.invoiceId ? invoiceRow(db, st.invoiceId) : undefined;
  const parties = partiesOf(db, 'statement', st.number, c, '');
  const { language } = parties;
  // The period's documents: the closing's invoice of the deliveries, a second closing invoice
  // when the period held orders of both price bases (ADR 053), and the hand-made invoices the
  // statement counts beside them (ADR 034). Each kept the tax it computed once per rate; the
  // statement adds their figures up and computes no tax of its own.
  const counted = invoicesOn(db, st.id);
  const parts = [
    ...[...(inv ? [inv] : []), ...counted.filter((m) => m.kind === 'closing')].map((d) => ({
      number: null as string | null,
      creditApplied: d.creditApplied,
      basis: d.taxBasis,
      ...invoiceFigures(db, d, language, timeZone),
    })),
    ...counted
      .filter((m) => m.kind !== 'closing')
      .map((m) => ({
        number: m.number as string | null,
        creditApplied: m.creditApplied,
        basis: m.taxBasis,
        ...invoiceFigures(db, m, language, timeZone),
      })),
  ];
  // A hand-made invoice's line is named by its number; it reads as the delivery lines do (without
  // tax when prices were without tax: invoiceFigures). A second closing invoice's lines read as
  // the first's, each in its own basis.
  const lines = parts.flatMap((part) =>
    part.number ? part.lines.map((l) => ({ ...l, name: `${part.number} ${l.name}` })) : part.lines,
  );
  const perRate = ([8, 10] as const).flatMap((rate) => {
    const of = parts.flatMap((part) => part.totals.perRate.filter((r) => r.rate === rate));
    if (of.length === 0) return [];
    const net = of.reduce((sum, r) => sum + r.net, 0);
    const tax = of.reduce((sum, r) => sum + r.tax, 0);
    return [{ rate, net, tax, gross: net + tax }];
  });
  // Each delivery date's amount as its lines show it; no tax per date: the period's tax is the
  // documents' own, per rate, below. Amounts without tax and with it are never added together:
  // in the period of a change of the price basis (ADR 053) a date can have one of each.
  const dates = new Map<string, { date: string; basis: PriceBasis; amount: number }>();
  for (const part of parts) {
    for (const l of part.lines) {
      const date = l.date ?? st.closingDate;
      const key = `${date} ${part.basis}`;
      const row = dates.get(key) ?? { date, basis: part.basis, amount: 0 };
      row.amount += l.amount;
      dates.set(key, row);
    }
  }
  const byDate = [...dates.values()].sort(
    (x, y) => x.date.localeCompare(y.date) || x.basis.localeCompare(y.basis),
  );
  return {
    ...base('statement', id, st.number, st.closingDate, parties),
    ...empty,
    references: [
      ...(inv?.number ? [{ label: 'invoice', value: inv.number }] : []),
      // The other invoices this statement counts in its period: a second closing invoice
      // (ADR 053), then the hand-made ones (ADR 034).
      ...counted.map((m) => ({ label: 'invoice', value: m.number })),
    ],
    period: { start: st.periodStart, end: st.closingDate },
    dueDate: st.dueDate,
    lines,
    ...summed(perRate),
    // The credit notes the period's invoices deducted: the period's total less these is the
    // period amount, which the carried-over balance adds up to the amount due (pdf.ts).
    creditApplied: parts.reduce((sum, part) => sum + part.creditApplied, 0),
    amount: st.amountDue,
    statement: {
      previousBalance: st.previousBalance,
      paymentsReceived: st.paymentsReceived,
      carriedOver: st.carriedOver,
      periodAmount: st.periodAmount,
      amountDue: st.amountDue,
      byDate,
    },
  };
}

/**
 * The invoices a statement counts beside its own (`invoice.statement_id`): a second closing
 * invoice (ADR 053) first, then the hand-made ones, each by number.
 */
function invoicesOn(db: Db, statementId: string): (InvoiceRow & { number: string })[] {
  return db.$client
    .prepare<[string], { id: string }>(
      `SELECT id FROM invoice WHERE statement_id = ? AND number IS NOT NULL
        ORDER BY kind <> 'closing', number`,
    )
    .all(statementId)
    .flatMap((r) => {
      const row = invoiceRow(db, r.id);
      return row?.number ? [{ ...row, number: row.number }] : [];
    });
}

/** The statements of one closing date, in customer order (the closing run's download). */
export function statementsOfClosing(
  db: Db,
  closingDate: string,
): { id: string; number: string; restaurantName: string; amountDue: number }[] {
  return db.$client
    .prepare<[string], { id: string; number: string; restaurantName: string; amountDue: number }>(
      `SELECT s.id, s.number, COALESCE(c.restaurant_name, '') AS restaurantName,
              s.amount_due AS amountDue
         FROM statement s LEFT JOIN customer c ON c.id = s.customer_id
        WHERE s.closing_date = ? ORDER BY c.customer_code, s.number`,
    )
    .all(closingDate);
}

/** The closing run's download list: one entry per statement of the closing date. */
export function closingStatementList(db: Db, closingDate: string) {
  return {
    closingDate,
    statements: statementsOfClosing(db, closingDate).map((s) => ({
      kind: 'statement' as const,
      id: s.id,
      number: s.number,
      date: closingDate,
      amount: s.amountDue,
      restaurantName: s.restaurantName,
      cancelled: false,
    })),
  };
}

// --- Receipt -------------------------------------------------------------------------------------

/**
 * A payment's receipt. Its amount and tax per rate are the part of the invoice's figures it
 * pays, after the payments received before it (`paymentShare`): what a receipt that stands as a
 * simplified qualified invoice states, adding up over the receipts of an invoice paid in parts.
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
      `SELECT id, invoice_id AS invoiceId, amount, date, collected_by AS collectedBy,
              receipt_number AS receiptNumber, receipt_replaces AS receiptReplaces,
              created_at AS createdAt
         FROM payment WHERE id = ?`,
    )
    .get(id);
  if (!p) throw notInScope();
  const inv = invoiceRow(db, p.invoiceId);
  if (!inv) throw notInScope();
  if (scope.kind === 'customer' && inv.customerId !== scope.customerId) throw notInScope();
  if (scope.kind === 'driver' && p.collectedBy !== scope.driverId) throw notInScope();
  let number = p.receiptNumber;
  if (!number) {
    number = write(db, () => {
      const again = db.$client
        .prepare<[string], { n: string | null }>(
          'SELECT receipt_number AS n FROM payment WHERE id = ?',
        )
        .get(p.id);
      if (again?.n) return again.n;
      const n = takeDocumentNumber(db, 'receipt', inv.customerId);
      db.$client
        .prepare('UPDATE payment SET receipt_number = ? WHERE id = ? AND receipt_number IS NULL')
        .run(n, p.id);
      return n;
    });
  }
  const parties = partiesOf(db, 'receipt', number, customerRow(db, inv.customerId), '');
  const { language } = parties;
  const { totals } = invoiceFigures(db, inv, language, timeZone);
  // What the invoice's earlier payments received: this receipt stands for the next part, so
  // the receipts of an invoice paid in parts add up to its figures rate by rate.
  const before =
    db.$client
      .prepare<[string, string, string, string, string, string], number>(
        `SELECT COALESCE(SUM(amount), 0) FROM payment
          WHERE invoice_id = ? AND (date < ? OR (date = ? AND (created_at < ?
                OR (created_at = ? AND id < ?))))`,
      )
      .pluck()
      .get(inv.id, p.date, p.date, p.createdAt, p.createdAt, p.id) ?? 0;
  const split = paymentShare(totals.perRate, inv.amount, before, p.amount);
  const invNumber = inv.number ?? invoiceNumberOf(db, inv);
  return {
    ...base('receipt', id, number, p.date, parties),
    ...empty,
    references: [
      { label: 'invoice', value: invNumber },
      { label: 'paymentDate', value: p.date },
      // Issued again after the payment was corrected (ADR 058): the copy it replaces.
      ...(p.receiptReplaces ? [{ label: 'replacesReceipt', value: p.receiptReplaces }] : []),
    ],
    // One line per rate at its amount without tax, as on the other documents: the lines add up
    // to the subtotal, and the tax and the total received follow it.
    lines: split.perRate.map((part) =>
      line({
        date: p.date,
        name: documentT(language)('label.receivedFor', { number: invNumber }),
        unitPrice: part.net,
        quantity: 1,
        amount: part.net,
        rate: part.rate,
      }),
    ),
    ...split,
    amount: p.amount,
  };
}

// --- Credit note ---------------------------------------------------------------------------------

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
      }
    >(
      `SELECT id, number, customer_id AS customerId, invoice_id AS invoiceId, issue_date AS issueDate,
              reason, net8, tax8, net10, tax10, total, tax_basis AS taxBasis,
              tax_rounding AS taxRounding
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
      {
        name: string;
        sku: string;
        unitPrice: number;
        quantity: number;
        amount: number;
        taxRate: number;
        orderNumber: number | null;
        slipNumber: string | null;
        deliveredAt: string | null;
        deliveryDate: string | null;
        billedBy: string | null;
      }
    >(
      // The unit is the corrected line's, as its slip and invoice printed it; the order the line
      // belongs to, when it was delivered, and the live invoice that billed it.
      `SELECT l.name, COALESCE(o.sku, '') AS sku, l.unit_price AS unitPrice, l.quantity, l.amount,
              l.tax_rate AS taxRate, co.order_number AS orderNumber, co.slip_number AS slipNumber,
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
  const lines = rows.map((r) =>
    line({
      ...r,
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
  const frozen = frozenPerRate(cn);
  const totals = frozen
    ? summed(frozen)
    : taxByRate(
        lines.map((l) => ({ amount: l.amount, rate: l.rate })),
        cn.taxBasis,
        cn.taxRounding,
      );
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
    ...base(
      'creditNote',
      id,
      cn.number,
      cn.issueDate,
      partiesOf(db, 'creditNote', cn.number, c, ''),
    ),
    ...empty,
    references: [...ref('invoice', invoiceNumbers), ...ref('order', orders), ...ref('slip', slips)],
    lines,
    ...totals,
    amount: cn.total,
    reason: cn.reason,
  };
}

const unique = (values: string[]): string[] => [...new Set(values)];

// --- Any document --------------------------------------------------------------------------------

/** One document's model; `timeZone` is the business's (config TZ), for the dates it prints. */
export function documentModel(
  db: Db,
  kind: DocumentKind,
  id: string,
  scope: Scope,
  timeZone: string,
): DocumentModel {
  switch (kind) {
    case 'slip':
      return slipModel(db, id, scope, timeZone);
    case 'invoice':
      return invoiceModel(db, id, scope, timeZone);
    case 'statement':
      return statementModel(db, id, scope, timeZone);
    case 'receipt':
      return receiptModel(db, id, scope, timeZone);
    case 'creditNote':
      return creditNoteModel(db, id, scope, timeZone);
  }
}

/** The customer the document is addressed to (mail), within the scope. */
export function documentCustomer(db: Db, customerId: string | null): CustomerRow | null {
  return customerRow(db, customerId);
}

// --- A customer's documents ----------------------------------------------------------------------

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
): DocumentList {
  const c = customerRow(db, customerId);
  if (!c) throw notInScope();
  const docs = db.$client
    .prepare<
      [Record<string, string>],
      Omit<DocumentSummary, 'cancelled' | 'overdue'> & { cancelled: number; overdue: number }
    >(
      // `date` may be an instant here (a delivery's time, an old invoice's creation): it is
      // made the business's date below. Sorting by it first only picks the newest 500.
      // A slip once the order reached the restaurant (not while a driver still carries it).
      // An invoice says what of it is still to pay, and whether that is past its due date, so
      // the restaurant sees which invoice its balance is.
      `SELECT * FROM (SELECT 'slip' AS kind, o.id, COALESCE(o.slip_number, '') AS number,
              ${DELIVERED_AT_SQL} AS date, o.total AS amount, 0 AS cancelled, 0 AS unpaid,
              0 AS overdue
         FROM customer_order o WHERE o.customer_id = @c AND o.is_delivered = 1)
        WHERE date IS NOT NULL
       UNION ALL
       SELECT 'invoice', id, COALESCE(number, ''), COALESCE(issue_date, created_at), amount,
              cancelled_at IS NOT NULL,
              CASE WHEN cancelled_at IS NULL THEN amount - paid_amount ELSE 0 END,
              cancelled_at IS NULL AND paid_amount < amount AND due_date IS NOT NULL
                AND due_date < @today
         FROM invoice WHERE customer_id = @c
       UNION ALL
       SELECT 'statement', id, number, closing_date, amount_due, 0, 0, 0
         FROM statement WHERE customer_id = @c
       UNION ALL
       SELECT 'receipt', p.id, COALESCE(p.receipt_number, ''), p.date, p.amount, 0, 0, 0
         FROM payment p JOIN invoice i ON i.id = p.invoice_id WHERE i.customer_id = @c
       UNION ALL
       SELECT 'creditNote', id, number, issue_date, total, 0, 0, 0
         FROM credit_note WHERE customer_id = @c
       ORDER BY date DESC, number DESC
       LIMIT 500`,
    )
    .all({ c: customerId, today: at.today })
    .map(
      (d): DocumentSummary => ({
        ...d,
        date: businessDateOf(d.date, at.timeZone),
        cancelled: d.cancelled !== 0,
        overdue: d.overdue !== 0,
      }),
    )
    .sort((a, b) => b.date.localeCompare(a.date) || b.number.localeCompare(a.number));
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
    account: accountOf(db, customerId, at),
  };
}
