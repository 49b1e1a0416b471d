import { z } from 'zod';
import { INVOICE_STATUSES, PAID_BY, PAYMENT_KINDS, PAYMENT_METHODS } from '../enums';
import { isCalendarDate, numberField, plainNumber } from './common';
import { invoiceTaxRate, taxRateOut } from './tax';

// Invoices, payments, notes and cash handovers: the inputs both doors validate and the
// outputs that may leave the server. Money is whole yen (DESIGN §3); dates are YYYY-MM-DD.

export const INVOICES_PAGE_SIZE = 30;
/** The Done tab's keyword search is bounded like every free-text input. */
export const MAX_KEYWORD = 100;

const id = z.string({ error: 'common.idRequired' }).trim().min(1, 'common.idRequired').max(64);

/** A required YYYY-MM-DD date inside the date pickers' range (spec §5). */
export const isoDate = (requiredCode: 'invoice.dateRequired' | 'common.required') =>
  z
    .string({ error: requiredCode })
    .trim()
    .min(1, requiredCode)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'invoice.dateInvalid')
    .refine(isCalendarDate, 'invoice.dateInvalid');

/** Whole yen above zero: 'Amount is required', 'Amount must be a positive number'. */
const numeric = plainNumber;

export const yenAmount = z
  .preprocess(numeric, numberField('invoice.amountRequired', 'invoice.amountWhole'))
  .refine((n) => n > 0, 'invoice.amountPositive')
  .refine((n) => Number.isInteger(n), 'invoice.amountWhole')
  .refine((n) => n <= 1_000_000_000, 'invoice.amountTooLarge');

const optionalDate = z
  .union([z.literal(''), z.null(), isoDate('common.required')])
  .optional()
  .transform((v) => (v ? v : null));

const optionalId = z
  .union([z.literal(''), z.null(), id])
  .optional()
  .transform((v) => (v ? v : null));

// --- Invoices ---------------------------------------------------------------------------------

export const invoiceIdInput = z.object({
  id: z.string().trim().min(1, 'common.idRequired').max(64),
});
export const customerInvoicesInput = z.object({
  customerId: z.string().trim().min(1, 'common.idRequired').max(64),
});

export const invoiceCreateInput = z.object({
  customer: z.string({ error: 'common.required' }).trim().min(1, 'common.required').max(64),
  amount: z
    .preprocess(numeric, numberField('common.required', 'invoice.amountWhole'))
    .refine((n) => n > 0, 'invoice.amountPositive')
    .refine((n) => Number.isInteger(n), 'invoice.amountWhole')
    .refine((n) => n <= 1_000_000_000, 'invoice.amountTooLarge'),
  dueDate: optionalDate,
  note: z.string().trim().max(2000, 'invoice.noteTooLong').optional().default(''),
  assignToCollect: optionalId,
  /** The consumption-tax rate the amount includes (8 or 10). */
  taxRate: invoiceTaxRate,
});
export type InvoiceCreateInput = z.input<typeof invoiceCreateInput>;

export const invoiceUpdateInput = invoiceCreateInput.extend({
  id,
  /**
   * The invoice as the form showed it when opened (ADR 109): a field left as shown keeps what
   * someone else saved meanwhile (a collector given from the list), one both changed answers
   * 409 `invoice.changedMeanwhile`. Absent, or no longer passing the form's rules: as sent.
   */
  seen: invoiceCreateInput.partial().optional().catch(undefined),
});
export type InvoiceUpdateInput = z.input<typeof invoiceUpdateInput>;

/** The invoice lists' tabs, by the customer's payment method; not an invoice's `kind` (enums.ts). */
export const invoiceTab = z.enum(['cash', 'monthly', 'all']);
export type InvoiceTab = z.infer<typeof invoiceTab>;

/** `cursor` is the page number as tRPC's infinite queries send it ('load more'). */
const cursor = z.number().int().min(1).max(100_000).nullish();

export const invoiceListInput = z.object({
  kind: invoiceTab,
  pageNumber: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  cursor,
});

