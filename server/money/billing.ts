import { creditsFitting, type PendingCredit } from '../../shared/credits';
import type { InvoiceKind } from '../../shared/enums';
import {
  asTaxRate,
  type PriceBasis,
  type TaxRate,
  type TaxRounding,
  type TaxSummary,
  taxByRate,
} from '../../shared/tax';
import { toRateColumns } from '../../shared/tax-columns';
import { type Actor, recordAudit } from '../platform/audit';
import type { Db } from '../platform/db';
import { conflict } from '../platform/errors';
import { newId, nowIso } from '../platform/ids';
import { prepared } from '../platform/prepared';
import { getTaxSettings, type TaxSettings } from '../settings/tax-settings';
import { takeDocumentNumber } from './numbering';

// Invoices made from deliveries (ADR 033). Everything here runs inside the caller's write():
// the delivery (cash customers) or one customer's closing (monthly customers). An order is
// claimed for an invoice with `UPDATE ... WHERE invoice_id IS NULL` in the same IMMEDIATE
// transaction that issues the invoice, so no order is ever billed twice.
// Money from an order is computed with the price basis and rounding the order recorded when it
// was placed (ADR 053), never with the settings as they are now: an invoice is made from orders
// of one basis, and rounds as they did when they share a rounding.

/** A delivered line as an invoice bills it. */
export interface BillableLine {
  orderId: string;
  orderLineId: string;
  /** YYYY-MM-DD the order was delivered. */
  date: string;
  name: string;
  /** The Japanese name its order line was placed with; the invoice keeps it (ADR 064). */
  nameJa: string | null;
  sku: string;
  unitPrice: number;
  /** What was delivered (the ordered quantity unless the driver recorded otherwise). */
  quantity: number;
  amount: number;
  taxRate: TaxRate;
  /** Its order's price basis and rounding, as recorded at placement (ADR 053). */
  basis: PriceBasis;
  rounding: TaxRounding;
}

/** The delivered lines of some orders (lines delivered as 0 are left out), in order. */
export function deliveredLines(
  db: Db,
  orders: readonly { id: string; day: string }[],
): BillableLine[] {
  if (orders.length === 0) return [];
  const day = new Map(orders.map((o) => [o.id, o.day]));
  const rows = db.$client
    .prepare<
      [string],
      {
        id: string;
        orderId: string;
        name: string;
        nameJa: string | null;
        sku: string;
        unitPrice: number;
        quantity: number;
        deliveredQuantity: number | null;
        taxRate: number;
        basis: PriceBasis;
        rounding: TaxRounding;
      }
    >(
      `SELECT l.id, l.order_id AS orderId, l.name, l.name_ja AS nameJa, l.sku, l.unit_price AS unitPrice, l.quantity,
              l.delivered_quantity AS deliveredQuantity, l.tax_rate AS taxRate,
              o.tax_basis AS basis, o.tax_rounding AS rounding
         FROM order_line l JOIN customer_order o ON o.id = l.order_id
        WHERE l.order_id IN (SELECT value FROM json_each(?))
        ORDER BY l.order_id, l.position`,
    )
    .all(JSON.stringify(orders.map((o) => o.id)));
  const out: BillableLine[] = [];
  for (const r of rows) {
    const quantity = r.deliveredQuantity ?? r.quantity;
    if (quantity <= 0) continue;
    out.push({
      orderId: r.orderId,
      orderLineId: r.id,
      date: day.get(r.orderId) ?? '',
      name: r.name,
      nameJa: r.nameJa,
      sku: r.sku,
      unitPrice: r.unitPrice,
      quantity,
      amount: r.unitPrice * quantity,
      taxRate: asTaxRate(r.taxRate),
      basis: r.basis,
      rounding: r.rounding,
    });
  }
  // By delivery date, then as the orders list them.
  const rank = new Map(orders.map((o, i) => [o.id, i]));
  return out.sort(
    (a, b) =>
      a.date.localeCompare(b.date) || (rank.get(a.orderId) ?? 0) - (rank.get(b.orderId) ?? 0),
  );
}

