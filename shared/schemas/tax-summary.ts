import { z } from 'zod';

const month = z
  .string({ error: 'settings.monthFormat' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'settings.monthFormat');

/** A period of whole months, YYYY-MM both ends inclusive, at most 24 months. */
export const taxSummaryInput = z
  .object({ from: month, to: month })
  .refine((p) => p.from <= p.to, { message: 'settings.periodReversed', path: ['to'] })
  .refine(
    (p) => {
      const [fy, fm] = p.from.split('-').map(Number) as [number, number];
      const [ty, tm] = p.to.split('-').map(Number) as [number, number];
      return (ty - fy) * 12 + (tm - fm) < 24;
    },
    { message: 'settings.periodTooLong', path: ['to'] },
  );
export type TaxSummaryInput = z.infer<typeof taxSummaryInput>;

const figures = {
  /**
   * Sales without tax and the tax, per rate: the invoices issued in the month (also those
   * cancelled since), minus the invoices cancelled in the month, minus credit notes (ADR 054).
   */
  net8: z.number().int(),
  tax8: z.number().int(),
  net10: z.number().int(),
  tax10: z.number().int(),
  /** Invoices cancelled in the month: their total (with tax) subtracted above. */
  cancellations: z.number().int(),
  /** Credit notes issued in the month: their total (with tax) subtracted above. */
  credits: z.number().int(),
  /** Everything billed in the month, tax included, after cancellations and credit notes. */
  total: z.number().int(),
};

const counts = {
  /** Invoices issued in the month, cancelled ones too (their numbers were used). */
  invoices: z.number().int(),
  /** Invoices cancelled in the month (by the business day of the cancellation). */
  cancelledInvoices: z.number().int(),
  creditNotes: z.number().int(),
};

export const taxSummaryMonthOut = z.object({ month: z.string(), ...counts, ...figures });
export type TaxSummaryMonth = z.infer<typeof taxSummaryMonthOut>;

export const taxSummaryOut = z.object({
  from: z.string(),
  to: z.string(),
  months: z.array(taxSummaryMonthOut),
  totals: z.object({ ...counts, ...figures }),
});
export type TaxSummaryOut = z.infer<typeof taxSummaryOut>;
