import type { z } from 'zod';
import {
  type customerListInput,
  type customerListOut,
  type INVOICE_STATES,
  type invoiceListInput,
  type invoiceListOut,
  LIST_PAGE_SIZE,
  type orderListInput,
  type orderListOut,
  type paymentListInput,
  type paymentListOut,
} from '../../shared/schemas/office-lists';
import { phoneDigits, typedText } from '../../shared/search/typed';
import { overdueCutoff } from '../customers/overdue';
import { customersTyped } from '../customers/pick';
import { typedDocumentNumber } from '../money/numbering';
import type { Db } from '../platform/db';
import { containsPattern } from '../platform/like';

// The office's lists as tables (ADR 044): each list is one SELECT over a base query of its
// rows, filtered, sorted by a whitelisted column and paged here, with the count and yen totals
// of every filtered row (not only the page shown). Read-only: nothing is cached, every read is
// of the database as it is.

type Params = Record<string, string | number>;

interface Built {
  /** The base rows, as a common table expression named `base`. */
  base: string;
  where: string[];
  params: Params;
  order: string;
  /** The totals' select list over `base` (after WHERE). */
  totals: string;
}

/**
 * One page of a list and the count and totals of all its filtered rows (as the list sends
 * them); the page asked for is brought within the pages there are.
 */
function run<Row, Totals>(db: Db, q: Built, page: number) {
  const where = q.where.length > 0 ? `WHERE ${q.where.join(' AND ')}` : '';
  const totals = db.$client
    .prepare<Params, Totals & { count: number }>(
      `WITH base AS (${q.base}) SELECT COUNT(*) AS count, ${q.totals} FROM base ${where}`,
    )
    .get(q.params) as Totals & { count: number };
  const pages = Math.max(1, Math.ceil(totals.count / LIST_PAGE_SIZE));
  const current = Math.min(page, pages);
  const rows = db.$client
    .prepare<Params, Row>(
      `WITH base AS (${q.base}) SELECT * FROM base ${where} ORDER BY ${q.order}
        LIMIT @limit OFFSET @offset`,
    )
    .all({ ...q.params, limit: LIST_PAGE_SIZE, offset: (current - 1) * LIST_PAGE_SIZE });
  return { rows, page: current, pages, totals };
}

/** The page as the list sends it: each row in the list's own shape, the paging and totals as run. */
function sent<Row, Totals, Out>(
  r: { rows: Row[]; page: number; pages: number; totals: Totals },
  out: (row: Row) => Out,
) {
  return { rows: r.rows.map(out), page: r.page, pages: r.pages, totals: r.totals };
}

function orderBy(expr: string, dir: 'asc' | 'desc', tie = 'id'): string {
  const d = dir === 'desc' ? 'DESC' : 'ASC';
  return `${expr} ${d}, ${tie} ${d}`;
}

/**
 * What a list's search box finds beside its columns "containing" the text (ADR 113): the typed
 * text read as meant (full-width, spaces), a customer by code without its zeros or by name as the
 * pickers read it, a document number typed short ("inv79") and a phone number's digits.
 */
interface SearchAlso {
  db: Db;
  /** Columns holding a document number, matched by the number typed short. */
  numberCols?: string[];
  /** Columns holding a stored phone number (digits without the leading 0). */
  phoneCols?: string[];
}

function common(
  q: Built,
  input: { search: string; from?: string; to?: string; route?: string },
  searchCols: string[],
  dateCol: string | undefined,
  also: SearchAlso,
) {
  const typed = typedText(input.search);
  if (typed) {
    q.params.like = containsPattern(typed);
    const any = searchCols.map((c) => `LOWER(${c}) LIKE @like ESCAPE '\\'`);
    const known = customersTyped(also.db, typed);
    if (known.codes.length > 0) {
      q.params.codes = JSON.stringify(known.codes);
      any.push('customerCode IN (SELECT value FROM json_each(@codes))');
    }
    if (known.names.length > 0) {
      q.params.names = JSON.stringify(known.names);
      any.push('restaurantName IN (SELECT value FROM json_each(@names))');
    }
    const number = typedDocumentNumber(typed);
    if (number && also.numberCols) {
      q.params.number = number;
      for (const c of also.numberCols) any.push(`${c} = @number`);
    }
    const phone = phoneDigits(typed);
    if (phone && also.phoneCols) {
      q.params.phone = containsPattern(phone);
      for (const c of also.phoneCols) any.push(`${c} LIKE @phone ESCAPE '\\'`);
    }
    q.where.push(`(${any.join(' OR ')})`);
  }
  if (dateCol && input.from) {
    q.params.from = input.from;
    q.where.push(`${dateCol} >= @from`);
  }
  if (dateCol && input.to) {
    q.params.to = input.to;
    q.where.push(`${dateCol} <= @to`);
  }
  if (input.route === 'none') q.where.push('routeId IS NULL');
  else whereEquals(q, 'routeId', input.route);
}

