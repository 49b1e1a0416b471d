import type { z } from 'zod';
import { addDaysIso } from '../../shared/delivery-dates';
import type { PaidBy } from '../../shared/enums';
import { formatYen, isoDateInZone } from '../../shared/format';
import { BANK_FEE_WRITE_OFF_MAX } from '../../shared/rules';
import {
  type bankFeeRemoveInput,
  type fullPaymentInput,
  type InvoiceOut,
  type noteInput,
  PAYMENT_TAKEN_MAX_AGE_DAYS,
  PAYMENT_TAKEN_SKEW_MS,
  type paymentEditInput,
  type paymentInput,
} from '../../shared/schemas/invoices';
import { type Actor, recordAudit } from '../platform/audit';
import { type Db, write } from '../platform/db';
import { appError, badRequest, conflict, notFound } from '../platform/errors';
import { newId, nowIso } from '../platform/ids';
import type { Scope } from '../platform/scope';
import { getMoneySettings } from '../settings/settings';
import { assertDayOpen } from './handover-corrections';
import { findInvoiceRow, getInvoice, type InvoiceReadRow } from './invoice-reads';
import { takeDocumentNumber } from './numbering';
import { newPaymentPaidBy, paidInCash } from './paid-by';
import { reissueReceipt } from './receipts';

// Payments and notes. Each payment is one IMMEDIATE transaction that reads the pending amount,
// refuses more than that, inserts the payment and moves the invoice's paidAmount: no other
// writer can come in between, and the CHECK (paid_amount <= amount) is the last line of
// defence. An invoice is never overpaid, whatever the number of concurrent requests.

const customerOfInvoice = (db: Db, invoiceId: string) =>
  db.$client
    .prepare<[string], string | null>('SELECT customer_id FROM invoice WHERE id = ?')
    .pluck()
    .get(invoiceId) ?? null;

