import type { z } from 'zod';
import type { invoiceCancelInput } from '../../shared/schemas/billing';
import type { InvoiceOut } from '../../shared/schemas/invoices';
import { type Actor, recordAudit } from '../platform/audit';
import { type Db, write } from '../platform/db';
import { conflict, notFound } from '../platform/errors';
import { nowIso } from '../platform/ids';
import { deliveredLines, issueInvoice } from './billing';
import { getInvoice } from './invoice-reads';

// Cancelling an issued invoice (取消, ADR 034). One IMMEDIATE transaction: the invoice is marked
// cancelled (who, when, why) and keeps its number (numbering stays gapless: a cancelled number
// is never given again); its orders become billable again; credit notes it deducted wait again.
// A cash delivery invoice is re-issued at once from the order as delivered (a cash order has no
// other way to an invoice), naming the invoice it replaces (`replaces_invoice_id`, migration 0019);
// a closing invoice's orders go to the next closing run. An invoice with payments is refused
// (`invoice.cancelHasPayments`): money received stays on a live invoice.

interface Row {
  id: string;
  customerId: string | null;
  kind: 'manual' | 'delivery' | 'closing';
  number: string | null;
  amount: number;
  paidAmount: number;
  issueDate: string | null;
  dueDate: string | null;
  assignToCollect: string | null;
  cancelledAt: string | null;
}

interface CancelResult {
  invoice: InvoiceOut;
  /** The corrected invoice issued in its place (cash delivery invoices), if any. */
  reissued: { id: string; number: string } | null;
}

export function cancelInvoice(
  db: Db,
  actor: Actor,
  input: z.output<typeof invoiceCancelInput>,
  today: string,
): CancelResult {
  const reissued = write(db, () => {
    const inv = db.$client
      .prepare<[string], Row>(
        `SELECT id, customer_id AS customerId, kind, number, amount, paid_amount AS paidAmount,
                issue_date AS issueDate, due_date AS dueDate, assign_to_collect AS assignToCollect,
                cancelled_at AS cancelledAt
           FROM invoice WHERE id = ?`,
      )
      .get(input.id);
    if (!inv) throw notFound('invoice.notFound');
    if (inv.cancelledAt) throw conflict('invoice.alreadyCancelled');
    // Only an invoice from before numbering lacks one: no document went out, so it is deleted,
    // not cancelled (a cancelled invoice keeps its number in the gapless sequence).
    if (!inv.number) throw conflict('invoice.cancelUnnumbered');
    const payments = db.$client
      .prepare<[string], number>('SELECT COUNT(*) FROM payment WHERE invoice_id = ?')
      .pluck()
      .get(inv.id);
    if (inv.paidAmount > 0 || (payments ?? 0) > 0) throw conflict('invoice.cancelHasPayments');
    const at = nowIso();
    // The guard repeats the read: under the write lock only one cancel can change the row.
    const changed = db.$client
      .prepare(
        `UPDATE invoice SET cancelled_at = ?, cancelled_by = ?, cancelled_by_name = ?,
                            cancel_reason = ?
          WHERE id = ? AND cancelled_at IS NULL AND paid_amount = 0`,
      )
      .run(at, actor.id, actor.name, input.reason, inv.id).changes;
    if (changed !== 1) throw conflict('invoice.alreadyCancelled');
    const orders = db.$client
      .prepare<[string, string, string], { id: string; day: string }>(
        `SELECT o.id, COALESCE(MIN(l.date), ?) AS day
           FROM customer_order o LEFT JOIN invoice_line l ON l.order_id = o.id AND l.invoice_id = ?
          WHERE o.invoice_id = ? GROUP BY o.id ORDER BY day, o.order_number`,
      )
      .all(inv.issueDate ?? today, inv.id, inv.id);
    db.$client
      .prepare('UPDATE customer_order SET invoice_id = NULL WHERE invoice_id = ?')
      .run(inv.id);
    const released = db.$client
      .prepare<[string], string>('SELECT id FROM credit_note WHERE applied_to_invoice_id = ?')
      .pluck()
      .all(inv.id);
    db.$client
      .prepare(
        'UPDATE credit_note SET applied_to_invoice_id = NULL WHERE applied_to_invoice_id = ?',
      )
      .run(inv.id);
    let next: { id: string; number: string } | null = null;
    if (inv.kind === 'delivery' && inv.customerId && orders.length > 0) {
      const made = issueInvoice(db, actor, {
        customerId: inv.customerId,
        kind: 'delivery',
        orderIds: orders.map((o) => o.id),
        lines: deliveredLines(db, orders),
        issueDate: today,
        // Due when the cancelled one was, also when that day has passed: the correction
        // replaces the document, not the debt, so the customer stays as overdue as it was
        // (aging, credit hold, the driver's "collect before unloading"). ADR 047, amended.
        dueDate: inv.dueDate ?? today,
        assignToCollect: inv.assignToCollect,
        note: '',
      });
      if (made) {
        next = { id: made.id, number: made.number };
        // The new document names the one it replaces, and the cancelled one its replacement.
        db.$client
          .prepare('UPDATE invoice SET replaces_invoice_id = ? WHERE id = ?')
          .run(inv.id, made.id);
      }
    }
    recordAudit(db, actor, {
      entity: 'invoice',
      entityId: inv.id,
      action: 'update',
      before: { number: inv.number, amount: inv.amount, kind: inv.kind },
      after: {
        cancelledAt: at,
        reason: input.reason,
        ordersReleased: orders.length,
        creditNotesReleased: released,
        reissuedAs: next?.number ?? null,
      },
    });
    return next;
  });
  return { invoice: getInvoice(db, input.id, { kind: 'all' }, today), reissued };
}
