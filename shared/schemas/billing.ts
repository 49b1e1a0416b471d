import { z } from 'zod';
import { CLAIM_STATUSES } from '../enums';
import { MAX_QUANTITY } from '../rules';
import { PRICE_BASES } from '../tax';
import { isCalendarDate } from './common';

// Billing from deliveries: what a driver really delivered, the office's closing run, goods
// claims and credit notes (ADR 033). Money is whole yen; dates are YYYY-MM-DD.

/** Why a line was delivered short: as the driver's job card offers them. */
export const SHORT_REASONS = ['short', 'refused', 'damaged', 'substituted'] as const;
export type ShortReason = (typeof SHORT_REASONS)[number];

/** A customer may report a goods issue within this long after delivery (checkout terms). */
export const CLAIM_WINDOW_MS = 48 * 3600 * 1000;

const id = z.string({ error: 'common.idRequired' }).trim().min(1, 'common.idRequired').max(64);

const isoDate = z
  .string({ error: 'invoice.dateRequired' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invoice.dateInvalid')
  .refine(isCalendarDate, 'invoice.dateInvalid');

/**
 * What the driver handed over instead of a line (reason `substituted`): another product, billed
 * at the customer's price as a line of its own (ADR 050). At most what an order line may hold.
 */
export const substituteInput = z.object({
  productId: z
    .string({ error: 'delivery.substituteRequired' })
    .trim()
    .min(1, 'delivery.substituteRequired')
    .max(64),
  quantity: z
    .number({ error: 'delivery.substituteQuantityRange' })
    .int('delivery.substituteQuantityRange')
    .min(1, 'delivery.substituteQuantityRange')
    .max(MAX_QUANTITY, 'delivery.substituteQuantityRange'),
});
export type SubstituteInput = z.infer<typeof substituteInput>;

/** One line the driver delivered differently from the order. */
export const deliveredLineInput = z
  .object({
    lineId: id,
    deliveredQuantity: z
      .number({ error: 'delivery.deliveredQuantityRange' })
      .int('delivery.deliveredQuantityRange')
      .min(0, 'delivery.deliveredQuantityRange')
      .max(100_000, 'delivery.deliveredQuantityRange'),
    reason: z.enum(SHORT_REASONS, { error: 'delivery.shortReasonRequired' }),
    /** Required when the reason is `substituted`, refused for any other reason. */
    substitute: substituteInput.optional(),
  })
  .superRefine((l, ctx) => {
    if (l.reason === 'substituted' && !l.substitute) {
      ctx.addIssue({
        code: 'custom',
        path: ['substitute'],
        message: 'delivery.substituteRequired',
      });
    }
    if (l.reason !== 'substituted' && l.substitute) {
      ctx.addIssue({
        code: 'custom',
        path: ['substitute'],
        message: 'delivery.substituteOnlyWhenSubstituted',
      });
    }
  });
export type DeliveredLineInput = z.infer<typeof deliveredLineInput>;

/**
 * What a driver's phone needs to offer a substitute without signal (ADR 050): every product
 * (name, unit, its own price and tax rate) and, for each restaurant on the driver's pending
 * jobs, the prices that differ from the product's (its price list and its own prices, as
 * placement takes them) and the products hidden from it. The server prices the line again when
 * the delivery arrives; the phone uses these to show the cash to collect.
 */
export const substituteChoicesOut = z.object({
  /** The basis the prices are in: the catalogue's now (an order may record the other). */
  basis: z.enum(PRICE_BASES),
  products: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      nameNe: z.string().nullable(),
      nameJa: z.string().nullish(),
      sku: z.string(),
      price: z.number().int(),
      taxRate: z.union([z.literal(8), z.literal(10)]),
    }),
  ),
  customers: z.array(
    z.object({
      customerId: z.string(),
      /** Product id -> this restaurant's price, where it is not the product's own. */
      prices: z.record(z.string(), z.number().int()),
      hidden: z.array(z.string()),
    }),
  ),
});
export type SubstituteChoicesOut = z.infer<typeof substituteChoicesOut>;

// --- Closing run ----------------------------------------------------------------------------------

export const closingInput = z.object({
  closingDate: isoDate,
  /** One customer only; absent: every monthly customer whose closing day is that date. */
  customerId: id.optional(),
});

