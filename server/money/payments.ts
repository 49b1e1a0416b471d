import type { z } from 'zod';
import { formatYen } from '../../shared/format';
import type {
  fullPaymentInput,
  InvoiceOut,
  noteInput,
  paymentEditInput,
  paymentInput,
} from '../../shared/schemas/invoices';
import { type Actor, recordAudit } from '../platform/audit';
import { type Db, write } from '../platform/db';
import { badRequest, notFound } from '../platform/errors';
import { newId, nowIso } from '../platform/ids';
import type { Scope } from '../platform/scope';
import { findInvoiceRow, getInvoice } from './invoices';

// Payments and notes. Each payment is one IMMEDIATE transaction that reads the pending amount,
// refuses more than that, inserts the payment and moves the invoice's paidAmount: no other
// writer can come in between, and the CHECK (paid_amount <= amount) is the last line of
// defence. An invoice is never overpaid, whatever the number of concurrent requests.

function insertPayment(
  db: Db,
  actor: Actor,
  invoiceId: string,
  amount: number,
  date: string,
): string {
  const id = newId();
  db.$client
    .prepare(
      'INSERT INTO payment (id, invoice_id, amount, date, collected_by, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .run(id, invoiceId, amount, date, actor.id, nowIso());
  db.$client
    .prepare('UPDATE invoice SET paid_amount = paid_amount + ? WHERE id = ?')
    .run(amount, invoiceId);
  recordAudit(db, actor, {
    entity: 'payment',
    entityId: id,
    action: 'create',
    before: null,
    after: { amount, date, collectedBy: actor.name },
    parentId: invoiceId,
  });
  return id;
}

/**
 * Records one payment on an invoice in scope: `amountOf(pending)` says how much, and the
 * invoice can never be overpaid (checked here under the write lock; the CHECK is the backstop).
 */
function pay(
  db: Db,
  actor: Actor,
  scope: Scope,
  invoiceId: string,
  date: string,
  amountOf: (pending: number) => number,
): void {
  write(db, () => {
    const inv = findInvoiceRow(db, invoiceId, scope);
    if (!inv) throw notFound('invoice.notFound');
    const pending = inv.amount - inv.paidAmount;
    if (pending <= 0) throw badRequest('invoice.nothingDue');
    const amount = amountOf(pending);
    if (amount > pending) throw badRequest('invoice.overpaid', { pending: formatYen(pending) });
    insertPayment(db, actor, inv.id, amount, date);
  });
}

/** A partial (or exact) payment: more than 0 and at most the pending amount. */
export function addPayment(
  db: Db,
  actor: Actor,
  scope: Scope,
  input: z.output<typeof paymentInput>,
  today: string,
): InvoiceOut {
  pay(db, actor, scope, input.invoiceId, input.date, () => input.amount);
  return getInvoice(db, input.invoiceId, scope, today);
}

/** Pays exactly what is pending. */
export function payInFull(
  db: Db,
  actor: Actor,
  scope: Scope,
  input: z.output<typeof fullPaymentInput>,
  today: string,
): InvoiceOut {
  pay(db, actor, scope, input.invoiceId, input.date, (pending) => pending);
  return getInvoice(db, input.invoiceId, scope, today);
}

/** Corrects a payment's amount or date; the invoice's paid sum follows in the same transaction. */
export function editPayment(
  db: Db,
  actor: Actor,
  scope: Scope,
  input: z.output<typeof paymentEditInput>,
  today: string,
): InvoiceOut {
  write(db, () => {
    const inv = findInvoiceRow(db, input.invoiceId, scope);
    if (!inv) throw notFound('invoice.notFound');
    const old = db.$client
      .prepare<[string, string], { amount: number; date: string }>(
        'SELECT amount, date FROM payment WHERE id = ? AND invoice_id = ?',
      )
      .get(input._id, inv.id);
    if (!old) throw notFound('invoice.paymentNotFound');
    const pendingWithout = inv.amount - (inv.paidAmount - old.amount);
    if (input.amount > pendingWithout) {
      throw badRequest('invoice.overpaid', { pending: formatYen(pendingWithout) });
    }
    db.$client
      .prepare('UPDATE payment SET amount = ?, date = ? WHERE id = ?')
      .run(input.amount, input.date, input._id);
    db.$client
      .prepare('UPDATE invoice SET paid_amount = paid_amount - ? + ? WHERE id = ?')
      .run(old.amount, input.amount, inv.id);
    recordAudit(db, actor, {
      entity: 'payment',
      entityId: input._id,
      action: 'update',
      before: { amount: old.amount, date: old.date },
      after: { amount: input.amount, date: input.date },
      parentId: inv.id,
    });
  });
  return getInvoice(db, input.invoiceId, scope, today);
}

/** A follow-up note, by the signed-in person (whatever `notesBy` the client sent). */
export function addNote(
  db: Db,
  actor: Actor,
  scope: Scope,
  input: z.output<typeof noteInput>,
  today: string,
): InvoiceOut {
  write(db, () => {
    const inv = findInvoiceRow(db, input.invoiceId, scope);
    if (!inv) throw notFound('invoice.notFound');
    const id = newId();
    db.$client
      .prepare(
        `INSERT INTO invoice_note (id, invoice_id, note, date, next_follow_up, notes_by, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(id, inv.id, input.note, input.date, input.nextFollowUp, actor.id, nowIso());
    recordAudit(db, actor, {
      entity: 'invoice_note',
      entityId: id,
      action: 'create',
      before: null,
      after: { note: input.note, date: input.date, nextFollowUp: input.nextFollowUp },
      parentId: inv.id,
    });
  });
  return getInvoice(db, input.invoiceId, scope, today);
}

/**
 * The cash a driver takes at the door when delivering (inside the delivery's write): a payment
 * on the delivery's invoice, collected by the driver on the delivery day, so it counts in that
 * day's handover. More than the invoice asks is refused; less is a partial payment.
 */
export function takePaymentAtDelivery(
  db: Db,
  actor: Actor,
  invoice: { id: string; amount: number },
  amount: number,
  date: string,
): string {
  if (amount > invoice.amount) {
    throw badRequest('delivery.cashAboveInvoice', { amount: formatYen(invoice.amount) });
  }
  return insertPayment(db, actor, invoice.id, amount, date);
}