function insertPayment(
  db: Db,
  actor: Actor,
  invoiceId: string,
  amount: number,
  when: PaymentDay,
  method: PaidBy,
): string {
  const id = newId();
  const { date, takenAt } = when;
  db.$client
    .prepare(
      `INSERT INTO payment (id, invoice_id, amount, date, collected_by, taken_at, created_at, receipt_number, method)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    // The receipt's number, taken in the payment's own transaction (gapless, ADR 032).
    .run(
      id,
      invoiceId,
      amount,
      date,
      actor.id,
      takenAt,
      nowIso(),
      takeDocumentNumber(db, 'receipt', customerOfInvoice(db, invoiceId)),
      method,
    );
  db.$client
    .prepare('UPDATE invoice SET paid_amount = paid_amount + ? WHERE id = ?')
    .run(amount, invoiceId);
  recordAudit(db, actor, {
    entity: 'payment',
    entityId: id,
    action: 'create',
    before: null,
    after: { amount, date, collectedBy: actor.name, method },
    parentId: invoiceId,
  });
  return id;
}

/**
 * The rest of an invoice paid by transfer, written off as the bank's transfer fee the restaurant
 * deducted (ADR 069): a 'bank_fee' row beside the payment, on the same day, by the same person.
 * It settles the invoice (paid_amount moves with it) but is no money received: no receipt
 * number, and no cash or payments-received figure counts it.
 */
function insertBankFee(db: Db, actor: Actor, invoiceId: string, amount: number, date: string) {
  const id = newId();
  db.$client
    .prepare(
      `INSERT INTO payment (id, invoice_id, amount, date, collected_by, kind, created_at)
       VALUES (?, ?, ?, ?, ?, 'bank_fee', ?)`,
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
    after: { kind: 'bank_fee', amount, date, collectedBy: actor.name },
    parentId: invoiceId,
  });
}

/** The business's clock: its time zone and the server's now. */
interface Clock {
  timeZone: string;
  now: Date;
}

interface PaymentDay {
  /** YYYY-MM-DD in the business's time zone. */
  date: string;
  /** The instant the driver took it, when the phone sent it. */
  takenAt: string | null;
}

/** The business's today, the day an invoice's answer is read on (past due, overdue). */
const todayOf = (clock: Clock) => isoDateInZone(clock.now, clock.timeZone);

/**
 * One change to an invoice in scope, and the invoice as it then stands. The invoice is looked
 * up inside the write, so another account's invoice answers 404 and nothing is changed, and
 * `change` sees it as no concurrent writer can move it until the write ends.
 */
function changeInvoice(
  db: Db,
  scope: Scope,
  invoiceId: string,
  today: string,
  change: (inv: InvoiceReadRow) => void,
): InvoiceOut {
  write(db, () => {
    const inv = findInvoiceRow(db, invoiceId, scope);
    if (!inv) throw notFound('invoice.notFound');
    change(inv);
  });
  return getInvoice(db, invoiceId, scope, today);
}

/**
 * The instant a payment was taken, as the phone's queue kept it: never in the future (a phone
 * running a little ahead is brought back to now), at most PAYMENT_TAKEN_MAX_AGE_DAYS back.
 */
function takenInstant(sent: string, now: Date): string {
  const at = Date.parse(sent);
  if (Number.isNaN(at)) throw badRequest('invoice.takenAtInvalid');
  if (at > now.getTime() + PAYMENT_TAKEN_SKEW_MS) throw badRequest('invoice.takenAtFuture');
  if (at < now.getTime() - PAYMENT_TAKEN_MAX_AGE_DAYS * 86_400_000) {
    throw badRequest('invoice.takenAtTooOld', { days: PAYMENT_TAKEN_MAX_AGE_DAYS });
  }
  return new Date(Math.min(at, now.getTime())).toISOString();
}

/** The office's date: not in the future, at most the business's window back (ADR 023). */
function checkOfficeDate(db: Db, date: string, clock: Clock): void {
  const today = todayOf(clock);
  if (date > today) throw badRequest('invoice.paymentDateFuture');
  const days = getMoneySettings(db).paymentBackdateDays;
  if (date < addDaysIso(today, -days)) throw badRequest('invoice.paymentDateTooOld', { days });
}

/**
 * The date a new payment carries (ADR 023). A driver's is the day it was taken in the business's
 * time zone: today, or the day of `takenAt` from the phone's queue; a date sent must be that
 * day. The office may date it otherwise, within the business's window, never in the future.
 */
export function paymentDay(
  db: Db,
  scope: Scope,
  input: { date?: string | undefined; takenAt?: string | undefined },
  clock: Clock,
): PaymentDay {
  const takenAt = input.takenAt ? takenInstant(input.takenAt, clock.now) : null;
  const day = isoDateInZone(takenAt ? new Date(takenAt) : clock.now, clock.timeZone);
  if (scope.kind === 'driver') {
    if (input.date !== undefined && input.date !== day) {
      throw badRequest('invoice.paymentDateNotToday', { date: day });
    }
    return { date: day, takenAt };
  }
  // The office's form names the day ('Date is required'), unless it sends the time taken.
  if (input.date === undefined && !takenAt) throw badRequest('invoice.dateRequired');
  const date = input.date ?? day;
  checkOfficeDate(db, date, clock);
  return { date, takenAt };
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
  when: PaymentDay,
  today: string,
  amountOf: (pending: number) => number,
  method: PaidBy | undefined,
  writeOffRest = false,
): InvoiceOut {
  return changeInvoice(db, scope, invoiceId, today, (inv) => {
    // A cancelled invoice takes no money (ADR 034).
    if (inv.cancelledAt) throw conflict('invoice.alreadyCancelled');
    const pending = inv.amount - inv.paidAmount;
    if (pending <= 0) throw badRequest('invoice.nothingDue');
    const amount = amountOf(pending);
    if (amount > pending) throw badRequest('invoice.overpaid', { pending: formatYen(pending) });
    const rest = pending - amount;
    // A fee written off says the money came by transfer, when the office did not say.
    const how = newPaymentPaidBy(
      db,
      scope,
      inv.id,
      method ?? (writeOffRest ? 'transfer' : undefined),
    );
    if (writeOffRest) {
      // A bank's fee comes off a transfer only: cash handed over had nothing taken from it.
      if (how !== 'transfer') throw badRequest('invoice.bankFeeTransferOnly');
      if (rest <= 0) throw badRequest('invoice.bankFeeNothingLeft');
      // More than any bank charges for a transfer is a wrong amount, not a fee (ADR 069).
      if (rest > BANK_FEE_WRITE_OFF_MAX) {
        throw badRequest('invoice.bankFeeTooLarge', {
          rest: formatYen(rest),
          max: formatYen(BANK_FEE_WRITE_OFF_MAX),
        });
      }
    }
    // A day the office confirmed is closed to the collector's new payments (ADR 023).
    assertDayOpen(db, actor.id, when.date);
    insertPayment(db, actor, inv.id, amount, when, how);
    if (writeOffRest) insertBankFee(db, actor, inv.id, rest, when.date);
  });
}

/** A partial (or exact) payment: more than 0 and at most the pending amount. */
export function addPayment(
  db: Db,
  actor: Actor,
  scope: Scope,
  input: z.output<typeof paymentInput>,
  clock: Clock,
): InvoiceOut {
  // A driver's cash has no bank fee: writing off is the office's, which sees the transfer.
  if (input.writeOffRest && scope.kind !== 'all') {
    throw appError('FORBIDDEN', 'invoice.bankFeeOfficeOnly');
  }
  const when = paymentDay(db, scope, input, clock);
  return pay(
    db,
    actor,
    scope,
    input.invoiceId,
    when,
    todayOf(clock),
    () => input.amount,
    input.method,
    input.writeOffRest === true,
  );
}

/** Pays exactly what is pending. */
export function payInFull(
  db: Db,
  actor: Actor,
  scope: Scope,
  input: z.output<typeof fullPaymentInput>,
  clock: Clock,
): InvoiceOut {
  const when = paymentDay(db, scope, input, clock);
  return pay(
    db,
    actor,
    scope,
    input.invoiceId,
    when,
    todayOf(clock),
    (pending) => pending,
    input.method,
  );
}

/** Corrects a payment's amount or date; the invoice's paid sum follows in the same transaction. */
export function editPayment(
  db: Db,
  actor: Actor,
  scope: Scope,
  input: z.output<typeof paymentEditInput>,
  clock: Clock,
): InvoiceOut {
  return changeInvoice(db, scope, input.invoiceId, todayOf(clock), (inv) => {
    const old = db.$client
      .prepare<
        [string, string],
        {
          amount: number;
          date: string;
          collectedBy: string | null;
          kind: string;
          method: PaidBy | null;
        }
      >(
        `SELECT amount, date, collected_by AS collectedBy, kind, method FROM payment
          WHERE id = ? AND invoice_id = ?`,
      )
      .get(input._id, inv.id);
    if (!old) throw notFound('invoice.paymentNotFound');
    // A fee written off is taken back whole (removeBankFee), never made another amount.
    if (old.kind !== 'payment') throw badRequest('invoice.bankFeeNotEditable');
    // Neither out of nor into a confirmed day: that goes through the office's correction.
    assertDayOpen(db, old.collectedBy, old.date);
    assertDayOpen(db, old.collectedBy, input.date);
    // A date being changed obeys the office's window; an old payment keeps its own date.
    if (input.date !== old.date) checkOfficeDate(db, input.date, clock);
    const pendingWithout = inv.amount - (inv.paidAmount - old.amount);
    if (input.amount > pendingWithout) {
      throw badRequest('invoice.overpaid', { pending: formatYen(pendingWithout) });
    }
    // How it was paid, as its receipt said it before (ADR 107): a change of it is a correction
    // the receipt must say, as one of the amount or the date is.
    const wasCash = paidInCash(db, input._id);
    const method = input.method ?? old.method;
    db.$client
      .prepare('UPDATE payment SET amount = ?, date = ?, method = ? WHERE id = ?')
      .run(input.amount, input.date, method, input._id);
    if (
      input.amount !== old.amount ||
      input.date !== old.date ||
      paidInCash(db, input._id) !== wasCash
    ) {
      reissueReceipt(db, input._id);
    }
    db.$client
      .prepare('UPDATE invoice SET paid_amount = paid_amount - ? + ? WHERE id = ?')
      .run(old.amount, input.amount, inv.id);
    recordAudit(db, actor, {
      entity: 'payment',
      entityId: input._id,
      action: 'update',
      before: { amount: old.amount, date: old.date, method: old.method },
      after: { amount: input.amount, date: input.date, method },
      parentId: inv.id,
    });
  });
}

/**
 * Takes back a bank transfer fee written off by mistake (ADR 069): the fee row goes, the
 * invoice's paid sum follows in the same transaction, so the invoice is due again by that
 * amount, and the trail keeps what was taken back and by whom. The payment beside it stays.
 */
export function removeBankFee(
  db: Db,
  actor: Actor,
  scope: Scope,
  input: z.output<typeof bankFeeRemoveInput>,
  today: string,
): InvoiceOut {
  return changeInvoice(db, scope, input.invoiceId, today, (inv) => {
    const fee = db.$client
      .prepare<[string, string], { amount: number; date: string }>(
        `SELECT amount, date FROM payment WHERE id = ? AND invoice_id = ? AND kind = 'bank_fee'`,
      )
      .get(input._id, inv.id);
    if (!fee) throw notFound('invoice.paymentNotFound');
    db.$client.prepare('DELETE FROM payment WHERE id = ?').run(input._id);
    db.$client
      .prepare('UPDATE invoice SET paid_amount = paid_amount - ? WHERE id = ?')
      .run(fee.amount, inv.id);
    recordAudit(db, actor, {
      entity: 'payment',
      entityId: input._id,
      action: 'delete',
      before: { kind: 'bank_fee', amount: fee.amount, date: fee.date },
      after: null,
      parentId: inv.id,
    });
  });
}

/** A follow-up note, by the signed-in person (whatever `notesBy` the client sent). */
export function addNote(
  db: Db,
  actor: Actor,
  scope: Scope,
  input: z.output<typeof noteInput>,
  today: string,
): InvoiceOut {
  return changeInvoice(db, scope, input.invoiceId, today, (inv) => {
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
  // A day the office has confirmed takes no more cash (ADR 023).
  assertDayOpen(db, actor.id, date);
  return insertPayment(db, actor, invoice.id, amount, { date, takenAt: null }, 'cash');
}