export const closingCustomerOut = z.object({
  customerId: z.string(),
  restaurantName: z.string(),
  customerCode: z.string(),
  closingDay: z.number().int().nullable(),
  periodStart: z.string(),
  periodEnd: z.string(),
  orders: z.number().int(),
  /** Delivered amount of the period with tax (tax per rate once on the invoice). */
  amount: z.number().int(),
  net8: z.number().int(),
  tax8: z.number().int(),
  net10: z.number().int(),
  tax10: z.number().int(),
  /** Credit notes waiting to be deducted on this invoice. */
  credit: z.number().int(),
  dueDate: z.string().nullable(),
  /** Already closed for this date (a statement exists): nothing will be made. */
  closed: z.boolean(),
  /**
   * The period's other invoices the statement counts beside the deliveries: hand-made ones
   * (ADR 034) and cash deliveries' (ADR 091).
   */
  handMade: z.number().int(),
  /** Those invoices one by one, to open them from the closing screen. */
  handMadeInvoices: z.array(
    z.object({ id: z.string(), number: z.string().nullable(), amount: z.number().int() }),
  ),
  /** The statement's balance brought forward: its previous amount due, less cancellations. */
  previousBalance: z.number().int(),
  /** Money received in the period (no bank fee written off). */
  paymentsReceived: z.number().int(),
  /** Bank transfer fees written off in the period (調整額（振込手数料）, ADR 069). */
  adjustments: z.number().int(),
  /** What the statement will ask for: the balance carried over plus this period's amounts. */
  amountDue: z.number().int(),
  /** Whether the run makes a statement for this customer (also with no delivery, for a balance). */
  statement: z.boolean(),
  /**
   * Closed: the statement made for this date and the invoices it billed the deliveries with; the
   * row's figures are theirs. Null while not closed.
   */
  issued: z
    .object({
      statementId: z.string(),
      statementNumber: z.string().nullable(),
      invoices: z.array(z.object({ id: z.string(), number: z.string().nullable() })),
    })
    .nullable(),
});
export type ClosingCustomerOut = z.infer<typeof closingCustomerOut>;

export const closingPreviewOut = z.object({
  closingDate: z.string(),
  customers: z.array(closingCustomerOut),
  total: z.number().int(),
});
export type ClosingPreviewOut = z.infer<typeof closingPreviewOut>;

/**
 * The date the closing screen opens on: the latest closing date up to today with a customer
 * still to close (something to invoice or a statement to make); when none, the latest closing
 * date of any monthly customer (all closed), or the last month end without one.
 */
export const closingDueOut = z.object({
  closingDate: z.string(),
  /** Customers with something to close on that date (0: nothing is due). */
  customers: z.number().int().nonnegative(),
});
export type ClosingDueOut = z.infer<typeof closingDueOut>;

export const closingResultOut = z.object({
  closingDate: z.string(),
  results: z.array(
    z.object({
      customerId: z.string(),
      restaurantName: z.string(),
      invoiceId: z.string().nullable(),
      invoiceNumber: z.string().nullable(),
      /**
       * Every invoice the run made for the customer: one, or one per price basis when its
       * period holds orders placed before and after a change of the basis (ADR 053).
       */
      invoices: z.array(z.object({ id: z.string(), number: z.string() })),
      statementId: z.string().nullable(),
      statementNumber: z.string().nullable(),
      orders: z.number().int(),
      amount: z.number().int(),
      amountDue: z.number().int(),
      dueDate: z.string().nullable(),
    }),
  ),
  invoiced: z.number().int(),
  total: z.number().int(),
});
export type ClosingResultOut = z.infer<typeof closingResultOut>;

// --- Goods claims and credit notes -------------------------------------------------------------

export const claimCreateInput = z.object({
  orderLineId: id,
  quantity: z
    .number({ error: 'claim.quantityRange' })
    .int('claim.quantityRange')
    .min(1, 'claim.quantityRange')
    .max(100_000, 'claim.quantityRange'),
  reason: z
    .string({ error: 'claim.reasonRequired' })
    .trim()
    .min(1, 'claim.reasonRequired')
    .max(1000, 'claim.reasonTooLong'),
  /** The name of a photo uploaded through POST /api/upload?purpose=claim. */
  photo: z.string().trim().max(200).optional(),
});

export const claimDecideInput = z.object({
  id,
  approve: z.boolean(),
  note: z.string().trim().max(1000, 'claim.reasonTooLong').optional().default(''),
  /** Approve fewer than claimed (the credit note's quantity); absent: as claimed. */
  quantity: z
    .number({ error: 'claim.creditQuantityRange' })
    .int('claim.creditQuantityRange')
    .min(1, 'claim.creditQuantityRange')
    .max(100_000, 'claim.creditQuantityRange')
    .optional(),
});

export const claimListInput = z
  .object({ status: z.enum(CLAIM_STATUSES).optional() })
  .optional()
  .default({});

