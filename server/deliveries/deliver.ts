import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  category,
  customerOrder,
  deliveryJob,
  orderLine,
  product,
  uploadedFile,
} from '../../drizzle/schema';
import type { SubstituteInput } from '../../shared/schemas/billing';
import {
  DELIVERED_AT_MAX_AGE_MS,
  DELIVERED_AT_SKEW_MS,
  type deliverInput,
  type JobOut,
} from '../../shared/schemas/doorstep';
import { priceInBasis } from '../../shared/tax';
import { giveBackShort, takeForSubstitute } from '../catalogue/stock';
import { billDeliveredOrder } from '../money/billing';
import { takePaymentAtDelivery } from '../money/payments';
import { orderTermsFor, productParams } from '../orders/order-terms';
import { type Actor, recordAudit } from '../platform/audit';
import { businessDateOf } from '../platform/business-day';
import { type Db, write } from '../platform/db';
import { AppError, badRequest, conflict, notFound } from '../platform/errors';
import { newId } from '../platform/ids';
import { type Scope, withinScope } from '../platform/scope';
import { effectiveTaxRate, getTaxSettings } from '../settings/tax-settings';
import { auditFields, driverAccount } from './insert-job';
import { getJob } from './job-reads';

// Delivering a job (the driver's "delivered" from the phone, ordertrack.deliver): what was
// really handed over (short, refused, substituted lines), the order billed and the cash taken at
// the door, in one transaction. Jobs are read in job-reads.ts and job-lists.ts, made in
// insert-job.ts and edited by the office in job-form.ts.

/**
 * The time a delivery happened: the moment the driver tapped (sent from the phone, perhaps
 * hours later after being offline), never later than now plus a small clock skew and never
 * older than a week.
 */
export function deliveredTime(sent: string | undefined, now: Date): string {
  if (!sent) return now.toISOString();
  const at = Date.parse(sent);
  if (Number.isNaN(at)) throw badRequest('delivery.deliveredAtInvalid');
  if (at > now.getTime() + DELIVERED_AT_SKEW_MS) throw badRequest('delivery.deliveredAtFuture');
  if (at < now.getTime() - DELIVERED_AT_MAX_AGE_MS) throw badRequest('delivery.deliveredAtTooOld');
  return new Date(Math.min(at, now.getTime())).toISOString();
}

/**
 * Goods cannot be delivered before they were ordered: a time sent from the phone before the
 * order was placed (a wrong clock, a hand-typed time) would date the slip and the cash invoice
 * out of their number order and into a period already closed. The phone's clock may lag.
 */
function assertAfterPlacement(db: Db, orderId: string, deliveredAt: string): void {
  const placed = db
    .select({ createdAt: customerOrder.createdAt })
    .from(customerOrder)
    .where(eq(customerOrder.id, orderId))
    .get()?.createdAt;
  if (placed && Date.parse(deliveredAt) < Date.parse(placed) - DELIVERED_AT_SKEW_MS) {
    throw badRequest('delivery.deliveredBeforeOrdered');
  }
}

/**
 * A job delivered already (by the office, another phone, or an earlier send whose answer was
 * lost): 409 with the cash recorded on its order's invoice, so a phone can tell its own earlier
 * send (the same cash: done) from cash taken that this delivery will not record (kept and said).
 */
function alreadyDelivered(db: Db, orderId: string | null): AppError {
  const cashRecorded = orderId
    ? (db.$client
        .prepare<[string], number>(
          `SELECT COALESCE(SUM(p.amount), 0) FROM payment p
             JOIN customer_order o ON o.invoice_id = p.invoice_id
            WHERE o.id = ? AND p.kind = 'payment'`,
        )
        .pluck()
        .get(orderId) ?? 0)
    : 0;
  return new AppError('CONFLICT', 'delivery.alreadyDelivered', { cashRecorded });
}

/**
 * Marks a job delivered: irreversible; a driver only their own (others answer 404). In the same
 * transaction: the lines delivered short (0..ordered, with a reason), the order billed (ADR
 * 033: a cash customer's order becomes its invoice, assigned to the job's driver) and the cash
 * taken at the door recorded as a payment on it, dated the delivery day.
 */
