import { z } from 'zod';

// A customer's cancelled orders (ADR 043, amended 2026-11-27): cancelling removes the order,
// the audit trail keeps its number, delivery date, total and lines; the order history shows
// them from there, marked cancelled.

export const cancelledOrderEntryOut = z.object({
  /** The removed order's id (nothing answers it any more). */
  id: z.string(),
  orderNumber: z.number().int(),
  deliveryDate: z.string(),
  total: z.number().int(),
  lines: z.array(
    z.object({
      name: z.string(),
      nameNe: z.string().nullable(),
      nameJa: z.string().nullish(),
      quantity: z.number(),
    }),
  ),
  /** ISO instant of the cancellation. */
  cancelledAt: z.string(),
  /** Who cancelled it: the restaurant itself, or the office (which deletes an order). */
  by: z.enum(['customer', 'office']),
});
export type CancelledOrderEntry = z.output<typeof cancelledOrderEntryOut>;