/** The Done tab's query string (REST sends no cursor). */
export const completedQuery = z.object({
  keyword: z.string().trim().max(MAX_KEYWORD).optional().default(''),
  pageNumber: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});

export const completedInput = completedQuery
  .extend({ cursor })
  .optional()
  .default({ keyword: '', pageNumber: 1 });

// --- Payments and notes -------------------------------------------------------------------------

/** A driver's queued payment may be sent this long after it was taken (ADR 023). */
export const PAYMENT_TAKEN_MAX_AGE_DAYS = 3;
/** A phone's clock may run this far ahead of the server's; the time kept is never later than now. */
export const PAYMENT_TAKEN_SKEW_MS = 5 * 60 * 1000;
/** How far back the office may date a payment unless the business sets otherwise. */
export const DEFAULT_PAYMENT_BACKDATE_DAYS = 90;

/**
 * When the driver took the payment, as the phone's queue kept it (ISO 8601 instant). The
 * payment's date is that instant's day in the business's time zone.
 */
const takenAt = z.iso.datetime({ offset: true, error: 'invoice.takenAtInvalid' }).optional();

/**
 * How the money was paid (ADR 107): 'cash' or 'transfer'. The office's form sends it; without
 * it the office's payment is taken as the customer pays (cash, or a transfer for a monthly
 * customer). A driver's collection is always cash.
 */
const paidBy = z.enum(PAID_BY, { error: 'invoice.paidByInvalid' }).optional();

/**
 * A driver's payment is dated by the server (today, or the day of `takenAt`); a date sent must
 * be that day. The office may send another date, within the business's window (ADR 023).
 */
export const paymentInput = z.object({
  invoiceId: id,
  amount: yenAmount,
  date: isoDate('invoice.dateRequired').optional(),
  takenAt,
  /**
   * The office's: what the payment leaves unpaid (more than 0, at most BANK_FEE_WRITE_OFF_MAX)
   * is written off as the bank transfer fee the restaurant deducted, in the same transaction
   * (ADR 069). A driver sending it is refused.
   */
  writeOffRest: z.boolean().optional(),
  method: paidBy,
});
export type PaymentInput = z.input<typeof paymentInput>;

export const paymentEditInput = z.object({
  invoiceId: id,
  _id: id,
  amount: yenAmount,
  date: isoDate('invoice.dateRequired'),
  /** Changes how it was paid; without it the payment keeps its own. */
  method: paidBy,
});

/** Takes back a bank transfer fee written off by mistake (ADR 069). */
export const bankFeeRemoveInput = z.object({
  invoiceId: id,
  _id: id,
});

export const fullPaymentInput = z.object({
  invoiceId: id,
  date: isoDate('invoice.dateRequired').optional(),
  takenAt,
  method: paidBy,
});

export const noteInput = z.object({
  invoiceId: id,
  note: z
    .string({ error: 'invoice.noteRequired' })
    .trim()
    .min(1, 'invoice.noteRequired')
    .max(2000, 'invoice.noteTooLong'),
  date: isoDate('invoice.dateRequired'),
  /** The spec's client sends the author; the server takes it from the session instead. */
  notesBy: z.unknown().optional(),
  nextFollowUp: optionalDate,
});
export type NoteInput = z.input<typeof noteInput>;

// --- Outputs ----------------------------------------------------------------------------------

export const paymentOut = z.object({
  _id: z.string(),
  amount: z.number().int(),
  date: z.string(),
  /** The collector's username (for a bank fee, who wrote it off). */
  collectedBy: z.string().nullable(),
  createdAt: z.string(),
  /**
   * 'payment': money received. 'bank_fee': the rest written off as the bank transfer fee the
   * restaurant deducted (ADR 069): it settles the invoice but is no money received.
   */
  kind: z.enum(PAYMENT_KINDS),
  /**
   * How it was paid (ADR 107), as its receipt says it: recorded with it, or for an older
   * payment, cash when a driver collected it or the customer pays cash. Null on a bank fee.
   */
  method: z.enum(PAID_BY).nullable().optional(),
});
export type PaymentOut = z.infer<typeof paymentOut>;

