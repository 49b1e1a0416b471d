import { z } from 'zod';
import { PAYMENT_METHODS } from '../enums';
import { idParam } from './catalogue';
import { isCalendarDate } from './common';

// The office's lists (ADR 044): customers, orders, invoices and payments as sortable,
// filterable tables with the totals of the filtered rows, sorted and filtered by the server
// (the lists are paged), and the bulk actions staff use on a selection.

export const LIST_PAGE_SIZE = 50;
export const BULK_MAX = 500;

/** A filter's date: an order's, invoice's or payment's day, so a day of the calendar. */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'order.deliveryDateFormat')
  .refine(isCalendarDate, 'invoice.dateInvalid');
/** Query strings send '' for "no filter". */
const optional = <T extends z.ZodType>(schema: T) =>
  z
    .union([schema, z.literal('')])
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : (v as z.output<T>)));

const common = {
  search: z.string().trim().max(100).optional().default(''),
  dir: z.enum(['asc', 'desc']).optional().default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
};
const dateRange = { from: optional(isoDate), to: optional(isoDate) };

export const CUSTOMER_SORTS = ['code', 'name', 'route', 'method', 'dues', 'lastOrder'] as const;
export const customerListInput = z.object({
  ...common,
  sort: z.enum(CUSTOMER_SORTS).optional().default('name'),
  /** A route's id, or 'none' for customers without one. */
  route: optional(idParam),
  method: optional(z.enum(PAYMENT_METHODS)),
  /** Only customers with something still to pay. */
  withDues: z.coerce.boolean().optional().default(false),
});

export const ORDER_STATUSES = ['pending', 'onHold', 'dispatched'] as const;
export const ORDER_SORTS = ['number', 'customer', 'route', 'date', 'status', 'total'] as const;
export const orderListInput = z.object({
  ...common,
  ...dateRange,
  sort: z.enum(ORDER_SORTS).optional().default('date'),
  status: optional(z.enum(ORDER_STATUSES)),
  route: optional(idParam),
});

/**
 * An invoice's state in the office's list: `pastDue` is unpaid after its due date, `overdue`
 * more than two months after it (the credit-hold measure, server/customers/overdue.ts). As a
 * filter, `unpaid` takes every invoice still to pay and `pastDue` every one past its due date.
 */
export const INVOICE_STATES = ['unpaid', 'pastDue', 'overdue', 'paid', 'cancelled'] as const;
export const INVOICE_SORTS = ['number', 'customer', 'date', 'due', 'amount', 'balance'] as const;
export const invoiceListInput = z.object({
  ...common,
  ...dateRange,
  sort: z.enum(INVOICE_SORTS).optional().default('due'),
  state: optional(z.enum(INVOICE_STATES)),
  route: optional(idParam),
});

export const PAYMENT_SORTS = [
  'date',
  'customer',
  'invoice',
  'method',
  'collector',
  'amount',
] as const;
export const paymentListInput = z.object({
  ...common,
  ...dateRange,
  sort: z.enum(PAYMENT_SORTS).optional().default('date'),
  method: optional(z.enum(PAYMENT_METHODS)),
  route: optional(idParam),
});

const paged = { page: z.number().int(), pages: z.number().int() };

export const customerRowOut = z.object({
  _id: z.string(),
  customerCode: z.string(),
  restaurantName: z.string(),
  routeId: z.string().nullable(),
  routeName: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  dues: z.number().int(),
  /** The delivery date of the customer's latest order. */
  lastOrder: z.string().nullable(),
});
export const customerListOut = z.object({
  rows: z.array(customerRowOut),
  ...paged,
  totals: z.object({ count: z.number().int(), dues: z.number().int() }),
});

export const orderRowOut = z.object({
  _id: z.string(),
  orderNumber: z.number().int(),
  restaurantName: z.string(),
  customerCode: z.string(),
  routeName: z.string().nullable(),
  deliveryDate: z.string(),
  status: z.enum(ORDER_STATUSES),
  total: z.number().int(),
});
export const orderListOut = z.object({
  rows: z.array(orderRowOut),
  ...paged,
  totals: z.object({ count: z.number().int(), total: z.number().int() }),
});

export const invoiceRowOut = z.object({
  _id: z.string(),
  number: z.string().nullable(),
  restaurantName: z.string(),
  date: z.string(),
  dueDate: z.string().nullable(),
  amount: z.number().int(),
  balance: z.number().int(),
  state: z.enum(INVOICE_STATES),
  collectorName: z.string().nullable(),
});
export const invoiceListOut = z.object({
  rows: z.array(invoiceRowOut),
  ...paged,
  totals: z.object({
    count: z.number().int(),
    amount: z.number().int(),
    balance: z.number().int(),
  }),
});

export const paymentRowOut = z.object({
  _id: z.string(),
  date: z.string(),
  restaurantName: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string().nullable(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  collectorName: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  amount: z.number().int(),
});
export const paymentListOut = z.object({
  rows: z.array(paymentRowOut),
  ...paged,
  totals: z.object({ count: z.number().int(), amount: z.number().int() }),
});

// --- Bulk actions ---------------------------------------------------------------------------------

const bulkIds = z.array(idParam).min(1, 'common.required').max(BULK_MAX, 'common.invalid');

export const assignRouteManyInput = z.object({ ids: bulkIds, route: idParam });
export const dispatchSelectedInput = z.object({ ids: bulkIds });
export const assignCollectorManyInput = z.object({ ids: bulkIds, collector: idParam });

/** What a bulk action did: the items it changed, and each item it left with why. */
export const bulkOut = z.object({
  done: z.array(z.string()),
  failed: z.array(
    z.object({
      id: z.string(),
      /** What the office calls the item (order number, invoice number, restaurant). */
      label: z.string(),
      code: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    }),
  ),
});
export type BulkOut = z.infer<typeof bulkOut>;

// --- Start from the last order ----------------------------------------------------------------------

export const LAST_LINE_PROBLEMS = ['gone', 'hidden', 'outOfStock'] as const;
export const lastOrderOut = z.object({
  order: z
    .object({
      _id: z.string(),
      orderNumber: z.number().int(),
      deliveryDate: z.string(),
    })
    .nullable(),
  lines: z.array(
    z.object({
      productId: z.string().nullable(),
      name: z.string(),
      sku: z.string(),
      quantity: z.number().int(),
      /** Why the line cannot be ordered again (left out of the new order), or null. */
      problem: z.enum(LAST_LINE_PROBLEMS).nullable(),
    }),
  ),
});
export type LastOrderOut = z.infer<typeof lastOrderOut>;
export const lastOrderInput = z.object({ customerId: idParam });
