import type { z } from 'zod';
import { formatYen } from '../../shared/format';
import type {
  InvoiceOut,
  invoiceCreateInput,
  invoiceUpdateInput,
} from '../../shared/schemas/invoices';
import { asTaxRate, type TaxRate, type TaxRounding, taxByRate } from '../../shared/tax';
import { type RateColumns, toRateColumns } from '../../shared/tax-columns';
import { type Actor, recordAudit } from '../platform/audit';
import { type Db, write } from '../platform/db';
import { badRequest, conflict, notFound } from '../platform/errors';
import { newId, nowIso } from '../platform/ids';
import { mergeOntoNow } from '../platform/seen';
import { getTaxSettings } from '../settings/tax-settings';
import { dueWithStatement } from './closing';
import { assertInvoiceOpen } from './handover-corrections';
import { findInvoiceRow, getInvoice } from './invoice-reads';
import { takeDocumentNumber } from './numbering';

// The office's invoice form: creating a hand-made invoice (kind `manual`, other charges, ADR
// 046), editing an invoice (its note, due date and collector; the amount, customer and rate
// only until it is issued), and deleting one from before numbering. Invoices made from
// deliveries are issued in billing.ts; an issued invoice is cancelled in cancel.ts.

type CreateInput = z.output<typeof invoiceCreateInput>;

/** An invoice is not due before it is issued (a due date of 2020 made a new customer "overdue"). */
function dueNotBefore(dueDate: string, issueDate: string): void {
  if (dueDate < issueDate) throw badRequest('invoice.dueBeforeIssue', { date: issueDate });
}

function checkReferences(db: Db, input: CreateInput): void {
  const cust = db.$client.prepare('SELECT 1 FROM customer WHERE id = ?').get(input.customer);
  if (!cust) throw badRequest('invoice.customerNotFound');
  if (input.assignToCollect) {
    const emp = db.$client
      .prepare("SELECT 1 FROM account WHERE id = ? AND kind = 'employee'")
      .get(input.assignToCollect);
    if (!emp) throw badRequest('invoice.collectorNotEmployee');
  }
}

/** The fields of an invoice as the audit trail records them. */
function auditFields(r: {
  customerId: string | null;
  amount: number;
  dueDate: string | null;
  note: string;
  assignToCollect: string | null;
  paidAmount?: number;
  taxRate?: number | null | undefined;
}) {
  return {
    customerId: r.customerId,
    amount: r.amount,
    dueDate: r.dueDate,
    note: r.note,
    assignToCollect: r.assignToCollect,
    ...(r.paidAmount !== undefined ? { paidAmount: r.paidAmount } : {}),
    ...(r.taxRate ? { taxRate: r.taxRate } : {}),
  };
}

/**
 * A hand-made invoice's figures (ADR 046): its amount is what the customer pays, tax included
 * at its one rate, the tax rounded once (as the business rounds when it is typed, ADR 053).
 */
function typedFigures(amount: number, rate: TaxRate, rounding: TaxRounding): RateColumns {
  return toRateColumns(taxByRate([{ amount, rate }], 'inclusive', rounding));
}

