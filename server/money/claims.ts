import type { z } from 'zod';
import type { ClaimStatus } from '../../shared/enums';
import {
  CLAIM_WINDOW_MS,
  type ClaimOut,
  type CreditableOut,
  type CreditNoteOut,
  type claimableOut,
  type claimCreateInput,
  type claimDecideInput,
  type creditNoteCreateInput,
} from '../../shared/schemas/billing';
import { asTaxRate, type PriceBasis } from '../../shared/tax';
import { toRateColumns } from '../../shared/tax-columns';
import { DELIVERED_AT_SQL } from '../deliveries/delivered-at';
import { type Actor, recordAudit } from '../platform/audit';
import { type Db, write } from '../platform/db';
import { badRequest, conflict, notFound } from '../platform/errors';
import { newId, nowIso } from '../platform/ids';
import { getTaxSettings } from '../settings/tax-settings';
import { taxOf } from './billing';
import { takeDocumentNumber } from './numbering';

// Goods claims and credit notes (ADR 033). A customer reports an issue with a delivered line
// within 48 hours of delivery, for at most what was delivered (less what is already reported);
// the office approves (a credit note with its tax per rate, deducted on the customer's next
// invoice or statement) or rejects it. A credit note never credits more of a line than was
// delivered and invoiced.

interface DeliveredLine {
  lineId: string;
  orderId: string;
  orderNumber: number;
  customerId: string | null;
  name: string;
  /** The product's Nepali name now (null without one, or once the product is gone). */
  nameNe: string | null;
  /** The Japanese name the line was placed with (ADR 064); its credit note keeps it. */
  nameJa: string | null;
  sku: string;
  unitPrice: number;
  taxRate: number;
  delivered: number;
  invoiceId: string | null;
  /** ISO time of the delivery, null while not delivered. */
  deliveredAt: string | null;
  /** The price basis its order was placed with (ADR 053). */
  basis: PriceBasis;
}

const LINE_SELECT = `SELECT l.id AS lineId, o.id AS orderId, o.order_number AS orderNumber,
       o.customer_id AS customerId, l.name, l.name_ja AS nameJa, l.sku, l.unit_price AS unitPrice, l.tax_rate AS taxRate,
       COALESCE(l.delivered_quantity, l.quantity) AS delivered, o.invoice_id AS invoiceId,
       ${DELIVERED_AT_SQL} AS deliveredAt, p.name_ne AS nameNe, o.tax_basis AS basis
  FROM order_line l JOIN customer_order o ON o.id = l.order_id
  LEFT JOIN product p ON p.id = l.product_id`;

function deliveredLine(db: Db, lineId: string): DeliveredLine | undefined {
  return db.$client.prepare<[string], DeliveredLine>(`${LINE_SELECT} WHERE l.id = ?`).get(lineId);
}

/** Quantity of a line already reported (pending or approved claims). */
function reported(db: Db, lineId: string): number {
  return (
    db.$client
      .prepare<[string], number>(
        `SELECT COALESCE(SUM(quantity), 0) FROM goods_claim
          WHERE order_line_id = ? AND status IN ('pending', 'approved')`,
      )
      .pluck()
      .get(lineId) ?? 0
  );
}

/** Quantity of an order line already credited by credit notes. */
function credited(db: Db, lineId: string): number {
  return (
    db.$client
      .prepare<[string], number>(
        'SELECT COALESCE(SUM(quantity), 0) FROM credit_note_line WHERE order_line_id = ?',
      )
      .pluck()
      .get(lineId) ?? 0
  );
}

