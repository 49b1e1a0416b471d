import { z } from 'zod';
import { PAYMENT_METHODS } from '../enums';

// What a restaurant owes and when, beside its documents on the Account screen
// (`documents.mine`; server/money/documents/account.ts). The balance of the document list stays
// what it was: invoiced and not yet paid. These figures say what is coming.

export const accountOut = z.object({
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** Monthly customers: the day of month their deliveries close; null or 31 = month end. */
  closingDay: z.number().int().nullable(),
  /** Monthly customers: the day of month they pay; null = the end of the payment month. */
  paymentDay: z.number().int().nullable(),
  /** The month the payment day falls in: the closing's own (当月), the next or the one after. */
  paymentMonth: z.enum(['same', 'next', 'afterNext']),
  /** Monthly customers: the next closing still to be run, and when it will be due. */
  nextClosing: z.object({ date: z.string(), dueDate: z.string() }).nullable(),
  /**
   * Monthly customers: delivered orders not invoiced yet, per closing that will invoice them
   * (usually one; two in the days between a closing date and its run). `amount` is with tax,
   * before waiting credit notes are deducted.
   */
  toBeInvoiced: z.array(
    z.object({
      closingDate: z.string(),
      dueDate: z.string().nullable(),
      orders: z.number().int(),
      amount: z.number().int(),
    }),
  ),
  /** The earliest due date still to come of the invoiced, unpaid amount, and what is due then. */
  nextDue: z.object({ date: z.string(), amount: z.number().int() }).nullable(),
  /** Credit notes issued and not yet deducted: taken off the customer's next invoice. */
  credits: z.object({ amount: z.number().int(), numbers: z.array(z.string()) }).nullable(),
});
export type AccountOut = z.output<typeof accountOut>;