export const claimOut = z.object({
  _id: z.string(),
  customerId: z.string().nullable(),
  restaurantName: z.string(),
  orderId: z.string(),
  orderNumber: z.number().int().nullable(),
  orderLineId: z.string(),
  productName: z.string(),
  /** The product's Nepali name, when it has one. */
  nameNe: z.string().nullable(),
  /** The line's Japanese name as it was placed, when it had one (ADR 064). */
  nameJa: z.string().nullish(),
  sku: z.string(),
  unitPrice: z.number().int(),
  deliveredQuantity: z.number().int(),
  quantity: z.number().int(),
  reason: z.string(),
  photo: z.string().nullable(),
  status: z.enum(CLAIM_STATUSES),
  decisionNote: z.string().nullable(),
  decidedAt: z.string().nullable(),
  creditNoteId: z.string().nullable(),
  creditNoteNumber: z.string().nullable(),
  /** What its credit note credits (approved claims; may be fewer than claimed), else null. */
  creditedQuantity: z.number().int().nullish(),
  createdAt: z.string(),
});
export type ClaimOut = z.infer<typeof claimOut>;
export const claimListOut = z.array(claimOut);

/** A delivered line the customer may still report (within 48 hours of delivery). */
export const claimableOut = z.array(
  z.object({
    orderId: z.string(),
    orderNumber: z.number().int(),
    deliveredAt: z.string(),
    claimUntil: z.string(),
    lines: z.array(
      z.object({
        orderLineId: z.string(),
        name: z.string(),
        /** The product's Nepali name, when it has one. */
        nameNe: z.string().nullable(),
        /** The line's Japanese name as it was placed, when it had one (ADR 064). */
        nameJa: z.string().nullish(),
        sku: z.string(),
        /** What was delivered less what is already reported. */
        claimable: z.number().int(),
      }),
    ),
  }),
);

export const creditableInput = z.object({ invoiceId: id });

/** The lines of an issued invoice a credit note may correct, with what each billed and took back. */
export const creditableOut = z.object({
  invoiceId: z.string(),
  number: z.string().nullable(),
  lines: z.array(
    z.object({
      /** What `creditNotes.create` takes as `invoiceLineId`. */
      invoiceLineId: z.string(),
      /** YYYY-MM-DD of its delivery: a month's invoice bills the same product on several days. */
      date: z.string().nullish(),
      name: z.string(),
      /** Its Japanese name as billed (ADR 064). */
      nameJa: z.string().nullish(),
      sku: z.string(),
      unitPrice: z.number().int(),
      taxRate: z.union([z.literal(8), z.literal(10)]),
      /** Quantity the invoice billed. */
      invoiced: z.number().int(),
      /** Quantity earlier credit notes already took back (at most invoiced - credited is left). */
      credited: z.number().int(),
    }),
  ),
});
export type CreditableOut = z.infer<typeof creditableOut>;

export const creditNoteCreateInput = z.object({
  invoiceId: id,
  reason: z
    .string({ error: 'claim.reasonRequired' })
    .trim()
    .min(1, 'claim.reasonRequired')
    .max(1000, 'claim.reasonTooLong'),
  lines: z
    .array(
      z.object({
        invoiceLineId: id,
        quantity: z
          .number({ error: 'claim.quantityRange' })
          .int('claim.quantityRange')
          .min(1, 'claim.quantityRange')
          .max(100_000, 'claim.quantityRange'),
      }),
    )
    .min(1, 'claim.creditNoLines')
    .max(200),
});

export const creditNoteOut = z.object({
  _id: z.string(),
  number: z.string(),
  customerId: z.string().nullable(),
  invoiceId: z.string().nullable(),
  claimId: z.string().nullable(),
  issueDate: z.string(),
  reason: z.string(),
  net8: z.number().int(),
  tax8: z.number().int(),
  net10: z.number().int(),
  tax10: z.number().int(),
  total: z.number().int(),
  appliedToInvoiceId: z.string().nullable(),
  lines: z.array(
    z.object({
      name: z.string(),
      unitPrice: z.number().int(),
      quantity: z.number().int(),
      amount: z.number().int(),
      taxRate: z.number().int(),
    }),
  ),
});
export type CreditNoteOut = z.infer<typeof creditNoteOut>;

export const invoiceCancelInput = z.object({
  id,
  reason: z
    .string({ error: 'invoice.cancelReasonRequired' })
    .trim()
    .min(1, 'invoice.cancelReasonRequired')
    .max(1000, 'invoice.noteTooLong'),
});
