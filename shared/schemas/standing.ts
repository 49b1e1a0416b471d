import { z } from 'zod';
import { STANDING_RUN_STATUSES, WEEKDAYS } from '../enums';
import { MAX_QUANTITY } from '../rules';
import { isCalendarDate } from './common';
import { MAX_LINES } from './orders';

// Standing orders (ADR 037): the usual order per delivery weekday, pauses, and the runs
// (drafts and their outcome) the server makes before each delivery day.

const isoDate = z
  .string({ error: 'standing.dateFormat' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'standing.dateFormat')
  .refine(isCalendarDate, 'standing.dateFormat');

export const standingLineIn = z.object({
  product: z.string().trim().min(1).max(64),
  quantity: z
    .number({ error: 'standing.quantityRange' })
    .int('standing.quantityRange')
    .min(1, 'standing.quantityRange')
    .max(MAX_QUANTITY, 'standing.quantityRange'),
});
export type StandingLineIn = z.infer<typeof standingLineIn>;

const weekday = z.enum(WEEKDAYS, { error: 'standing.weekday' });

export const usualOrderInput = z.object({
  weekday,
  lines: z.array(standingLineIn).max(MAX_LINES, 'order.tooManyLines'),
});
export const usualOrderForInput = usualOrderInput.extend({ customerId: z.string().min(1).max(64) });
export const customerIdInput = z.object({ customerId: z.string().min(1).max(64) });

export const standingDayOut = z.object({
  weekday,
  lines: z.array(
    z.object({
      product: z.string(),
      name: z.string(),
      /** The product's Nepali name, when it has one. */
      nameNe: z.string().nullable(),
      nameJa: z.string().nullish(),
      quantity: z.number().int(),
    }),
  ),
  /**
   * When this weekday's draft appears (`leadHours` before the cut-off, the standing settings):
   * the weekday and time of day in the business's zone, e.g. Wednesday 22:00 for Thursday.
   */
  draftsFrom: z.object({ weekday, time: z.string() }),
  /** The cut-off (HH:MM on the delivery day itself): the draft may change until then. */
  cutoff: z.string(),
  leadHours: z.number().int(),
});
export type StandingDayOut = z.infer<typeof standingDayOut>;

export const pauseInput = z.object({ from: isoDate, to: isoDate });
export const pauseForInput = pauseInput.extend({ customerId: z.string().min(1).max(64) });
export const pauseIdInput = z.object({ id: z.string().min(1).max(64) });
export const pauseIdForInput = pauseIdInput.extend({ customerId: z.string().min(1).max(64) });
export const standingPauseOut = z.object({ id: z.string(), from: z.string(), to: z.string() });
export type StandingPauseOut = z.infer<typeof standingPauseOut>;

export const standingDraftLineOut = z.object({
  productId: z.string(),
  name: z.string(),
  /** The product's Nepali name, when it has one. */
  nameNe: z.string().nullable(),
  nameJa: z.string().nullish(),
  sku: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  lineTotal: z.number().int(),
  /** False: the line is left out of the order; `reason` is an error code saying why. */
  available: z.boolean(),
  reason: z.string().nullable(),
});

export const standingRunOut = z.object({
  id: z.string(),
  customerId: z.string(),
  restaurantName: z.string(),
  customerCode: z.string(),
  deliveryDate: z.string(),
  status: z.enum(STANDING_RUN_STATUSES),
  skip: z.boolean(),
  lines: z.array(standingDraftLineOut),
  total: z.number().int(),
  reason: z.string().nullable(),
  orderId: z.string().nullable(),
  /**
   * The customer's other orders for this delivery date (not the one this run placed). While
   * there is one, the run is not placed at the cut-off (it ends skipped, `standing.alreadyOrdered`).
   */
  otherOrders: z.array(z.object({ id: z.string(), orderNumber: z.number().int() })),
  /** ISO instant: the draft may be changed until then. */
  cutoffAt: z.string(),
});
export type StandingRunOut = z.infer<typeof standingRunOut>;

export const updateDraftInput = z.object({
  deliveryDate: isoDate,
  lines: z.array(standingLineIn).max(MAX_LINES, 'order.tooManyLines'),
  skip: z.boolean().optional().default(false),
});

export const updateDraftForInput = updateDraftInput.extend({
  customerId: z.string().min(1).max(64),
});

export const runsForDateInput = z.object({ deliveryDate: isoDate });

export const standingSettingsIn = z.object({
  /** How many hours before the cut-off the drafts are made. */
  leadHours: z
    .number({ error: 'standing.leadHours' })
    .int('standing.leadHours')
    .min(1, 'standing.leadHours')
    .max(72, 'standing.leadHours'),
});
export type StandingSettings = z.infer<typeof standingSettingsIn>;
export const DEFAULT_STANDING_SETTINGS: StandingSettings = { leadHours: 6 };

export const orderSheetOut = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    /** The product's Nepali name, when it has one. */
    nameNe: z.string().nullable(),
    nameJa: z.string().nullish(),
    sku: z.string(),
    price: z.number().int(),
  }),
);
