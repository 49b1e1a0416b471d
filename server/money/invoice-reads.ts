import type { InvoiceStatus } from '../../shared/enums';
import type { InvoiceOut } from '../../shared/schemas/invoices';
import { asTaxRate } from '../../shared/tax';
import { isOverdue, isPastDue } from '../customers/overdue';
import type { Db } from '../platform/db';
import { notFound } from '../platform/errors';
import { prepared } from '../platform/prepared';
import type { Scope } from '../platform/scope';
import { PAID_IN_CASH_SQL } from './paid-by';

// Reading an invoice as the screens show it: its row with its customer and collector
// (INVOICE_SELECT, which the lists, aging and the forecast share), then its payments and notes.
// Status and pending amount are derived from `amount` and `paidAmount` (DESIGN §3); paidAmount
// moves only in the same transaction as a payment (server/money/payments.ts) or as the
// correction of a handed-over payment (server/money/handover-corrections.ts).

/**
 * An invoice with its customer and collector, as INVOICE_SELECT reads it. Not the stored row a
 * document is built from (`InvoiceDocumentRow`, documents/models/invoice.ts).
 */
export interface InvoiceReadRow {
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

/**
 * `AND`-able condition for a scope on invoices, on the alias `i` (a driver sees what is assigned
 * to them). It is also who may record a payment on an invoice (payments.ts finds the invoice
 * through findInvoiceRow), so the driver's job card asks for money with it (job-card-dues.ts).
 */
export function invoiceScopeSql(scope: Scope): { sql: string; params: Record<string, string> } {
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
  kind: 'payment' | 'bank_fee';
  /** 1 when paid in cash, 0 by transfer, null for a bank fee (ADR 107). */
  cash: number | null;
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
              p.created_at AS createdAt, p.kind,
              CASE WHEN p.kind = 'payment' THEN ${PAID_IN_CASH_SQL} END AS cash
         FROM payment p JOIN invoice i ON i.id = p.invoice_id
         LEFT JOIN customer c ON c.id = i.customer_id
         LEFT JOIN account a ON a.id = p.collected_by
        WHERE p.invoice_id IN (SELECT value FROM json_each(@ids))
        ORDER BY p.created_at, p.kind = 'bank_fee', p.id`,
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
export function withChildren(db: Db, rows: InvoiceReadRow[], today: string): InvoiceOut[] {
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
      kind: p.kind,
      method: p.cash === null ? null : p.cash ? 'cash' : 'transfer',
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
  r: InvoiceReadRow,
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
    pastDue: !r.cancelledAt && isPastDue(r, today),
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
export function findInvoiceRow(db: Db, id: string, scope: Scope): InvoiceReadRow | null {
  const s = invoiceScopeSql(scope);
  const stmt = prepared(db, `invoices.byId.${scope.kind}`, () =>
    db.$client.prepare<Record<string, string>, InvoiceReadRow>(
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