/** A list's filter by one column's value; no value chosen leaves the list whole. */
function whereEquals(q: Built, column: string, value: string | undefined): void {
  if (!value) return;
  q.params[column] = value;
  q.where.push(`${column} = @${column}`);
}

// --- Customers ------------------------------------------------------------------------------------

const CUSTOMER_ORDER = {
  code: 'customerCode COLLATE NOCASE',
  name: 'restaurantName COLLATE NOCASE',
  route: 'routeName COLLATE NOCASE',
  method: 'paymentMethod',
  dues: 'dues',
  lastOrder: 'lastOrder',
} as const;

export function listCustomerRows(
  db: Db,
  input: z.output<typeof customerListInput>,
): z.output<typeof customerListOut> {
  const q: Built = {
    base: `SELECT c.id AS id, c.customer_code AS customerCode, c.restaurant_name AS restaurantName,
        c.phone_number AS phoneNumber, c.mobile_number AS mobileNumber,
        c.route_id AS routeId, r.name AS routeName, c.payment_method AS paymentMethod,
        (SELECT COALESCE(SUM(i.amount - i.paid_amount), 0) FROM invoice i
          WHERE i.customer_id = c.id AND i.paid_amount < i.amount AND i.cancelled_at IS NULL) AS dues,
        (SELECT MAX(o.delivery_date) FROM customer_order o WHERE o.customer_id = c.id) AS lastOrder
      FROM customer c LEFT JOIN route r ON r.id = c.route_id`,
    where: [],
    params: {},
    order: orderBy(CUSTOMER_ORDER[input.sort], input.dir),
    totals: 'COALESCE(SUM(dues), 0) AS dues',
  };
  common(
    q,
    input,
    ['restaurantName', 'customerCode', 'phoneNumber', "COALESCE(mobileNumber, '')"],
    undefined,
    { db, phoneCols: ['phoneNumber', 'mobileNumber'] },
  );
  whereEquals(q, 'paymentMethod', input.method);
  if (input.withDues) q.where.push('dues > 0');
  return sent(
    run<
      {
        id: string;
        customerCode: string;
        restaurantName: string;
        routeId: string | null;
        routeName: string | null;
        paymentMethod: 'cash' | 'monthly';
        dues: number;
        lastOrder: string | null;
      },
      { dues: number }
    >(db, q, input.page),
    ({ id, ...rest }) => ({ _id: id, ...rest }),
  );
}

// --- Orders ---------------------------------------------------------------------------------------

const ORDER_ORDER = {
  number: 'orderNumber',
  customer: 'restaurantName COLLATE NOCASE',
  route: 'routeName COLLATE NOCASE',
  date: 'deliveryDate',
  status: 'status',
  total: 'total',
} as const;

export function listOrderRows(
  db: Db,
  input: z.output<typeof orderListInput>,
): z.output<typeof orderListOut> {
  const q: Built = {
    base: `SELECT o.id AS id, o.order_number AS orderNumber, o.restaurant_name AS restaurantName,
        o.customer_code AS customerCode, o.route_name AS routeName, c.route_id AS routeId,
        o.delivery_date AS deliveryDate, o.total AS total,
        CASE WHEN o.is_delivered = 1 THEN 'dispatched' WHEN o.on_hold = 1 THEN 'onHold'
          ELSE 'pending' END AS status
      FROM customer_order o LEFT JOIN customer c ON c.id = o.customer_id`,
    where: [],
    params: {},
    order: orderBy(ORDER_ORDER[input.sort], input.dir),
    totals: 'COALESCE(SUM(total), 0) AS total',
  };
  common(
    q,
    input,
    ['restaurantName', 'customerCode', "'#' || orderNumber", 'CAST(orderNumber AS TEXT)'],
    'deliveryDate',
    { db },
  );
  whereEquals(q, 'status', input.status);
  return sent(
    run<
      {
        id: string;
        orderNumber: number;
        restaurantName: string;
        customerCode: string;
        routeName: string | null;
        deliveryDate: string;
        total: number;
        status: 'pending' | 'onHold' | 'dispatched';
      },
      { total: number }
    >(db, q, input.page),
    (o) => ({
      _id: o.id,
      orderNumber: o.orderNumber,
      restaurantName: o.restaurantName,
      customerCode: o.customerCode,
      routeName: o.routeName,
      deliveryDate: o.deliveryDate,
      status: o.status,
      total: o.total,
    }),
  );
}

// --- Invoices -------------------------------------------------------------------------------------

const INVOICE_ORDER = {
  number: 'number',
  customer: 'restaurantName COLLATE NOCASE',
  date: 'date',
  due: 'dueDate',
  amount: 'amount',
  balance: 'balance',
} as const;