/**
 * The lines `deliveredLines` gives for some orders, added up per tax rate, price basis and
 * rounding (the same lines left out: those delivered as 0). What `taxOf` and `invoiceTaxRule` read of
 * an invoice's lines is exactly this: taxOf adds the amounts per rate before rounding once,
 * and the rule wants each line's basis and rounding. The closing's preview reads these sums
 * instead of one object per line (45,000 lines for 375 customers at a larger wholesaler).
 */
export function deliveredSums(
  db: Db,
  orders: readonly { id: string }[],
): { amount: number; taxRate: TaxRate; basis: PriceBasis; rounding: TaxRounding }[] {
  if (orders.length === 0) return [];
  return prepared(db, 'billing.deliveredSums', () =>
    db.$client.prepare<
      [string],
      { amount: number; taxRate: number; basis: PriceBasis; rounding: TaxRounding }
    >(
      `SELECT SUM(l.unit_price * COALESCE(l.delivered_quantity, l.quantity)) AS amount,
              l.tax_rate AS taxRate, o.tax_basis AS basis, o.tax_rounding AS rounding
         FROM order_line l JOIN customer_order o ON o.id = l.order_id
        WHERE l.order_id IN (SELECT value FROM json_each(?))
          AND COALESCE(l.delivered_quantity, l.quantity) > 0
        GROUP BY l.tax_rate, o.tax_basis, o.tax_rounding
        ORDER BY l.tax_rate, o.tax_basis, o.tax_rounding`,
    ),
  )
    .all(JSON.stringify(orders.map((o) => o.id)))
    .map((r) => ({ ...r, taxRate: asTaxRate(r.taxRate) }));
}

/** Per-rate figures of a document, with the basis and rounding it is computed with. */
export function taxOf(
  lines: readonly { amount: number; taxRate: number }[],
  rule: TaxSettings,
): TaxSummary {
  return taxByRate(
    lines.map((l) => ({ amount: l.amount, rate: asTaxRate(l.taxRate) })),
    rule.basis,
    rule.rounding,
  );
}

/** The basis and rounding an order recorded at placement (ADR 053). */
function orderTaxRule(db: Db, orderId: string): TaxSettings | undefined {
  return db.$client
    .prepare<[string], TaxSettings>(
      'SELECT tax_basis AS basis, tax_rounding AS rounding FROM customer_order WHERE id = ?',
    )
    .get(orderId);
}

/**
 * How an invoice of these lines computes its tax (ADR 053): with their orders' basis, which
 * must be one (the closing makes one invoice per basis, `byBasis`), and rounded as the orders
 * were when they all were rounded alike, else as the business rounds now.
 */
export function invoiceTaxRule(
  db: Db,
  lines: readonly { basis: PriceBasis; rounding: TaxRounding }[],
): TaxSettings {
  const first = lines[0];
  if (!first) return getTaxSettings(db);
  if (lines.some((l) => l.basis !== first.basis)) {
    throw new Error('An invoice bills orders of one price basis (ADR 053)');
  }
  return {
    basis: first.basis,
    rounding: lines.every((l) => l.rounding === first.rounding)
      ? first.rounding
      : getTaxSettings(db).rounding,
  };
}

/**
 * Orders split by the price basis they were placed with, in the order given, each part in the
 * order of its first order: one invoice per part (only around a change of the basis is there
 * more than one).
 */
export function byBasis<T extends { basis: PriceBasis }>(orders: readonly T[]): T[][] {
  const parts = new Map<PriceBasis, T[]>();
  for (const o of orders) {
    const part = parts.get(o.basis) ?? [];
    part.push(o);
    parts.set(o.basis, part);
  }
  return [...parts.values()];
}

/** A customer's credit notes not yet deducted anywhere, oldest first. */
export function pendingCredits(db: Db, customerId: string) {
  // Prepared once per database: the closing's preview asks for every monthly customer.
  return prepared(db, 'billing.pendingCredits', () =>
    db.$client.prepare<[string], { id: string; number: string; total: number }>(
      `SELECT id, number, total FROM credit_note
        WHERE customer_id = ? AND applied_to_invoice_id IS NULL
        ORDER BY issue_date, created_at, id`,
    ),
  ).all(customerId);
}