export function deliverJob(
  db: Db,
  actor: Actor,
  scope: Scope,
  input: z.output<typeof deliverInput>,
  now: Date,
  opts: { timeZone: string },
): JobOut {
  const deliveredAt = deliveredTime(input.deliveredAt, now);
  const { timeZone } = opts;
  write(db, () => {
    const before = db
      .select()
      .from(deliveryJob)
      .where(
        and(eq(deliveryJob.id, input.id), withinScope(scope, { driver: deliveryJob.deliveredBy })),
      )
      .get();
    if (!before) throw notFound('delivery.jobNotFound');
    if (before.isDelivered) throw alreadyDelivered(db, before.orderId);
    if (input.proofImage) {
      const file = db
        .select({ uploadedBy: uploadedFile.uploadedBy })
        .from(uploadedFile)
        .where(eq(uploadedFile.name, input.proofImage))
        .get();
      // Only a photo this delivery's driver (or whoever records it) sent: naming someone
      // else's upload as proof would make it this driver's to see (ADR 051).
      const own = file?.uploadedBy && [actor.id, before.deliveredBy].includes(file.uploadedBy);
      if (!own) throw badRequest('delivery.proofNotFound');
    }
    if (before.orderId) assertAfterPlacement(db, before.orderId, deliveredAt);
    if (input.lines?.length) recordDeliveredLines(db, actor, before.orderId, input.lines);
    // Only one writer can turn the job delivered: the guard makes a second one a conflict.
    const changes = {
      isDelivered: true,
      deliveredAt,
      recipientName: input.recipientName || null,
      proofImage: input.proofImage || null,
    };
    const done = db
      .update(deliveryJob)
      .set(changes)
      .where(and(eq(deliveryJob.id, input.id), eq(deliveryJob.isDelivered, false)))
      .run();
    if (done.changes !== 1) throw alreadyDelivered(db, before.orderId);
    recordAudit(db, actor, {
      entity: 'delivery_job',
      entityId: input.id,
      action: 'update',
      before: auditFields(before),
      after: auditFields({ ...before, ...changes }),
    });
    const day = businessDateOf(deliveredAt, timeZone);
    const billed = before.orderId
      ? deliverOrder(db, actor, before.orderId, before.deliveredBy, deliveredAt, day)
      : null;
    if (input.cashTaken && input.cashTaken > 0) {
      if (!billed) throw badRequest('delivery.nothingToCollect');
      const collector =
        before.deliveredBy && before.deliveredBy !== actor.id
          ? { id: before.deliveredBy, name: actor.name }
          : actor;
      takePaymentAtDelivery(db, collector, billed, input.cashTaken, day);
    }
  });
  return getJob(db, input.id, scope);
}

/**
 * The driver's record of what was really delivered, checked against the order's lines. A line
 * substituted by another product brings a line of its own for what was handed over (ADR 050).
 */
function recordDeliveredLines(
  db: Db,
  actor: Actor,
  orderId: string | null,
  lines: NonNullable<z.output<typeof deliverInput>['lines']>,
): void {
  if (!orderId) throw badRequest('delivery.lineNotInOrder');
  const seen = new Set<string>();
  for (const l of lines) {
    const line = db
      .select()
      .from(orderLine)
      .where(and(eq(orderLine.id, l.lineId), eq(orderLine.orderId, orderId)))
      .get();
    if (!line) throw badRequest('delivery.lineNotInOrder');
    // One record per line: a line twice would hand over its substitute twice.
    if (seen.has(line.id)) throw badRequest('delivery.lineTwice', { name: line.name });
    seen.add(line.id);
    if (l.deliveredQuantity > line.quantity) {
      throw badRequest('delivery.deliveredAboveOrdered', {
        name: line.name,
        ordered: line.quantity,
      });
    }
    const changes = { deliveredQuantity: l.deliveredQuantity, shortReason: l.reason };
    db.update(orderLine).set(changes).where(eq(orderLine.id, line.id)).run();
    // What did not leave goes back to stock (ADR 036).
    giveBackShort(db, orderId, line, line.deliveredQuantity, l.deliveredQuantity, actor);
    recordAudit(db, actor, {
      entity: 'order_line',
      entityId: line.id,
      action: 'update',
      before: { deliveredQuantity: line.deliveredQuantity, shortReason: line.shortReason },
      after: changes,
      parentId: orderId,
    });
    if (l.reason === 'substituted' && l.substitute) {
      addSubstituteLine(db, actor, orderId, line, l.substitute);
    }
  }
}

