import type { z } from 'zod';
import type { InvoiceStatus } from '../../shared/enums';
import { formatYen } from '../../shared/format';
import type {
  HistoryEntryOut,
  InvoiceOut,
  InvoicePageOut,
  InvoiceTab,
  invoiceCreateInput,
  invoiceUpdateInput,
} from '../../shared/schemas/invoices';
import { INVOICES_PAGE_SIZE } from '../../shared/schemas/invoices';
import { asTaxRate, type TaxRate, type TaxRounding, taxByRate } from '../../shared/tax';
import { type RateColumns, toRateColumns } from '../../shared/tax-columns';
import { isOverdue } from '../customers/overdue';
import { type Actor, recordAudit } from '../platform/audit';
import { type Db, write } from '../platform/db';
import { badRequest, conflict, notFound } from '../platform/errors';
import { newId, nowIso } from '../platform/ids';
import { prepared } from '../platform/prepared';
import type { Scope } from '../platform/scope';
import { getTaxSettings } from '../settings/tax-settings';
import { dueWithStatement } from './closing';
import { assertInvoiceOpen } from './handover-corrections';
import { takeDocumentNumber } from './numbering';

// Invoices: reading them with their payments and notes, creating, editing and deleting them.
// Status and pending amount are derived from `amount` and `paidAmount` (DESIGN §3); paidAmount
// moves only in the same transaction as a payment (server/money/payments.ts) or as the
// correction of a handed-over payment (server/money/handover-corrections.ts).

export interface InvoiceRow {
  id: string;
  customerId: string | null;
  dueDate: string | null;
  amount: number;
  paidAmount: number;
  note: string;
  assignToCollect: string | null;
  createdAt: string;
  customerCode: string | null;
  restaurantName: string | null;
  phoneNumber: string | null;
  mobileNumber: string | null;
  contactPerson: string | null;
  paymentMethod: 'cash' | 'monthly' | null;
  assigneeUsername: string | null;
  assigneeName: string | null;
  /** The customer as it was when deleted (ADR 023); absent from reads that do not need it. */
  deletedCustomerName?: string | null;
  deletedCustomerCode?: string | null;
  deletedPaymentMethod?: 'cash' | 'monthly' | null;
  number?: string | null;
  kind?: 'manual' | 'delivery' | 'closing';
  cancelledAt?: string | null;
  cancelledByName?: string | null;
  cancelReason?: string | null;
  /** A hand-made invoice's rate (ADR 046). */
  taxRate?: number | null;
}

export function statusOf(amount: number, paid: number): InvoiceStatus {
  if (paid <= 0) return 'Pending';
  return paid >= amount ? 'Completed' : 'Partial Paid';
}

/** The SELECT list and joins every invoice read shares. */
export const INVOICE_SELECT = `
  SELECT i.id, i.customer_id AS customerId, i.due_date AS dueDate, i.amount, i.paid_amount AS paidAmount,
         i.note, i.assign_to_collect AS assignToCollect, i.created_at AS createdAt,
         c.customer_code AS customerCode, c.restaurant_name AS restaurantName,
         c.phone_number AS phoneNumber, c.mobile_number AS mobileNumber,
         c.contact_person AS contactPerson, c.payment_method AS paymentMethod,
         a.username AS assigneeUsername, a.name AS assigneeName,
         i.deleted_customer_name AS deletedCustomerName,
         i.deleted_customer_code AS deletedCustomerCode,
         i.deleted_payment_method AS deletedPaymentMethod,
         i.number, i.kind, i.cancelled_at AS cancelledAt, i.cancelled_by_name AS cancelledByName,
         i.cancel_reason AS cancelReason,
         CASE WHEN i.kind = 'manual' THEN
           CASE WHEN i.net8 <> 0 OR i.tax8 <> 0 THEN 8 ELSE 10 END END AS taxRate
    FROM invoice i
    LEFT JOIN customer c ON c.id = i.customer_id
    LEFT JOIN account a ON a.id = i.assign_to_collect`;

/** `AND`-able condition for a scope on invoices (a driver sees what is assigned to them). */
function scopeSql(scope: Scope): { sql: string; params: Record<string, string> } {
  switch (scope.kind) {
    case 'all':
      return { sql: '1 = 1', params: {} };
    case 'driver':
      return { sql: 'i.assign_to_collect = @scopeDriver', params: { scopeDriver: scope.driverId } };
    case 'customer':
      return {
        sql: 'i.customer_id = @scopeCustomer',
        params: { scopeCustomer: scope.customerId },
      };
  }
}