/** The pending credit notes of some customers, each list oldest first (the jobs' cash to collect). */
export function pendingCreditsOf(
  db: Db,
  customerIds: readonly string[],
): Map<string, PendingCredit[]> {
  const out = new Map<string, PendingCredit[]>();
  if (customerIds.length === 0) return out;
  const rows = db.$client
    .prepare<[string], PendingCredit & { customerId: string }>(
      `SELECT id, number, total, customer_id AS customerId FROM credit_note
        WHERE customer_id IN (SELECT value FROM json_each(?)) AND applied_to_invoice_id IS NULL
        ORDER BY issue_date, created_at, id`,
    )
    .all(JSON.stringify([...new Set(customerIds)]));
  for (const { customerId, ...c } of rows) {
    const list = out.get(customerId) ?? [];
    list.push(c);
    out.set(customerId, list);
  }
  return out;
}

export interface IssuedInvoice {
  id: string;
  number: string;
  /** What the customer pays: lines with tax, less credit notes. */
  amount: number;
  gross: number;
  creditApplied: number;
}

/**
 * Issues an invoice for delivered lines (inside the caller's write): the next invoice number,
 * per-rate figures rounded once, its lines, the customer's pending credit notes deducted, and
 * the orders claimed (refused when any of them was billed meanwhile). Null when nothing is
 * billable (every line delivered as 0).
 */