export const noteOut = z.object({
  _id: z.string(),
  note: z.string(),
  date: z.string(),
  notesBy: z.string().nullable(),
  nextFollowUp: z.string().nullable(),
});
export type NoteOut = z.infer<typeof noteOut>;

export const invoiceOut = z.object({
  _id: z.string(),
  customer: z
    .object({
      _id: z.string(),
      customerCode: z.string(),
      restaurantName: z.string(),
      phoneNumber: z.string(),
      mobileNumber: z.string().nullable(),
      contactPerson: z.string().nullable(),
      paymentMethod: z.enum(PAYMENT_METHODS),
    })
    .nullable(),
  /** The customer as it was when deleted (`customer` is then null): 'Deleted Restaurant'. */
  deletedCustomer: z
    .object({
      restaurantName: z.string(),
      customerCode: z.string(),
      paymentMethod: z.enum(PAYMENT_METHODS),
    })
    .nullable(),
  dueDate: z.string().nullable(),
  amount: z.number().int(),
  paidAmount: z.number().int(),
  pendingAmount: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
  note: z.string(),
  assignToCollect: z.object({ _id: z.string(), username: z.string(), name: z.string() }).nullable(),
  payments: z.array(paymentOut),
  notes: z.array(noteOut),
  /** More than two months past its due date with money pending (spec §9). */
  overdue: z.boolean(),
  /**
   * Past its due date (before the business's today) with money pending, however long: true
   * whenever `overdue` is.
   */
  pastDue: z.boolean(),
  createdAt: z.string(),
  /** Its qualified-invoice number and how it was made (ADR 032/033); absent on old rows. */
  number: z.string().nullable().optional(),
  kind: z.enum(['manual', 'delivery', 'closing']).optional(),
  /** A hand-made invoice's rate (ADR 046); null for invoices made from deliveries. */
  taxRate: taxRateOut.nullable().optional(),
  /** Set when the invoice was cancelled (ADR 034): it no longer counts anywhere. */
  cancelled: z.object({ at: z.string(), by: z.string(), reason: z.string() }).nullable().optional(),
});
export type InvoiceOut = z.infer<typeof invoiceOut>;

/** A cancelled invoice and the corrected one issued in its place, if any (ADR 034). */
export const invoiceCancelOut = z.object({
  invoice: invoiceOut,
  reissued: z.object({ id: z.string(), number: z.string() }).nullable(),
});