interface PaymentRow {
  id: string;
  invoiceId: string;
  amount: number;
  date: string;
  collectedBy: string | null;
  createdAt: string;
}
interface NoteRow {
  id: string;
  invoiceId: string;
  note: string;
  date: string;
  notesBy: string | null;
  nextFollowUp: string | null;
}

function childStatements(db: Db) {
  return prepared(db, 'invoices.children', () => ({
    payments: db.$client.prepare<{ ids: string }, PaymentRow>(
      `SELECT p.id, p.invoice_id AS invoiceId, p.amount, p.date, a.username AS collectedBy,
              p.created_at AS createdAt
         FROM payment p LEFT JOIN account a ON a.id = p.collected_by
        WHERE p.invoice_id IN (SELECT value FROM json_each(@ids))
        ORDER BY p.created_at, p.id`,
    ),
    notes: db.$client.prepare<{ ids: string }, NoteRow>(
      `SELECT n.id, n.invoice_id AS invoiceId, n.note, n.date, a.username AS notesBy,
              n.next_follow_up AS nextFollowUp
         FROM invoice_note n LEFT JOIN account a ON a.id = n.notes_by
        WHERE n.invoice_id IN (SELECT value FROM json_each(@ids))
        ORDER BY n.created_at, n.id`,
    ),
  }));
}

/** Rows with their payments and notes: three queries, whatever the number of invoices. */
export function withChildren(db: Db, rows: InvoiceRow[], today: string): InvoiceOut[] {
  if (rows.length === 0) return [];
  const ids = JSON.stringify(rows.map((r) => r.id));
  const stmts = childStatements(db);
  const payments = new Map<string, InvoiceOut['payments']>();
  for (const p of stmts.payments.all({ ids })) {
    const list = payments.get(p.invoiceId) ?? [];
    list.push({
      _id: p.id,
      amount: p.amount,
      date: p.date,
      collectedBy: p.collectedBy,
      createdAt: p.createdAt,
    });
    payments.set(p.invoiceId, list);
  }
  const notes = new Map<string, InvoiceOut['notes']>();
  for (const n of stmts.notes.all({ ids })) {
    const list = notes.get(n.invoiceId) ?? [];
    list.push({
      _id: n.id,
      note: n.note,
      date: n.date,
      notesBy: n.notesBy,
      nextFollowUp: n.nextFollowUp,
    });
    notes.set(n.invoiceId, list);
  }
  return rows.map((r) => toInvoiceOut(r, payments.get(r.id) ?? [], notes.get(r.id) ?? [], today));
}

function toInvoiceOut(
  r: InvoiceRow,
  payments: InvoiceOut['payments'],
  notes: InvoiceOut['notes'],
  today: string,
): InvoiceOut {
  return {
    _id: r.id,
    customer:
      r.customerId && r.customerCode !== null
        ? {
            _id: r.customerId,
            customerCode: r.customerCode,
            restaurantName: r.restaurantName ?? '',
            phoneNumber: r.phoneNumber ?? '',
            mobileNumber: r.mobileNumber,
            contactPerson: r.contactPerson,
            paymentMethod: r.paymentMethod ?? 'cash',
          }
        : null,
    deletedCustomer:
      !r.customerId && r.deletedCustomerName != null
        ? {
            restaurantName: r.deletedCustomerName,
            customerCode: r.deletedCustomerCode ?? '',
            paymentMethod: r.deletedPaymentMethod ?? 'cash',
          }
        : null,
    dueDate: r.dueDate,
    amount: r.amount,
    paidAmount: r.paidAmount,
    pendingAmount: r.amount - r.paidAmount,
    status: statusOf(r.amount, r.paidAmount),
    note: r.note,
    assignToCollect: r.assignToCollect
      ? {
          _id: r.assignToCollect,
          username: r.assigneeUsername ?? '',
          name: r.assigneeName ?? '',
        }
      : null,
    payments,
    notes,
    overdue: !r.cancelledAt && isOverdue(r, today),
    createdAt: r.createdAt,
    number: r.number ?? null,
    ...(r.kind ? { kind: r.kind } : {}),
    ...(r.kind ? { taxRate: r.kind === 'manual' ? asTaxRate(r.taxRate, 10) : null } : {}),
    cancelled: r.cancelledAt
      ? { at: r.cancelledAt, by: r.cancelledByName ?? '', reason: r.cancelReason ?? '' }
      : null,
  };
}

/** The invoice row within the scope, or null (another driver's invoice is simply absent). */
export function findInvoiceRow(db: Db, id: string, scope: Scope): InvoiceRow | null {
  const s = scopeSql(scope);
  const stmt = prepared(db, `invoices.byId.${scope.kind}`, () =>
    db.$client.prepare<Record<string, string>, InvoiceRow>(
      `${INVOICE_SELECT} WHERE i.id = @id AND ${s.sql}`,
    ),
  );
  return stmt.get({ id, ...s.params }) ?? null;
}

