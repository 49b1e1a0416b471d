import { z } from 'zod';
import { deliveryDay, MAX_LINES, orderLineInput } from './orders';

// A customer's own order, changed or cancelled until the cut-off of its delivery day, and a
// cart added to an order already placed for the same day (ADR 043).

const orderId = z.string().trim().min(1).max(64);
const lines = z
  .array(orderLineInput, { error: 'order.empty' })
  .min(1, 'order.empty')
  .max(MAX_LINES, 'order.tooManyLines');

/** The order's lines as they should be: a left-out line is removed, a new product is added. */
export const changeOrderInput = z.object({
  id: orderId,
  orderItems: lines,
  customMessage: z.string().trim().max(2000, 'order.messageTooLong').optional(),
});

/** A cart added to an order: each quantity adds to the order's line of that product. */
export const addToOrderInput = z.object({
  id: orderId,
  orderItems: lines,
  customMessage: z.string().trim().max(2000, 'order.messageTooLong').optional().default(''),
});

export const cancelOrderInput = z.object({ id: orderId });

export const cancelledOrderOut = z.object({
  _id: z.string(),
  orderNumber: z.number().int(),
  cancelled: z.literal(true),
});

/** Whether the customer may still change an order, and until when (the business's time). */
export const changeWindowOut = z.object({
  changeable: z.boolean(),
  /** The delivery day (YYYY-MM-DD) and the cut-off time on it (HH:MM, the business's zone). */
  deliveryDate: z.string(),
  cutoff: z.string(),
  /** The same moment as an instant (ISO 8601, UTC). */
  closesAt: z.string(),
  /**
   * Why it can no longer change (null while it can): the cut-off passed, the office dispatched
   * it and it is on its way, or it was delivered. Absent in a test's fixture: no reason said.
   */
  closed: z.enum(['cutoff', 'dispatched', 'delivered']).nullish(),
  /** The business's phone (settings), for a closed order's "call the office"; '' when unset. */
  officePhone: z.string().optional(),
});
export type ChangeWindowOut = z.infer<typeof changeWindowOut>;

export const sameDayInput = z.object({
  deliveryDate: deliveryDay('order.deliveryDateFormat'),
});

/** The customer's order for that delivery day that can still be changed, if any. */
export const sameDayOut = z.object({
  order: z
    .object({
      _id: z.string(),
      orderNumber: z.number().int(),
      totalPrice: z.number().int(),
      deliveryDate: z.string(),
      cutoff: z.string(),
    })
    .nullable(),
});