export const invoicePageOut = z.object({
  invoices: z.array(invoiceOut),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type InvoicePageOut = z.infer<typeof invoicePageOut>;

export const invoicesWithDuesOut = z.object({
  invoices: z.array(invoiceOut),
  totalDues: z.number().int(),
});

export const historyEntryOut = z.object({
  _id: z.string(),
  entity: z.string(),
  entityId: z.string(),
  action: z.string(),
  actorName: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type HistoryEntryOut = z.infer<typeof historyEntryOut>;
export const invoiceHistoryOut = z.array(historyEntryOut);

// --- Reports ------------------------------------------------------------------------------------

export const AGING_BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

const bucketAmounts = z.object({
  current: z.number().int(),
  d1_30: z.number().int(),
  d31_60: z.number().int(),
  d61_90: z.number().int(),
  over90: z.number().int(),
  total: z.number().int(),
});
export type BucketAmounts = z.infer<typeof bucketAmounts>;

export const agingOut = z.object({
  today: z.string(),
  customers: z.array(
    bucketAmounts.extend({
      customerId: z.string().nullable(),
      customerCode: z.string(),
      restaurantName: z.string(),
    }),
  ),
  totals: bucketAmounts,
});
export type AgingOut = z.infer<typeof agingOut>;

export const overdueCustomerOut = z.object({
  customerId: z.string(),
  customerCode: z.string(),
  restaurantName: z.string(),
  /** Pending on the invoices more than two months past due. */
  overdueAmount: z.number().int(),
  /** Pending on all of the customer's invoices. */
  totalDues: z.number().int(),
  oldestDueDate: z.string(),
});
export type OverdueCustomerOut = z.infer<typeof overdueCustomerOut>;
export const overdueCustomersOut = z.array(overdueCustomerOut);

export const myOverdueOut = z.object({
  overdue: z.boolean(),
  overdueAmount: z.number().int(),
  /** The office has put the account on credit hold: new orders wait for its review. */
  creditHold: z.boolean(),
});

export const duesOut = z.array(
  z.object({
    customerId: z.string(),
    totalDues: z.number().int(),
    overdue: z.boolean(),
    /** All of the customer's overdue money, whoever holds its invoices. */
    overdueAmount: z.number().int(),
    /**
     * The overdue money on invoices the caller may record a payment on: what the job card asks
     * the driver to collect before unloading (ADR 079). The office's is all of it.
     */
    overdueToCollect: z.number().int(),
    /** The rest, by who holds it: another collector by name, or the office (null). */
    overdueHeldElsewhere: z.array(
      z.object({ heldBy: z.string().nullable(), amount: z.number().int() }),
    ),
  }),
);
export type DuesOut = z.infer<typeof duesOut>;
/** The customers on a driver's jobs. */
export const duesInput = z.object({
  customerIds: z.array(z.string().trim().min(1).max(64)).max(500),
});

export const byDateInput = z.object({
  /** A day of the month (1-31), or a YYYY-MM-DD date whose day is taken. */
  paymentDate: z
    .string({ error: 'invoice.paymentDayInvalid' })
    .trim()
    .refine((v) => !/^\d{4}-\d{2}-\d{2}$/.test(v) || isCalendarDate(v), 'invoice.paymentDayInvalid')
    .transform((v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? String(Number(v.slice(8))) : v))
    .pipe(
      z
        .string()
        .transform(Number)
        .pipe(
          z
            .number({ error: 'invoice.paymentDayInvalid' })
            .int('invoice.paymentDayInvalid')
            .min(1, 'invoice.paymentDayInvalid')
            .max(31, 'invoice.paymentDayInvalid'),
        ),
    ),
});

export const byDateOut = z.object({
  invoices: z.array(invoiceOut),
  totalAmountToCollect: z.number().int(),
});

export const forecastOut = z.object({
  days: z.array(
    z.object({ date: z.string(), amount: z.number().int(), customers: z.number().int() }),
  ),
  total: z.number().int(),
});
export type ForecastOut = z.infer<typeof forecastOut>;

export const followUpOut = z.array(
  z.object({
    invoice: invoiceOut,
    nextFollowUp: z.string(),
    lastNote: z.string(),
  }),
);
export type FollowUpOut = z.infer<typeof followUpOut>;

// --- Cash handover ------------------------------------------------------------------------------

export const handoverDayInput = z
  .object({ date: isoDate('common.required').optional() })
  .optional()
  .default({});

export const handoverOut = z.object({
  _id: z.string(),
  driverId: z.string().nullable(),
  driverName: z.string(),
  date: z.string(),
  collected: z.number().int(),
  handedOver: z.number().int(),
  confirmed: z.number().int().nullable(),
  confirmedBy: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  note: z.string(),
  createdAt: z.string(),
});
export type HandoverOut = z.infer<typeof handoverOut>;

export const driverDayOut = z.object({
  date: z.string(),
  customers: z.array(
    z.object({
      customerId: z.string().nullable(),
      restaurantName: z.string(),
      amount: z.number().int(),
      payments: z.number().int(),
    }),
  ),
  total: z.number().int(),
  handover: handoverOut.nullable(),
});
export type DriverDayOut = z.infer<typeof driverDayOut>;

const wholeYenOrZero = z
  .preprocess(numeric, numberField('invoice.amountRequired', 'invoice.amountWhole'))
  .refine((n) => Number.isInteger(n) && n >= 0, 'handover.amountInvalid')
  .refine((n) => n <= 1_000_000_000, 'invoice.amountTooLarge');

export const handOverInput = z.object({
  date: isoDate('invoice.dateRequired'),
  handedOver: wholeYenOrZero,
  note: z.string().trim().max(500, 'invoice.noteTooLong').optional().default(''),
});

export const confirmHandoverInput = z.object({
  id,
  confirmed: wholeYenOrZero,
  note: z.string().trim().max(500, 'invoice.noteTooLong').optional().default(''),
});

export const handoverReportInput = z.object({
  from: isoDate('common.required'),
  to: isoDate('common.required'),
});

/** One correction the office made to a confirmed handover's payments (ADR 023). */
export const handoverCorrectionOut = z.object({
  _id: z.string(),
  paymentId: z.string(),
  invoiceId: z.string().nullable(),
  restaurantName: z.string().nullable(),
  /** 0: the correction added the payment. */
  beforeAmount: z.number().int(),
  /** 0: the correction removed it. */
  afterAmount: z.number().int(),
  reason: z.string(),
  correctedBy: z.string(),
  createdAt: z.string(),
});
export type HandoverCorrectionOut = z.infer<typeof handoverCorrectionOut>;

export const handoverReportOut = z.array(
  z.object({
    driverId: z.string().nullable(),
    /** The driver's name (the username when none is set). */
    driverName: z.string(),
    /** The driver's login, shown beside the name (ADR 056). */
    driverUsername: z.string(),
    date: z.string(),
    /** What the driver's payments of the day add up to now. */
    collected: z.number().int(),
    handover: handoverOut.nullable(),
    /** The office's corrections after the handover was confirmed, oldest first. */
    corrections: z.array(handoverCorrectionOut),
  }),
);

export const handoverIdInput = z.object({ id });

/** A confirmed handover, its day's payments and its corrections (the office's handover screen). */
export const handoverDetailOut = z.object({
  handover: handoverOut,
  payments: z.array(
    z.object({
      _id: z.string(),
      invoiceId: z.string(),
      restaurantName: z.string().nullable(),
      amount: z.number().int(),
      date: z.string(),
    }),
  ),
  corrections: z.array(handoverCorrectionOut),
});
export type HandoverDetailOut = z.infer<typeof handoverDetailOut>;

/**
 * The office corrects a confirmed day: `paymentId` names a payment of that driver and day to set
 * to `amount` (0 removes it); without it, a payment of `amount` is added to `invoiceId`, dated
 * that day and collected by that driver. The reason is mandatory.
 */
export const handoverCorrectionInput = z
  .object({
    handoverId: id,
    paymentId: id.optional(),
    invoiceId: id.optional(),
    amount: wholeYenOrZero,
    reason: z
      .string({ error: 'handover.reasonRequired' })
      .trim()
      .min(1, 'handover.reasonRequired')
      .max(500, 'invoice.noteTooLong'),
  })
  .refine((v) => Boolean(v.paymentId || v.invoiceId), {
    message: 'handover.correctionTarget',
    path: ['invoiceId'],
  });
export type HandoverReportOut = z.infer<typeof handoverReportOut>;

export const heldOrderOut = z.array(
  z.object({
    _id: z.string(),
    orderNumber: z.number().int(),
    customerId: z.string().nullable(),
    restaurantName: z.string(),
    customerCode: z.string(),
    deliveryDate: z.string(),
    totalPrice: z.number().int(),
    createdAt: z.string(),
  }),
);

// --- Credit hold --------------------------------------------------------------------------------

const creditId = z.string().trim().min(1, 'common.idRequired').max(64);
export const releaseOrderInput = z.object({ id: creditId });
export const releasedOrderOut = z.object({ _id: z.string(), onHold: z.literal(false) });
export const creditHoldInput = z.object({ customerId: creditId, creditHold: z.boolean() });
export const creditHoldOut = z.object({ _id: z.string(), creditHold: z.boolean() });

// --- Money settings -----------------------------------------------------------------------------

export const moneySettingsOut = z.object({
  /** How many days back the office may date a payment. */
  paymentBackdateDays: z.number().int(),
});
export type MoneySettings = z.infer<typeof moneySettingsOut>;
export const moneySettingsInput = z.object({
  paymentBackdateDays: z
    .number({ error: 'settings.backdateDaysRange' })
    .int('settings.backdateDaysRange')
    .min(0, 'settings.backdateDaysRange')
    .max(3660, 'settings.backdateDaysRange'),
});
