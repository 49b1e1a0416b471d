import { z } from 'zod';

// The office's first-day checklist (ADR 057): what a new business still has to set up before
// its customers can order and its documents are complete, each step read from the data.

/** The steps, in the order the office does them. `mail` is optional (documents can be printed). */
export const SETUP_STEPS = [
  'business',
  'registrationNumber',
  'bankAccount',
  'tax',
  'category',
  'product',
  'route',
  'driver',
  'customerLogin',
  'mail',
] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

const count = z.number().int().nonnegative();

export const setupChecklistOut = z.object({
  steps: z.array(z.object({ key: z.enum(SETUP_STEPS), done: z.boolean(), optional: z.boolean() })),
  /** Products, and how many of them a customer can order (not counted, or counted with stock). */
  products: z.object({ total: count, orderable: count }),
  /** Every required step is done: the checklist is no longer shown. */
  complete: z.boolean(),
});
export type SetupChecklistOut = z.infer<typeof setupChecklistOut>;