export function getInvoice(db: Db, id: string, scope: Scope, today: string): InvoiceOut {
  const row = findInvoiceRow(db, id, scope);
  if (!row) throw notFound('invoice.notFound');
  return withChildren(db, [row], today)[0] as InvoiceOut;
}

// --- Lists ----------------------------------------------------------------------------------

// A deleted customer's invoices stay in their tab (ADR 023): the payment method it had, kept on
// the invoice when it was deleted; one whose method is unknown is listed with the cash ones.
const METHOD_SQL = "COALESCE(c.payment_method, i.deleted_payment_method, 'cash')";
const KIND_SQL: Record<InvoiceTab, string> = {
  cash: `${METHOD_SQL} = 'cash'`,
  monthly: `${METHOD_SQL} = 'monthly'`,
  all: '1 = 1',
};

/**
 * The office's open invoices of one kind (customers paying cash, monthly, or all), oldest due
 * first, paged.
 */
export function listOpenInvoices(
  db: Db,
  kind: InvoiceTab,
  pageNumber: number,
  today: string,
): InvoicePageOut {
  const stmts = prepared(db, `invoices.open.${kind}`, () => ({
    count: db.$client
      .prepare<[], number>(
        `SELECT COUNT(*) FROM invoice i LEFT JOIN customer c ON c.id = i.customer_id
          WHERE i.paid_amount < i.amount AND i.cancelled_at IS NULL AND ${KIND_SQL[kind]}`,
      )
      .pluck(),
    page: db.$client.prepare<{ limit: number; offset: number }, InvoiceRow>(
      `${INVOICE_SELECT} WHERE i.paid_amount < i.amount AND i.cancelled_at IS NULL AND ${KIND_SQL[kind]}
        ORDER BY i.due_date IS NULL, i.due_date, i.created_at, i.id LIMIT @limit OFFSET @offset`,
    ),
  }));
  const total = stmts.count.get() ?? 0;
  const rows = stmts.page.all({
    limit: INVOICES_PAGE_SIZE,
    offset: (pageNumber - 1) * INVOICES_PAGE_SIZE,
  });
  return {
    invoices: withChildren(db, rows, today),
    page: pageNumber,
    pages: Math.max(1, Math.ceil(total / INVOICES_PAGE_SIZE)),
    total,
  };
}

