import type { InvoiceOut, InvoicePageOut, InvoiceTab } from '../../shared/schemas/invoices';
import { INVOICES_PAGE_SIZE } from '../../shared/schemas/invoices';
import { typedText } from '../../shared/search/typed';
import { customersTyped } from '../customers/pick';
import type { Db } from '../platform/db';
import { notFound } from '../platform/errors';
import { containsPattern } from '../platform/like';
import { prepared } from '../platform/prepared';
import type { Scope } from '../platform/scope';
import { INVOICE_SELECT, type InvoiceReadRow, withChildren } from './invoice-reads';
import { typedDocumentNumber } from './numbering';

// The invoice lists: the office's open invoices by tab and its Done tab (paged), a customer's
// invoices with their dues, and the invoices a collector is to collect.

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
    page: db.$client.prepare<{ limit: number; offset: number }, InvoiceReadRow>(
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

interface Search {
  kw: string;
  like: string;
  number: string;
  codes: string;
  names: string;
}

/** The Done tab: paid (or cancelled) invoices, newest first, searchable by restaurant name, code or number. */
export function listCompletedInvoices(
  db: Db,
  keyword: string,
  pageNumber: number,
  today: string,
): InvoicePageOut {
  // A cancelled invoice is done too (ADR 034): it is found here, marked cancelled.
  // By name or code as typed, by a code without its zeros or a name's kana reading (as the
  // pickers find them), or by the invoice's number, typed short ("inv79") or in full (ADR 113).
  const where = `(i.paid_amount >= i.amount OR i.cancelled_at IS NOT NULL) AND (@kw = ''
                 OR COALESCE(c.restaurant_name, i.deleted_customer_name) LIKE @like ESCAPE '\\'
                 OR COALESCE(c.customer_code, i.deleted_customer_code) LIKE @like ESCAPE '\\'
                 OR LOWER(COALESCE(i.number, '')) LIKE @like ESCAPE '\\'
                 OR i.number = @number
                 OR c.customer_code IN (SELECT value FROM json_each(@codes))
                 OR c.restaurant_name IN (SELECT value FROM json_each(@names)))`;
  const stmts = prepared(db, 'invoices.completed', () => ({
    count: db.$client
      .prepare<Search, number>(
        `SELECT COUNT(*) FROM invoice i LEFT JOIN customer c ON c.id = i.customer_id WHERE ${where}`,
      )
      .pluck(),
    page: db.$client.prepare<Search & { limit: number; offset: number }, InvoiceReadRow>(
      `${INVOICE_SELECT} WHERE ${where} ORDER BY i.created_at DESC, i.id DESC LIMIT @limit OFFSET @offset`,
    ),
  }));
  const kw = typedText(keyword);
  const known = kw ? customersTyped(db, kw) : { codes: [], names: [] };
  const search: Search = {
    kw,
    like: containsPattern(kw),
    number: typedDocumentNumber(kw) ?? '',
    codes: JSON.stringify(known.codes),
    names: JSON.stringify(known.names),
  };
  const total = stmts.count.get(search) ?? 0;
  const rows = stmts.page.all({
    ...search,
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
    db.$client.prepare<{ customerId: string }, InvoiceReadRow>(
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
    db.$client.prepare<{ employeeId: string }, InvoiceReadRow>(
      `${INVOICE_SELECT} WHERE i.assign_to_collect = @employeeId AND i.paid_amount < i.amount
          AND i.cancelled_at IS NULL
        ORDER BY c.restaurant_name, i.due_date IS NULL, i.due_date LIMIT 1000`,
    ),
  ).all({ employeeId });
  const invoices = withChildren(db, rows, today);
  return { invoices, totalDues: invoices.reduce((s, i) => s + i.pendingAmount, 0) };
}