export function createClaim(
  db: Db,
  actor: Actor,
  customerId: string,
  input: z.output<typeof claimCreateInput>,
  now = new Date(),
): ClaimOut {
  const id = write(db, () => {
    const line = deliveredLine(db, input.orderLineId);
    // Another customer's line answers as a missing one.
    if (!line || line.customerId !== customerId) throw notFound('claim.lineNotFound');
    if (!line.deliveredAt) throw badRequest('claim.notDelivered');
    if (now.getTime() - Date.parse(line.deliveredAt) > CLAIM_WINDOW_MS) {
      throw badRequest('claim.windowClosed');
    }
    const max = line.delivered - reported(db, line.lineId);
    // The unit goes with the number ("at most 2 Kg"); with nothing left, "at most 0" would ask
    // for a number that cannot be sent, so the restaurant is told the line is fully reported.
    if (max <= 0)
      throw badRequest('claim.nothingLeft', { delivered: line.delivered, unit: line.sku });
    if (input.quantity > max) throw badRequest('claim.aboveDelivered', { max, unit: line.sku });
    if (input.photo) {
      // Only a photo one of this restaurant's logins sent: naming another party's upload on
      // a claim would otherwise make it this restaurant's to see (ADR 051).
      const file = db.$client
        .prepare<[string, string, string]>(
          `SELECT 1 FROM uploaded_file
            WHERE name = ? AND uploaded_by IN (
              SELECT account_id FROM customer WHERE id = ?
              UNION SELECT account_id FROM customer_person WHERE customer_id = ?)`,
        )
        .get(input.photo, customerId, customerId);
      if (!file) throw badRequest('claim.photoNotFound');
    }
    const claimId = newId();
    db.$client
      .prepare(
        `INSERT INTO goods_claim (id, customer_id, order_id, order_line_id, quantity, reason, photo,
           status, created_by, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
      )
      .run(
        claimId,
        customerId,
        line.orderId,
        line.lineId,
        input.quantity,
        input.reason,
        input.photo || null,
        actor.id,
        nowIso(),
      );
    recordAudit(db, actor, {
      entity: 'goods_claim',
      entityId: claimId,
      action: 'create',
      before: null,
      after: {
        orderId: line.orderId,
        orderLineId: line.lineId,
        product: line.name,
        quantity: input.quantity,
        reason: input.reason,
        photo: input.photo || null,
      },
    });
    return claimId;
  });
  return getClaim(db, id, { customerId });
}

interface ClaimRow {
  id: string;
  customerId: string | null;
  restaurantName: string | null;
  orderId: string;
  orderNumber: number | null;
  orderLineId: string;
  productName: string | null;
  nameNe: string | null;
  nameJa: string | null;
  sku: string | null;
  unitPrice: number | null;
  deliveredQuantity: number | null;
  quantity: number;
  reason: string;
  photo: string | null;
  status: ClaimStatus;
  decisionNote: string | null;
  decidedAt: string | null;
  creditNoteId: string | null;
  creditNoteNumber: string | null;
  creditedQuantity: number | null;
  createdAt: string;
}

const CLAIM_SELECT = `SELECT g.id, g.customer_id AS customerId, c.restaurant_name AS restaurantName,
       g.order_id AS orderId, o.order_number AS orderNumber, g.order_line_id AS orderLineId,
       l.name AS productName, p.name_ne AS nameNe, l.name_ja AS nameJa, l.sku, l.unit_price AS unitPrice,
       COALESCE(l.delivered_quantity, l.quantity) AS deliveredQuantity, g.quantity, g.reason,
       g.photo, g.status, g.decision_note AS decisionNote, g.decided_at AS decidedAt,
       cn.id AS creditNoteId, cn.number AS creditNoteNumber,
       (SELECT SUM(cl.quantity) FROM credit_note_line cl WHERE cl.credit_note_id = cn.id)
         AS creditedQuantity,
       g.created_at AS createdAt
  FROM goods_claim g
  LEFT JOIN customer c ON c.id = g.customer_id
  LEFT JOIN customer_order o ON o.id = g.order_id
  LEFT JOIN order_line l ON l.id = g.order_line_id
  LEFT JOIN product p ON p.id = l.product_id
  LEFT JOIN credit_note cn ON cn.claim_id = g.id`;

const toClaim = (r: ClaimRow): ClaimOut => ({
  _id: r.id,
  customerId: r.customerId,
  restaurantName: r.restaurantName ?? '',
  orderId: r.orderId,
  orderNumber: r.orderNumber,
  orderLineId: r.orderLineId,
  productName: r.productName ?? '',
  nameNe: r.nameNe || null,
  nameJa: r.nameJa || null,
  sku: r.sku ?? '',
  unitPrice: r.unitPrice ?? 0,
  deliveredQuantity: r.deliveredQuantity ?? 0,
  quantity: r.quantity,
  reason: r.reason,
  photo: r.photo,
  status: r.status,
  decisionNote: r.decisionNote,
  decidedAt: r.decidedAt,
  creditNoteId: r.creditNoteId,
  creditNoteNumber: r.creditNoteNumber,
  creditedQuantity: r.creditedQuantity,
  createdAt: r.createdAt,
});

export function getClaim(db: Db, id: string, scope: { customerId?: string } = {}): ClaimOut {
  const row = db.$client.prepare<[string], ClaimRow>(`${CLAIM_SELECT} WHERE g.id = ?`).get(id);
  if (!row || (scope.customerId && row.customerId !== scope.customerId)) {
    throw notFound('claim.notFound');
  }
  return toClaim(row);
}

/** The office's Claims list: pending first, newest first. */
export function listClaims(db: Db, opts: { status?: ClaimStatus; customerId?: string }) {
  return db.$client
    .prepare<{ status: string | null; customerId: string | null }, ClaimRow>(
      `${CLAIM_SELECT}
        WHERE (@status IS NULL OR g.status = @status)
          AND (@customerId IS NULL OR g.customer_id = @customerId)
        ORDER BY g.status <> 'pending', g.created_at DESC, g.id LIMIT 500`,
    )
    .all({ status: opts.status ?? null, customerId: opts.customerId ?? null })
    .map(toClaim);
}

/** The customer's delivered orders it may still report an issue on (the last 48 hours). */
export function claimableLines(
  db: Db,
  customerId: string,
  now = new Date(),
): z.infer<typeof claimableOut> {
  const since = new Date(now.getTime() - CLAIM_WINDOW_MS).toISOString();
  // Candidates by index: handed over by the office within the window, or carried by a job its
  // driver delivered within it (a job may be delivered days after it was dispatched); the exact
  // delivery time is checked below.
  const rows = db.$client
    .prepare<[string, string, string, string], DeliveredLine>(
      `${LINE_SELECT}
        WHERE o.customer_id = ? AND o.is_delivered = 1
          AND (o.delivered_at >= ?
               OR o.id IN (SELECT j.order_id FROM delivery_job j
                            WHERE j.customer_id = ? AND j.delivered_at >= ?))
        ORDER BY o.order_number DESC, l.position`,
    )
    .all(customerId, since, customerId, since);
  const out = new Map<string, z.infer<typeof claimableOut>[number]>();
  for (const r of rows) {
    if (!r.deliveredAt || r.deliveredAt < since) continue;
    const claimable = r.delivered - reported(db, r.lineId);
    if (claimable <= 0) continue;
    const entry = out.get(r.orderId) ?? {
      orderId: r.orderId,
      orderNumber: r.orderNumber,
      deliveredAt: r.deliveredAt,
      claimUntil: new Date(Date.parse(r.deliveredAt) + CLAIM_WINDOW_MS).toISOString(),
      lines: [],
    };
    entry.lines.push({
      orderLineId: r.lineId,
      name: r.name,
      nameNe: r.nameNe || null,
      nameJa: r.nameJa || null,
      sku: r.sku,
      claimable,
    });
    out.set(r.orderId, entry);
  }
  return [...out.values()];
}

/** The office decides a pending claim; approving issues its credit note in the same change. */
export function decideClaim(
  db: Db,
  actor: Actor,
  input: z.output<typeof claimDecideInput>,
  today: string,
): ClaimOut {
  write(db, () => {
    const claim = db.$client
      .prepare<
        [string],
        {
          id: string;
          status: string;
          quantity: number;
          orderLineId: string;
          reason: string;
          customerId: string | null;
        }
      >(
        `SELECT id, status, quantity, order_line_id AS orderLineId, reason, customer_id AS customerId
           FROM goods_claim WHERE id = ?`,
      )
      .get(input.id);
    if (!claim) throw notFound('claim.notFound');
    if (claim.status !== 'pending') throw conflict('claim.alreadyDecided');
    const status = input.approve ? 'approved' : 'rejected';
    let creditNoteId: string | null = null;
    if (input.approve) {
      const line = deliveredLine(db, claim.orderLineId);
      if (!line) throw notFound('claim.lineNotFound');
      // The office may credit fewer than claimed (part of the goods was fine), never more.
      const quantity = input.quantity ?? claim.quantity;
      if (quantity > claim.quantity) {
        throw badRequest('claim.approveAboveClaimed', { max: claim.quantity, unit: line.sku });
      }
      creditNoteId = issueCreditNote(db, actor, {
        customerId: claim.customerId,
        invoiceId: line.invoiceId,
        claimId: claim.id,
        issueDate: today,
        reason: claim.reason,
        lines: [{ line, quantity }],
      }).id;
    }
    db.$client
      .prepare(
        `UPDATE goods_claim SET status = ?, decided_by = ?, decided_at = ?, decision_note = ?
          WHERE id = ?`,
      )
      .run(status, actor.id, nowIso(), input.note || null, claim.id);
    recordAudit(db, actor, {
      entity: 'goods_claim',
      entityId: claim.id,
      action: 'update',
      before: { status: 'pending' },
      after: { status, note: input.note || null, creditNoteId },
    });
  });
  return getClaim(db, input.id);
}

/**
 * Issues a credit note (inside the caller's write): each line at most what is delivered and not
 * yet credited, tax per rate through taxByRate, the next credit-note number. It waits to be
 * deducted on the customer's next invoice (cash: the next delivery; monthly: the next closing).
 * Its lines are priced as the invoice (or order) it corrects priced them, so it takes that
 * price basis; its tax is rounded as the business rounds now (ADR 053). Both are recorded.
 */
function issueCreditNote(
  db: Db,
  actor: Actor,
  values: {
    customerId: string | null;
    invoiceId: string | null;
    claimId: string | null;
    issueDate: string;
    reason: string;
    lines: { line: DeliveredLine; quantity: number }[];
  },
): { id: string; number: string; total: number } {
  // One line named twice is one line: its quantities add up before the check, or two entries
  // of 4 would each pass "at most 4" and credit 8.
  const merged = new Map<string, { line: DeliveredLine; quantity: number }>();
  for (const { line, quantity } of values.lines) {
    const seen = merged.get(line.lineId);
    merged.set(line.lineId, { line, quantity: (seen?.quantity ?? 0) + quantity });
  }
  const lines = [...merged.values()].map(({ line, quantity }) => {
    const max = line.delivered - credited(db, line.lineId);
    if (quantity > max) {
      throw badRequest('claim.creditAboveInvoiced', { name: line.name, max: Math.max(0, max) });
    }
    return {
      orderLineId: line.lineId,
      name: line.name,
      nameJa: line.nameJa,
      unitPrice: line.unitPrice,
      quantity,
      amount: line.unitPrice * quantity,
      taxRate: asTaxRate(line.taxRate),
    };
  });
  const billedBasis = values.invoiceId
    ? db.$client
        .prepare<[string], PriceBasis>('SELECT tax_basis FROM invoice WHERE id = ?')
        .pluck()
        .get(values.invoiceId)
    : undefined;
  const current = getTaxSettings(db);
  const rule = {
    basis: billedBasis ?? [...merged.values()][0]?.line.basis ?? current.basis,
    rounding: current.rounding,
  };
  const tax = taxOf(lines, rule);
  const parts = toRateColumns(tax);
  const id = newId();
  const number = takeDocumentNumber(db, 'creditNote', values.customerId);
  db.$client
    .prepare(
      `INSERT INTO credit_note (id, number, customer_id, invoice_id, claim_id, issue_date, reason,
         net8, tax8, net10, tax10, total, tax_basis, tax_rounding, created_by, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      number,
      values.customerId,
      values.invoiceId,
      values.claimId,
      values.issueDate,
      values.reason,
      parts.net8,
      parts.tax8,
      parts.net10,
      parts.tax10,
      tax.total,
      rule.basis,
      rule.rounding,
      actor.id,
      nowIso(),
    );
  const insertLine = db.$client.prepare(
    `INSERT INTO credit_note_line (id, credit_note_id, position, order_line_id, name, name_ja,
       unit_price, quantity, amount, tax_rate) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  lines.forEach((l, i) => {
    insertLine.run(
      newId(),
      id,
      i + 1,
      l.orderLineId,
      l.name,
      l.nameJa,
      l.unitPrice,
      l.quantity,
      l.amount,
      l.taxRate,
    );
  });
  recordAudit(db, actor, {
    entity: 'credit_note',
    entityId: id,
    action: 'create',
    before: null,
    after: {
      number,
      customerId: values.customerId,
      invoiceId: values.invoiceId,
      claimId: values.claimId,
      reason: values.reason,
      ...parts,
      total: tax.total,
      taxBasis: rule.basis,
      taxRounding: rule.rounding,
      lines: lines.map((l) => ({ name: l.name, quantity: l.quantity, amount: l.amount })),
    },
    parentId: values.invoiceId,
  });
  return { id, number, total: tax.total };
}

/** The office corrects an issued invoice with a credit note for some of its lines. */
export function createCreditNote(
  db: Db,
  actor: Actor,
  input: z.output<typeof creditNoteCreateInput>,
  today: string,
): CreditNoteOut {
  const id = write(db, () => {
    const inv = db.$client
      .prepare<[string], { id: string; customerId: string | null; cancelledAt: string | null }>(
        'SELECT id, customer_id AS customerId, cancelled_at AS cancelledAt FROM invoice WHERE id = ?',
      )
      .get(input.invoiceId);
    if (!inv) throw notFound('invoice.notFound');
    if (inv.cancelledAt) throw conflict('invoice.alreadyCancelled');
    const lines = input.lines.map((l) => {
      const il = db.$client
        .prepare<[string, string], { orderLineId: string | null; quantity: number }>(
          `SELECT order_line_id AS orderLineId, quantity FROM invoice_line
            WHERE id = ? AND invoice_id = ?`,
        )
        .get(l.invoiceLineId, inv.id);
      if (!il?.orderLineId) throw badRequest('claim.invoiceLineNotFound');
      const line = deliveredLine(db, il.orderLineId);
      if (!line) throw badRequest('claim.invoiceLineNotFound');
      // What the invoice billed is what can be credited.
      return { line: { ...line, delivered: il.quantity }, quantity: l.quantity };
    });
    return issueCreditNote(db, actor, {
      customerId: inv.customerId,
      invoiceId: inv.id,
      claimId: null,
      issueDate: today,
      reason: input.reason,
      lines,
    }).id;
  });
  return getCreditNote(db, id);
}

/** The lines an office credit note may correct on an invoice (its form lists them). */
export function creditableLines(db: Db, invoiceId: string): CreditableOut {
  const inv = db.$client
    .prepare<[string], { number: string | null; cancelledAt: string | null }>(
      'SELECT number, cancelled_at AS cancelledAt FROM invoice WHERE id = ?',
    )
    .get(invoiceId);
  if (!inv) throw notFound('invoice.notFound');
  if (inv.cancelledAt) throw conflict('invoice.alreadyCancelled');
  const lines = db.$client
    .prepare<
      [string],
      {
        invoiceLineId: string;
        orderLineId: string;
        date: string | null;
        name: string;
        nameJa: string | null;
        sku: string;
        unitPrice: number;
        taxRate: number;
        invoiced: number;
      }
    >(
      `SELECT id AS invoiceLineId, order_line_id AS orderLineId, date, name, name_ja AS nameJa, sku,
              unit_price AS unitPrice, tax_rate AS taxRate, quantity AS invoiced
         FROM invoice_line WHERE invoice_id = ? AND order_line_id IS NOT NULL ORDER BY position`,
    )
    .all(invoiceId)
    .map(({ orderLineId, taxRate, ...l }) => ({
      ...l,
      taxRate: taxRate === 10 ? (10 as const) : (8 as const),
      // The same count createCreditNote holds a new credit note to.
      credited: credited(db, orderLineId),
    }));
  return { invoiceId, number: inv.number, lines };
}

export function getCreditNote(db: Db, id: string, scope: { customerId?: string } = {}) {
  const row = db.$client
    .prepare<[string], Omit<CreditNoteOut, 'lines' | '_id'> & { id: string }>(
      `SELECT id, number, customer_id AS customerId, invoice_id AS invoiceId, claim_id AS claimId,
              issue_date AS issueDate, reason, net8, tax8, net10, tax10, total,
              applied_to_invoice_id AS appliedToInvoiceId
         FROM credit_note WHERE id = ?`,
    )
    .get(id);
  if (!row || (scope.customerId && row.customerId !== scope.customerId)) {
    throw notFound('creditNote.notFound');
  }
  const lines = db.$client
    .prepare<[string], CreditNoteOut['lines'][number]>(
      `SELECT name, unit_price AS unitPrice, quantity, amount, tax_rate AS taxRate
         FROM credit_note_line WHERE credit_note_id = ? ORDER BY position`,
    )
    .all(id);
  const { id: _id, ...rest } = row;
  return { _id, ...rest, lines } satisfies CreditNoteOut;
}