export function listInvoiceRows(
  db: Db,
  input: z.output<typeof invoiceListInput>,
  today: string,
): z.output<typeof invoiceListOut> {
  const q: Built = {
    base: `SELECT i.id AS id, i.number AS number,
        COALESCE(c.restaurant_name, i.deleted_customer_name, '') AS restaurantName,
        COALESCE(c.customer_code, i.deleted_customer_code, '') AS customerCode,
        c.route_id AS routeId,
        COALESCE(i.issue_date, substr(i.created_at, 1, 10)) AS date, i.due_date AS dueDate,
        i.amount AS amount,
        CASE WHEN i.cancelled_at IS NOT NULL THEN 0 ELSE i.amount - i.paid_amount END AS balance,
        CASE WHEN i.cancelled_at IS NOT NULL THEN 'cancelled'
          WHEN i.paid_amount >= i.amount THEN 'paid'
          WHEN i.due_date IS NOT NULL AND i.due_date < @cutoff THEN 'overdue'
          WHEN i.due_date IS NOT NULL AND i.due_date < @today THEN 'pastDue'
          ELSE 'unpaid' END AS state,
        COALESCE(NULLIF(a.name, ''), a.username) AS collectorName
      FROM invoice i LEFT JOIN customer c ON c.id = i.customer_id
        LEFT JOIN account a ON a.id = i.assign_to_collect`,
    where: [],
    params: { today, cutoff: overdueCutoff(today) },
    order: orderBy(INVOICE_ORDER[input.sort], input.dir),
    totals: 'COALESCE(SUM(amount), 0) AS amount, COALESCE(SUM(balance), 0) AS balance',
  };
  common(q, input, ['restaurantName', 'customerCode', "COALESCE(number, '')"], 'date', {
    db,
    numberCols: ['number'],
  });
  // Unpaid: everything still to pay; past due: everything after its due date, however late;
  // the others are exactly their state.
  if (input.state === 'unpaid') q.where.push("state IN ('unpaid', 'pastDue', 'overdue')");
  else if (input.state === 'pastDue') q.where.push("state IN ('pastDue', 'overdue')");
  else whereEquals(q, 'state', input.state);
  return sent(
    run<
      {
        id: string;
        number: string | null;
        restaurantName: string;
        customerCode: string;
        routeId: string | null;
        date: string;
        dueDate: string | null;
        amount: number;
        balance: number;
        state: (typeof INVOICE_STATES)[number];
        collectorName: string | null;
      },
      { amount: number; balance: number }
    >(db, q, input.page),
    (i) => ({
      _id: i.id,
      number: i.number,
      restaurantName: i.restaurantName,
      date: i.date,
      dueDate: i.dueDate,
      amount: i.amount,
      balance: i.balance,
      state: i.state,
      collectorName: i.collectorName,
    }),
  );
}

// --- Payments -------------------------------------------------------------------------------------

const PAYMENT_ORDER = {
  date: 'date',
  customer: 'restaurantName COLLATE NOCASE',
  invoice: 'invoiceNumber',
  method: 'method',
  collector: 'collectorName COLLATE NOCASE',
  amount: 'amount',
} as const;

export function listPaymentRows(
  db: Db,
  input: z.output<typeof paymentListInput>,
): z.output<typeof paymentListOut> {
  const q: Built = {
    base: `SELECT p.id AS id, p.date AS date, p.amount AS amount, p.receipt_number AS receiptNumber,
        i.id AS invoiceId, i.number AS invoiceNumber,
        COALESCE(c.restaurant_name, i.deleted_customer_name, '') AS restaurantName,
        COALESCE(c.customer_code, i.deleted_customer_code, '') AS customerCode,
        c.route_id AS routeId,
        COALESCE(c.payment_method, i.deleted_payment_method) AS method,
        COALESCE(NULLIF(a.name, ''), a.username) AS collectorName
      FROM payment p JOIN invoice i ON i.id = p.invoice_id
        LEFT JOIN customer c ON c.id = i.customer_id
        LEFT JOIN account a ON a.id = p.collected_by
       -- Money received only: a bank transfer fee written off is none (ADR 069); the
       -- invoice's card and the export's payments sheet show it.
       WHERE p.kind = 'payment'`,
    where: [],
    params: {},
    order: orderBy(PAYMENT_ORDER[input.sort], input.dir),
    totals: 'COALESCE(SUM(amount), 0) AS amount',
  };
  common(
    q,
    input,
    [
      'restaurantName',
      'customerCode',
      "COALESCE(invoiceNumber, '')",
      "COALESCE(receiptNumber, '')",
    ],
    'date',
    { db, numberCols: ['invoiceNumber', 'receiptNumber'] },
  );
  whereEquals(q, 'method', input.method);
  return sent(
    run<
      {
        id: string;
        date: string;
        amount: number;
        receiptNumber: string | null;
        invoiceId: string;
        invoiceNumber: string | null;
        restaurantName: string;
        customerCode: string;
        routeId: string | null;
        method: 'cash' | 'monthly' | null;
        collectorName: string | null;
      },
      { amount: number }
    >(db, q, input.page),
    (p) => ({
      _id: p.id,
      date: p.date,
      restaurantName: p.restaurantName,
      invoiceId: p.invoiceId,
      invoiceNumber: p.invoiceNumber,
      method: p.method,
      collectorName: p.collectorName,
      receiptNumber: p.receiptNumber,
      amount: p.amount,
    }),
  );
}