/**
 * What the driver handed over instead of `replaced` becomes a line of the order (ADR 050), so
 * the money follows the goods: the product's name and unit, the customer's own price at this
 * moment as placement prices it (ADR 035: override, else price list, else the product's), the
 * product's tax rate as placement keeps it, and the quantity handed over. A product that does
 * not exist or is hidden from the customer is refused, as is the line's own product. Its stock
 * goes down as an order's does, never refusing goods that have already left the van.
 */
function addSubstituteLine(
  db: Db,
  actor: Actor,
  orderId: string,
  replaced: typeof orderLine.$inferSelect,
  substitute: SubstituteInput,
): void {
  const order = db
    .select({
      customerId: customerOrder.customerId,
      invoiceId: customerOrder.invoiceId,
      taxBasis: customerOrder.taxBasis,
    })
    .from(customerOrder)
    .where(eq(customerOrder.id, orderId))
    .get();
  if (!order) throw notFound('order.notFound');
  // An invoice never changes (ADR 033): goods added to a billed order would go unbilled.
  if (order.invoiceId) throw conflict('invoice.alreadyInvoiced');
  const found = db
    .select({ product, categoryTaxRate: category.taxRate })
    .from(product)
    .leftJoin(category, eq(category.id, product.categoryId))
    .where(eq(product.id, substitute.productId))
    .get();
  if (!found) throw badRequest('delivery.substituteUnknown');
  const p = found.product;
  if (p.id === replaced.productId) {
    throw badRequest('delivery.substituteSameProduct', productParams(p));
  }
  let unitPrice = p.price;
  if (order.customerId) {
    const terms = orderTermsFor(db, order.customerId, [p.id]);
    // Hidden from this restaurant: as unknown to it as a product that does not exist.
    if (terms.hidden.has(p.id)) throw badRequest('delivery.substituteUnknown');
    unitPrice = terms.priceOf(p.id, p.price);
  }
  const taxRate = effectiveTaxRate(p.taxRate, found.categoryTaxRate);
  // The catalogue's price is in its basis now; the order's lines are in the basis it was placed
  // with (ADR 053), so a switch between placement and delivery reads the price across.
  unitPrice = priceInBasis(unitPrice, taxRate, getTaxSettings(db).basis, order.taxBasis);
  const position =
    db
      .select({ n: sql<number>`COALESCE(MAX(${orderLine.position}), -1) + 1` })
      .from(orderLine)
      .where(eq(orderLine.orderId, orderId))
      .get()?.n ?? 0;
  const row: typeof orderLine.$inferSelect = {
    id: newId(),
    orderId,
    productId: p.id,
    position,
    name: p.name,
    nameJa: p.nameJa?.trim() || null,
    sku: p.sku,
    unitPrice,
    quantity: substitute.quantity,
    lineTotal: unitPrice * substitute.quantity,
    // The line keeps the rate it was handed over at, whatever the product's rate becomes.
    taxRate,
    deliveredQuantity: null,
    shortReason: null,
    substituteFor: replaced.id,
  };
  db.insert(orderLine).values(row).run();
  const beyondStock = takeForSubstitute(db, orderId, p.id, row.quantity, actor);
  const { id: _id, orderId: _o, position: _p, ...fields } = row;
  recordAudit(db, actor, {
    entity: 'order_line',
    entityId: row.id,
    action: 'create',
    before: null,
    after: { ...fields, ...(beyondStock > 0 ? { beyondStock } : {}) },
    parentId: orderId,
  });
}

/** The job's order is delivered: marked so when the office had not, then billed. */
function deliverOrder(
  db: Db,
  actor: Actor,
  orderId: string,
  driverId: string | null,
  deliveredAt: string,
  day: string,
) {
  const order = db
    .select({ isDelivered: customerOrder.isDelivered })
    .from(customerOrder)
    .where(eq(customerOrder.id, orderId))
    .get();
  if (!order) return null;
  if (!order.isDelivered) {
    const d = driverId ? driverAccount(db, driverId) : null;
    db.update(customerOrder)
      .set({
        isDelivered: true,
        deliveredBy: d?.id ?? actor.id,
        deliveredByName: d?.username ?? actor.name,
        deliveredAt,
      })
      .where(eq(customerOrder.id, orderId))
      .run();
  }
  return billDeliveredOrder(db, actor, orderId, day, driverId);
}