export function issueInvoice(
  db: Db,
  actor: Actor,
  values: {
    customerId: string;
    kind: InvoiceKind;
    orderIds: readonly string[];
    lines: readonly BillableLine[];
    issueDate: string;
    dueDate: string | null;
    periodStart?: string | null;
    periodEnd?: string | null;
    assignToCollect?: string | null;
    note?: string;
  },
): IssuedInvoice | null {
  const rule = invoiceTaxRule(db, values.lines);
  const tax = taxOf(values.lines, rule);
  if (tax.total <= 0) return null;
  const credits = creditsFitting(pendingCredits(db, values.customerId), tax.total);
  const amount = tax.total - credits.applied;
  const id = newId();
  const number = takeDocumentNumber(db, 'invoice', values.customerId);
  const parts = toRateColumns(tax);
  db.$client
    .prepare(
      `INSERT INTO invoice (id, customer_id, due_date, amount, paid_amount, note, assign_to_collect,
         kind, number, issue_date, period_start, period_end, net8, tax8, net10, tax10,
         credit_applied, tax_basis, tax_rounding, created_at)
       VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      values.customerId,
      values.dueDate,
      amount,
      values.note ?? '',
      values.assignToCollect ?? null,
      values.kind,
      number,
      values.issueDate,
      values.periodStart ?? null,
      values.periodEnd ?? null,
      parts.net8,
      parts.tax8,
      parts.net10,
      parts.tax10,
      credits.applied,
      rule.basis,
      rule.rounding,
      nowIso(),
    );
  const insertLine = db.$client.prepare(
    `INSERT INTO invoice_line (id, invoice_id, position, order_id, order_line_id, date, name,
       name_ja, sku, unit_price, quantity, amount, tax_rate)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  values.lines.forEach((l, i) => {
    insertLine.run(
      newId(),
      id,
      i + 1,
      l.orderId,
      l.orderLineId,
      l.date,
      l.name,
      l.nameJa,
      l.sku,
      l.unitPrice,
      l.quantity,
      l.amount,
      l.taxRate,
    );
  });
  // Each delivered order is billed exactly once: the claim fails if another invoice has it.
  // `+invoice_id`: without the plus SQLite walks the invoice_id index over every unbilled order
  // (all of a year's, ~200 ms at 100,000) instead of finding the few by id.
  if (values.orderIds.length > 0) {
    const claimed = db.$client
      .prepare(
        `UPDATE customer_order SET invoice_id = ?
          WHERE id IN (SELECT value FROM json_each(?)) AND +invoice_id IS NULL`,
      )
      .run(id, JSON.stringify(values.orderIds)).changes;
    if (claimed !== values.orderIds.length) throw conflict('invoice.alreadyInvoiced');
  }
  if (credits.ids.length > 0) {
    db.$client
      .prepare(
        `UPDATE credit_note SET applied_to_invoice_id = ?
          WHERE id IN (SELECT value FROM json_each(?)) AND applied_to_invoice_id IS NULL`,
      )
      .run(id, JSON.stringify(credits.ids));
  }
  recordAudit(db, actor, {
    entity: 'invoice',
    entityId: id,
    action: 'create',
    before: null,
    after: {
      kind: values.kind,
      number,
      customerId: values.customerId,
      amount,
      ...parts,
      taxBasis: rule.basis,
      taxRounding: rule.rounding,
      creditApplied: credits.applied,
      creditNotes: credits.ids,
      orders: values.orderIds.length,
      issueDate: values.issueDate,
      dueDate: values.dueDate,
      assignToCollect: values.assignToCollect ?? null,
    },
  });
  return { id, number, amount, gross: tax.total, creditApplied: credits.applied };
}

/**
 * A delivered order becomes billable (inside the delivery's write): it gets its delivery slip
 * number, its totals follow what was delivered, and a cash customer's order becomes its own
 * invoice at once, due that day, to be collected by the driver who delivered it. A monthly
 * customer's order waits for the closing run. Returns the invoice made, if any.
 */
export function billDeliveredOrder(
  db: Db,
  actor: Actor,
  orderId: string,
  day: string,
  collectorId: string | null,
): IssuedInvoice | null {
  const order = db.$client
    .prepare<
      [string],
      {
        id: string;
        customerId: string | null;
        invoiceId: string | null;
        slipNumber: string | null;
        paymentMethod: string | null;
      }
    >(
      `SELECT o.id, o.customer_id AS customerId, o.invoice_id AS invoiceId,
              o.slip_number AS slipNumber, c.payment_method AS paymentMethod
         FROM customer_order o LEFT JOIN customer c ON c.id = o.customer_id
        WHERE o.id = ?`,
    )
    .get(orderId);
  if (!order || order.invoiceId) return null;
  const lines = deliveredLines(db, [{ id: orderId, day }]);
  refreshOrderTotals(db, orderId);
  if (!order.slipNumber) {
    db.$client
      .prepare('UPDATE customer_order SET slip_number = ? WHERE id = ?')
      .run(takeDocumentNumber(db, 'slip', order.customerId), orderId);
  }
  if (order.paymentMethod !== 'cash' || !order.customerId) return null;
  return issueInvoice(db, actor, {
    customerId: order.customerId,
    kind: 'delivery',
    orderIds: [orderId],
    lines,
    issueDate: day,
    dueDate: day,
    assignToCollect: collectorId,
  });
}

/**
 * The order's totals and per-rate figures as delivered (a short line lowers them), with the
 * basis and rounding it was placed with.
 */
function refreshOrderTotals(db: Db, orderId: string): void {
  const lines = db.$client
    .prepare<[string], { amount: number; taxRate: number; short: number }>(
      `SELECT unit_price * COALESCE(delivered_quantity, quantity) AS amount, tax_rate AS taxRate,
              delivered_quantity IS NOT NULL AS short
         FROM order_line WHERE order_id = ?`,
    )
    .all(orderId);
  // Delivered as ordered: the totals stay as placed.
  if (!lines.some((l) => l.short)) return;
  const rule = orderTaxRule(db, orderId);
  if (!rule) return;
  const tax = taxOf(lines, rule);
  const parts = toRateColumns(tax);
  db.$client
    .prepare(
      'UPDATE customer_order SET total = ?, net8 = ?, tax8 = ?, net10 = ?, tax10 = ? WHERE id = ?',
    )
    .run(tax.total, parts.net8, parts.tax8, parts.net10, parts.tax10, orderId);
}
