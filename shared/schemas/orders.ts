import { z } from 'zod';
import { LATEST_DELIVERY_DATE, MAX_QUANTITY } from '../rules';
import { DATE_RANGE, isRealDay } from './common';

export const MAX_LINES = 200;
export const ORDERS_PAGE_SIZE = 10;

/**
 * A cart line as sent by the client. Only the product id and the quantity are read; the name,
 * sku and price come from the product on the server (DESIGN §3).
 */
export const orderLineInput = z
  .object({
    product: z.string().trim().min(1).max(64).optional(),
    /** The cart's key for the product id. */
    id: z.string().trim().min(1).max(64).optional(),
    quantity: z
      .number({ error: 'order.quantityRange' })
      .int('order.quantityRange')
      .min(1, 'order.quantityRange')
      .max(MAX_QUANTITY, 'order.quantityRange'),
  })
  .refine((l) => l.product ?? l.id, { message: 'order.lineNeedsProduct' })
  .transform((l) => ({ product: (l.product ?? l.id) as string, quantity: l.quantity }));

/**
 * A delivery day: a day of the calendar, not after LATEST_DELIVERY_DATE (2099-12-31) and not
 * before DATE_RANGE (1900), each with the code placement gives it (a date in the past or too far
 * ahead is also refused by the business's calendar in server/orders/orders.ts).
 */
export const deliveryDay = (missing: 'order.deliveryDateMissing' | 'order.deliveryDateFormat') =>
  z
    .string({ error: missing })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'order.deliveryDateFormat')
    .refine(isRealDay, 'order.deliveryDateNotReal')
    .refine((d) => d <= LATEST_DELIVERY_DATE, 'order.deliveryDateTooFar')
    .refine((d) => d >= DATE_RANGE.min, 'order.deliveryDatePast');

export const placeOrderInput = z.object({
  orderItems: z
    .array(orderLineInput, { error: 'order.empty' })
    .min(1, 'order.empty')
    .max(MAX_LINES, 'order.tooManyLines'),
  customMessage: z.string().trim().max(2000, 'order.messageTooLong').optional().default(''),
  deliveryDate: deliveryDay('order.deliveryDateMissing'),
});
export type PlaceOrderInput = z.input<typeof placeOrderInput>;

export const pageInput = z
  .object({
    pageNumber: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  })
  .optional()
  .default({ pageNumber: 1 });

export const orderItemOut = z.object({
  _id: z.string(),
  product: z.string().nullable(),
  name: z.string(),
  /** The product's Nepali name, when it has one (shown to Nepali readers). */
  nameNe: z.string().nullish(),
  /** Its Japanese name as the order was placed, when the product had one (ADR 064). */
  nameJa: z.string().nullish(),
  sku: z.string(),
  quantity: z.number().int(),
  price: z.number().int(),
  total: z.number().int(),
  /** The consumption-tax rate the line was placed at (8 reduced, 10 standard); it never changes. */
  taxRate: z.number().int(),
  /**
   * What the driver handed over when it differed from `quantity` (null: as ordered), and why
   * (`short | refused | damaged | substituted`, ADR 033). A delivered order's totals follow
   * these, so its lines are shown with them. Absent only where an order is not read from the
   * database (a test's fixture).
   */
  deliveredQuantity: z.number().int().nullish(),
  shortReason: z.string().nullish(),
  /** Goods handed over instead of another line (ADR 050): that line's `_id`. */
  substituteFor: z.string().nullish(),
});

export const orderOut = z.object({
  _id: z.string(),
  /** The human-readable number, shown as #10482. */
  orderNumber: z.number().int(),
  user: z.object({
    username: z.string(),
    restaurantName: z.string(),
    customerCode: z.string(),
    phoneNumber: z.string(),
    route: z.object({ name: z.string() }).nullable(),
  }),
  customer: z.object({ _id: z.string(), restaurantName: z.string() }).nullable(),
  orderItems: z.array(orderItemOut),
  deliveryDate: z.string(),
  customMessage: z.string(),
  /** What the customer pays: the lines and the consumption tax (DESIGN §7). */
  totalPrice: z.number().int(),
  /** Per rate: the lines' amount without tax, and the tax, rounded once per rate. */
  net8: z.number().int(),
  tax8: z.number().int(),
  net10: z.number().int(),
  tax10: z.number().int(),
  isDelivered: z.boolean(),
  deliveredBy: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /**
   * When it reached the restaurant: a driver's "delivered", or the office's own delivery; null
   * until then (deliveredAt above is when it was handed over, the spec's meaning).
   */
  arrivedAt: z.string().nullable().optional(),
  /** Who placed it (the person's username, or staff's for a phoned-in order; ADR 036). */
  placedBy: z.string().nullable().optional(),
  createdAt: z.string(),
  /** Placed while the customer was on credit hold: it waits for the office's review. */
  onHold: z.boolean(),
});
export type OrderOut = z.infer<typeof orderOut>;

export const orderPageOut = z.object({
  orders: z.array(orderOut),
  page: z.number().int(),
  pages: z.number().int(),
});
export type OrderPageOut = z.infer<typeof orderPageOut>;