/** The Done tab: paid (or cancelled) invoices, newest first, searchable by restaurant name or code. */
export function listCompletedInvoices(
  db: Db,
  keyword: string,
  pageNumber: number,
  today: string,
): InvoicePageOut {
  // A cancelled invoice is done too (ADR 034): it is found here, marked cancelled.
  const where = `(i.paid_amount >= i.amount OR i.cancelled_at IS NOT NULL) AND (@kw = ''
                 OR COALESCE(c.restaurant_name, i.deleted_customer_name) LIKE @like ESCAPE '\\'
                 OR COALESCE(c.customer_code, i.deleted_customer_code) LIKE @like ESCAPE '\\')`;
  const stmts = prepared(db, 'invoices.completed', () => ({
    count: db.$client
      .prepare<{ kw: string; like: string }, number>(
        `SELECT COUNT(*) FROM invoice i LEFT JOIN customer c ON c.id = i.customer_id WHERE ${where}`,
      )
      .pluck(),
    page: db.$client.prepare<
      { kw: string; like: string; limit: number; offset: number },
      InvoiceRow
    >(
      `${INVOICE_SELECT} WHERE ${where} ORDER BY i.created_at DESC, i.id DESC LIMIT @limit OFFSET @offset`,
    ),
  }));
  const like = `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const total = stmts.count.get({ kw: keyword, like }) ?? 0;
  const rows = stmts.page.all({
    kw: keyword,
    like,
    limit: INVOICES_PAGE_SIZE,
    offset: (pageNumber - 1) * INVOICES_PAGE_SIZE,
  });
  return {
    invoices: withChildren(db, rows, today),
    page: pageNumber,
    pages: Math.max(1, Math.ceil(total / INVOICES_PAGE_SIZE)),
    total,
  };
}

/** A customer's invoices (open ones first) and their total dues. */
export function customerInvoices(
  db: Db,
  customerId: string,
  today: string,
): { invoices: InvoiceOut[]; totalDues: number } {
  const rows = prepared(db, 'invoices.byCustomer', () =>
    db.$client.prepare<{ customerId: string }, InvoiceRow>(
      `${INVOICE_SELECT} WHERE i.customer_id = @customerId
        ORDER BY i.cancelled_at IS NOT NULL, i.paid_amount >= i.amount, i.due_date IS NULL, i.due_date, i.created_at DESC LIMIT 500`,
    ),
  ).all({ customerId });
  const totalDues = prepared(db, 'invoices.duesOf', () =>
    db.$client
      .prepare<{ customerId: string }, number>(
        `SELECT COALESCE(SUM(amount - paid_amount), 0) FROM invoice
          WHERE customer_id = @customerId AND cancelled_at IS NULL`,
      )
      .pluck(),
  ).get({ customerId });
  return { invoices: withChildren(db, rows, today), totalDues: totalDues ?? 0 };
}

/** The open invoices assigned to a collector; a driver may only ask for their own. */
export function assignedInvoices(
  db: Db,
  employeeId: string,
  scope: Scope,
  today: string,
): { invoices: InvoiceOut[]; totalDues: number } {
  if (scope.kind === 'driver' && scope.driverId !== employeeId) throw notFound('common.notFound');
  if (scope.kind === 'customer') throw notFound('common.notFound');
  const rows = prepared(db, 'invoices.assigned', () =>
    db.$client.prepare<{ employeeId: string }, InvoiceRow>(
      `${INVOICE_SELECT} WHERE i.assign_to_collect = @employeeId AND i.paid_amount < i.amount
          AND i.cancelled_at IS NULL
        ORDER BY c.restaurant_name, i.due_date IS NULL, i.due_date LIMIT 1000`,
    ),
  ).all({ employeeId });
  const invoices = withChildren(db, rows, today);
  return { invoices, totalDues: invoices.reduce((s, i) => s + i.pendingAmount, 0) };
}

// --- Changes ------------------------------------------------------------------------------------

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
  input: z.output<typeof invoiceUpdateInput>,
  today: string,
): InvoiceOut {
  write(db, () => {
    const before = findInvoiceRow(db, input.id, { kind: 'all' });
    if (!before) throw notFound('invoice.notFound');
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

// --- History ----------------------------------------------------------------------------------

interface AuditRow {
  id: string;
  entity: string;
  entityId: string;
  action: string;
  actorName: string;
  before: string | null;
  after: string | null;
  createdAt: string;
}

/**
 * Every change to the invoice and to its payments and notes, oldest first. The office reads it
 * after the invoice is deleted too (ADR 023): the trail never depends on the live record. A
 * driver reads only the history of an invoice assigned to them now.
 */
export function invoiceHistory(db: Db, id: string, scope: Scope): HistoryEntryOut[] {
  if (scope.kind !== 'all' && !findInvoiceRow(db, id, scope)) throw notFound('invoice.notFound');
  const rows = prepared(db, 'invoices.history', () =>
    db.$client.prepare<{ id: string }, AuditRow>(
      `SELECT id, entity, entity_id AS entityId, action, actor_name AS actorName, before, after,
              created_at AS createdAt
         FROM audit_entry
        WHERE (entity = 'invoice' AND entity_id = @id) OR parent_id = @id
        ORDER BY created_at, id`,
    ),
  ).all({ id });
  if (rows.length === 0 && !findInvoiceRow(db, id, scope)) throw notFound('invoice.notFound');
  return rows.map((r) => ({
    _id: r.id,
    entity: r.entity,
    entityId: r.entityId,
    action: r.action,
    actorName: r.actorName,
    before: r.before ? (JSON.parse(r.before) as Record<string, unknown>) : null,
    after: r.after ? (JSON.parse(r.after) as Record<string, unknown>) : null,
    createdAt: r.createdAt,
  }));
}

// --- Choices for the office's forms -------------------------------------------------------------

export interface FormOptions {
  customers: { _id: string; customerCode: string; restaurantName: string }[];
  collectors: { _id: string; username: string; name: string; role: string }[];
  routes: { _id: string; name: string }[];
}

/** Customers, collectors and routes to choose from (invoice form, export). */
export function formOptions(db: Db): FormOptions {
  return {
    customers: db.$client
      .prepare<[], FormOptions['customers'][number]>(
        `SELECT id AS _id, customer_code AS customerCode, restaurant_name AS restaurantName
           FROM customer ORDER BY restaurant_name LIMIT 5000`,
      )
      .all(),
    collectors: db.$client
      .prepare<[], FormOptions['collectors'][number]>(
        `SELECT id AS _id, username, name, role FROM account WHERE kind = 'employee'
          ORDER BY role, username`,
      )
      .all(),
    routes: db.$client
      .prepare<[], FormOptions['routes'][number]>('SELECT id AS _id, name FROM route ORDER BY name')
      .all(),
  };
}
