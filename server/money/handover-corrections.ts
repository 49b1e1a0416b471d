import type { z } from 'zod';
import { formatYen } from '../../shared/format';
import type { HandoverDetailOut, handoverCorrectionInput } from '../../shared/schemas/invoices';
import { type Actor, recordAudit } from '../platform/audit';
import { type Db, write } from '../platform/db';
import { badRequest, conflict, notFound } from '../platform/errors';
import { newId, nowIso } from '../platform/ids';
import { prepared } from '../platform/prepared';
import { correctionsOf, handoverById } from './handovers';
import { findInvoiceRow } from './invoice-reads';
import { takeDocumentNumber } from './numbering';
import { reissueReceipt } from './receipts';

// A confirmed handover closes the driver's day (ADR 023): the payments that driver collected on
// that day are not added, changed or deleted through the normal paths (payments, invoices);
// the office corrects them here, one payment at a time, with a reason kept beside the handover.

function statements(db: Db) {
  return prepared(db, 'handoverCorrections', () => ({
    closed: db.$client
      .prepare<{ driverId: string; date: string }, number>(
        `SELECT 1 FROM cash_handover
          WHERE driver_id = @driverId AND date = @date AND confirmed IS NOT NULL LIMIT 1`,
      )
      .pluck(),
    closedOfInvoice: db.$client.prepare<{ invoiceId: string }, { date: string }>(
      `SELECT p.date FROM payment p
         JOIN cash_handover h ON h.driver_id = p.collected_by AND h.date = p.date
        WHERE p.invoice_id = @invoiceId AND h.confirmed IS NOT NULL LIMIT 1`,
    ),
  }));
}

/** Refuses a change to a payment of a driver's day the office has confirmed (409). */
export function assertDayOpen(db: Db, collectedBy: string | null, date: string): void {
  if (!collectedBy) return;
  if (statements(db).closed.get({ driverId: collectedBy, date })) {
    throw conflict('handover.closed', { date });
  }
}

/** Refuses to delete an invoice holding a payment of a confirmed day (409). */
export function assertInvoiceOpen(db: Db, invoiceId: string): void {
  const row = statements(db).closedOfInvoice.get({ invoiceId });
  if (row) throw conflict('handover.closed', { date: row.date });
}

/** A handover with the payments of its driver and day, and its corrections. */
export function handoverDetail(db: Db, id: string): HandoverDetailOut {
  const handover = handoverById(db, id);
  if (!handover) throw notFound('handover.notFound');
  const payments = handover.driverId
    ? db.$client
        .prepare<[string, string], HandoverDetailOut['payments'][number]>(
          `SELECT p.id AS _id, p.invoice_id AS invoiceId, p.amount, p.date,
                  COALESCE(c.restaurant_name, i.deleted_customer_name) AS restaurantName
             FROM payment p JOIN invoice i ON i.id = p.invoice_id
             LEFT JOIN customer c ON c.id = i.customer_id
            WHERE p.collected_by = ? AND p.date = ? AND p.kind = 'payment'
            ORDER BY p.created_at, p.id`,
        )
        .all(handover.driverId, handover.date)
    : [];
  return { handover, payments, corrections: correctionsOf(db, [id]).get(id) ?? [] };
}

/**
 * The office's correction of a confirmed day: sets one payment of that driver and day to a new
 * amount (0 removes it) or adds one to an invoice, dated that day and collected by that driver.
 * The invoice is never overpaid; the reason, the amounts before and after and who corrected are
 * kept with the handover, and the payment's trail records the change like any other.
 */
export function correctHandover(
  db: Db,
  actor: Actor,
  input: z.output<typeof handoverCorrectionInput>,
): HandoverDetailOut {
  write(db, () => {
    const h = handoverById(db, input.handoverId);
    if (!h?.driverId) throw notFound('handover.notFound');
    if (h.confirmed === null) throw conflict('handover.notConfirmed');
    const run = (sql: string, ...params: unknown[]) => db.$client.prepare(sql).run(...params);
    let paymentId: string;
    let invoiceId: string;
    let before = 0;
    if (input.paymentId) {
      const p = db.$client
        .prepare<[string, string, string], { invoiceId: string; amount: number }>(
          `SELECT invoice_id AS invoiceId, amount FROM payment
            WHERE id = ? AND collected_by = ? AND date = ?`,
        )
        .get(input.paymentId, h.driverId, h.date);
      if (!p) throw notFound('invoice.paymentNotFound');
      const inv = findInvoiceRow(db, p.invoiceId, { kind: 'all' });
      if (!inv) throw notFound('invoice.notFound');
      const pendingWithout = inv.amount - (inv.paidAmount - p.amount);
      if (input.amount > pendingWithout) {
        throw badRequest('invoice.overpaid', { pending: formatYen(pendingWithout) });
      }
      paymentId = input.paymentId;
      invoiceId = inv.id;
      before = p.amount;
      if (input.amount === 0) run('DELETE FROM payment WHERE id = ?', paymentId);
      else if (input.amount !== p.amount) {
        run('UPDATE payment SET amount = ? WHERE id = ?', input.amount, paymentId);
        reissueReceipt(db, paymentId);
      }
      run(
        'UPDATE invoice SET paid_amount = paid_amount - ? + ? WHERE id = ?',
        p.amount,
        input.amount,
        inv.id,
      );
      recordAudit(db, actor, {
        entity: 'payment',
        entityId: paymentId,
        action: input.amount === 0 ? 'delete' : 'update',
        before: { amount: p.amount, date: h.date },
        after: input.amount === 0 ? null : { amount: input.amount, reason: input.reason },
        parentId: inv.id,
      });
    } else {
      if (input.amount <= 0) throw badRequest('invoice.amountPositive');
      const inv = findInvoiceRow(db, input.invoiceId ?? '', { kind: 'all' });
      if (!inv) throw notFound('invoice.notFound');
      const pending = inv.amount - inv.paidAmount;
      if (input.amount > pending) {
        throw badRequest('invoice.overpaid', { pending: formatYen(pending) });
      }
      paymentId = newId();
      invoiceId = inv.id;
      run(
        `INSERT INTO payment (id, invoice_id, amount, date, collected_by, created_at, receipt_number, method)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'cash')`,
        paymentId,
        inv.id,
        input.amount,
        h.date,
        h.driverId,
        nowIso(),
        takeDocumentNumber(db, 'receipt', inv.customerId),
      );
      run('UPDATE invoice SET paid_amount = paid_amount + ? WHERE id = ?', input.amount, inv.id);
      recordAudit(db, actor, {
        entity: 'payment',
        entityId: paymentId,
        action: 'create',
        before: null,
        after: {
          amount: input.amount,
          date: h.date,
          collectedBy: h.driverName,
          reason: input.reason,
        },
        parentId: inv.id,
      });
    }
    const name = db.$client
      .prepare<[string], string | null>(
        `SELECT COALESCE(c.restaurant_name, i.deleted_customer_name) FROM invoice i
           LEFT JOIN customer c ON c.id = i.customer_id WHERE i.id = ?`,
      )
      .pluck()
      .get(invoiceId);
    run(
      `INSERT INTO handover_correction (id, handover_id, payment_id, invoice_id, restaurant_name,
         before_amount, after_amount, reason, corrected_by, corrected_by_name, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      newId(),
      h._id,
      paymentId,
      invoiceId,
      name ?? null,
      before,
      input.amount,
      input.reason,
      actor.id,
      actor.name,
      nowIso(),
    );
  });
  return handoverDetail(db, input.handoverId);
}