export function createInvoice(db: Db, actor: Actor, input: CreateInput, today: string): InvoiceOut {
  const id = newId();
  // Other charges (delivery fees, containers) are at the standard rate unless the office says.
  const taxRate = input.taxRate ?? 10;
  write(db, () => {
    checkReferences(db, input);
    if (input.dueDate) dueNotBefore(input.dueDate, today);
    // Left empty for a monthly customer: due with the statement that will ask for it, so
    // that the invoice, its statement, aging and the customer's Account agree.
    const dueDate = input.dueDate ?? dueWithStatement(db, input.customer, today);
    // Its amount is always with tax (ADR 046); the basis it records is the settings' now, for
    // how its line reads (with or without tax, as the delivery invoices of the time read).
    const settings = getTaxSettings(db);
    const f = typedFigures(input.amount, taxRate, settings.rounding);
    db.$client
      .prepare(
        `INSERT INTO invoice (id, customer_id, due_date, amount, paid_amount, note, assign_to_collect, created_at,
                              kind, number, issue_date, net8, tax8, net10, tax10, tax_basis, tax_rounding)
         VALUES (?, ?, ?, ?, 0, ?, ?, ?, 'manual', ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        input.customer,
        dueDate,
        input.amount,
        input.note,
        input.assignToCollect,
        nowIso(),
        // The qualified invoice's number, taken in this transaction (gapless, ADR 032).
        takeDocumentNumber(db, 'invoice', input.customer),
        today,
        f.net8,
        f.tax8,
        f.net10,
        f.tax10,
        settings.basis,
        settings.rounding,
      );
    recordAudit(db, actor, {
      entity: 'invoice',
      entityId: id,
      action: 'create',
      before: null,
      after: auditFields({ ...input, dueDate, customerId: input.customer, taxRate }),
    });
  });
  return getInvoice(db, id, { kind: 'all' }, today);
}

export function updateInvoice(
  db: Db,
  actor: Actor,
  sent: z.output<typeof invoiceUpdateInput>,
  today: string,
): InvoiceOut {
  let input = sent;
  write(db, () => {
    const before = findInvoiceRow(db, input.id, { kind: 'all' });
    if (!before) throw notFound('invoice.notFound');
    // Two people at one invoice (ADR 109): what this form left as shown stays what is stored.
    const { seen } = input;
    if (seen) {
      const fields = (v: Partial<typeof input>) => ({
        customer: v.customer,
        amount: v.amount,
        dueDate: v.dueDate,
        note: v.note,
        assignToCollect: v.assignToCollect,
        ...(v.taxRate === undefined ? {} : { taxRate: v.taxRate }),
      });
      const merged = mergeOntoNow(
        fields(input),
        fields({ ...input, ...seen }),
        {
          customer: before.customerId,
          amount: before.amount,
          dueDate: before.dueDate,
          note: before.note,
          assignToCollect: before.assignToCollect,
          taxRate: before.taxRate,
        },
        {
          shown: (field) => (field in seen ? field : null),
          code: 'invoice.changedMeanwhile',
          fieldCode: 'invoice.fieldChangedMeanwhile',
          name: before.number ?? '',
        },
      );
      input = { ...input, ...merged } as typeof input;
    }
    checkReferences(db, input);
    // An issued invoice keeps its customer, lines, amount and rate for good: one made from
    // deliveries (ADR 033), and a hand-made one once it has its number (ADR 046, amended), since
    // the customer may hold it and a statement may count it. Corrections are a credit note or a
    // cancellation with a reason. Only an invoice from before numbering may still change.
    const issued = db.$client
      .prepare<
        [string],
        { kind: string; number: string | null; issueDate: string; cancelledAt: string | null }
      >(
        `SELECT kind, number, COALESCE(issue_date, substr(created_at, 1, 10)) AS issueDate,
                cancelled_at AS cancelledAt FROM invoice WHERE id = ?`,
      )
      .get(input.id);
    if (issued?.cancelledAt) throw conflict('invoice.alreadyCancelled');
    const locked = issued && (issued.kind !== 'manual' || issued.number !== null);
    const wasRate = asTaxRate(before.taxRate, 10);
    if (
      locked &&
      (input.amount !== before.amount ||
        input.customer !== before.customerId ||
        (input.taxRate !== undefined && (issued.kind !== 'manual' || input.taxRate !== wasRate)))
    ) {
      throw conflict('invoice.issuedLocked');
    }
    if (issued && input.dueDate && input.dueDate !== before.dueDate) {
      dueNotBefore(input.dueDate, issued.issueDate);
    }
    if (input.amount < before.paidAmount) {
      throw badRequest('invoice.amountBelowPaid', { paid: formatYen(before.paidAmount) });
    }
    db.$client
      .prepare(
        `UPDATE invoice SET customer_id = ?, due_date = ?, amount = ?, note = ?, assign_to_collect = ?
          WHERE id = ?`,
      )
      .run(
        input.customer,
        input.dueDate,
        input.amount,
        input.note,
        input.assignToCollect,
        input.id,
      );
    // A hand-made invoice's figures follow its amount and rate (ADR 046); an issued one's are
    // its lines' and never change.
    // A numbered one keeps the rounding it was issued with (a note or due date edited after a
    // change of the settings leaves its figures as issued); one from before numbering, which
    // may still change, takes the settings of now and records them (ADR 053).
    const taxRate = issued?.kind === 'manual' ? (input.taxRate ?? wasRate) : null;
    if (taxRate) {
      const recorded = db.$client
        .prepare<[string], { basis: string; rounding: TaxRounding }>(
          'SELECT tax_basis AS basis, tax_rounding AS rounding FROM invoice WHERE id = ?',
        )
        .get(input.id);
      const settings = locked && recorded ? recorded : getTaxSettings(db);
      const f = typedFigures(input.amount, taxRate, settings.rounding);
      db.$client
        .prepare(
          `UPDATE invoice SET net8 = ?, tax8 = ?, net10 = ?, tax10 = ?, tax_basis = ?,
                              tax_rounding = ? WHERE id = ?`,
        )
        .run(f.net8, f.tax8, f.net10, f.tax10, settings.basis, settings.rounding, input.id);
    }
    recordAudit(db, actor, {
      entity: 'invoice',
      entityId: input.id,
      action: 'update',
      before: auditFields({ ...before, taxRate: taxRate ? wasRate : undefined }),
      after: auditFields({ ...input, customerId: input.customer, taxRate: taxRate ?? undefined }),
    });
  });
  return getInvoice(db, input.id, { kind: 'all' }, today);
}

/** Deletes an invoice with its payments and notes; the trail keeps what it was. */
export function deleteInvoice(db: Db, actor: Actor, id: string): { _id: string } {
  write(db, () => {
    const before = findInvoiceRow(db, id, { kind: 'all' });
    if (!before) throw notFound('invoice.notFound');
    const row = db.$client
      .prepare<[string], { kind: string; cancelledAt: string | null; number: string | null }>(
        'SELECT kind, cancelled_at AS cancelledAt, number FROM invoice WHERE id = ?',
      )
      .get(id);
    // An issued invoice stays, its number used for good (ADR 034, 047): numbers run without
    // gaps, and a document the customer may hold never vanishes. It is cancelled with a reason
    // instead. Only an invoice from before numbering, never issued as a document, may go.
    if (row && (row.kind !== 'manual' || row.cancelledAt || row.number)) {
      throw conflict('invoice.issuedNoDelete');
    }
    // Its payments go with it: not while one belongs to a confirmed handover (ADR 023).
    assertInvoiceOpen(db, id);
    const payments = db.$client
      .prepare('SELECT id, amount, date FROM payment WHERE invoice_id = ? ORDER BY created_at')
      .all(id);
    db.$client.prepare('DELETE FROM invoice WHERE id = ?').run(id);
    recordAudit(db, actor, {
      entity: 'invoice',
      entityId: id,
      action: 'delete',
      before: { ...auditFields(before), restaurantName: before.restaurantName, payments },
      after: null,
    });
  });
  return { _id: id };
}
