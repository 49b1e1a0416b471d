// Fixed value sets of the product (spec §9). Used by the schema, the zod inputs and the UI.
export const UNITS = ['Kg', 'Pcs', 'Set', 'C/s', 'Tin', 'Bag', 'Btl', 'Pkt', 'Gln'] as const;
export type Unit = (typeof UNITS)[number];

export const ITEM_TYPES = [
  'Regular',
  'Special',
  'Price Up',
  'Price Down',
  'Out of Stock',
  'Limited Stock',
  'Restocked',
  'New Item',
] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

export const ITEM_COUNTS = ['Count', 'Not Count'] as const;
export const SHOW_DESCRIPTION = ['Dont Show', 'Show'] as const;

export const EMPLOYEE_ROLES = ['driver', 'manager'] as const;
export type EmployeeRole = (typeof EMPLOYEE_ROLES)[number];

export const ACCOUNT_KINDS = ['admin', 'employee', 'customer'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export const PAYMENT_METHODS = ['cash', 'monthly'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * What a `payment` row is (ADR 069): money received, or the rest of an invoice paid by bank
 * transfer that the office wrote off as the bank's transfer fee (振込手数料) the restaurant
 * deducted. A fee settles the invoice but is never counted as money received.
 */
export const PAYMENT_KINDS = ['payment', 'bank_fee'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/**
 * How a payment was paid (ADR 107): cash (a driver's collection, or cash at the office) or a
 * bank transfer. The receipt and the journal entries say it; old payments without it are read
 * as before (a driver collected it or the customer pays cash).
 */
export const PAID_BY = ['cash', 'transfer'] as const;
export type PaidBy = (typeof PAID_BY)[number];

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * A standing order's run for one delivery date (ADR 037): drafted, then at the cut-off confirmed
 * (an ordinary order) or skipped; no draft on a holiday or a paused date; 'empty' when every
 * line was left out; 'missed' when the server was down past the delivery day itself.
 */
export const STANDING_RUN_STATUSES = [
  'draft',
  'confirmed',
  'skipped',
  'holiday',
  'paused',
  'empty',
  'missed',
] as const;
export type StandingRunStatus = (typeof STANDING_RUN_STATUSES)[number];

export const INFORMATION_TYPES = ['slider', 'popup'] as const;
export type InformationType = (typeof INFORMATION_TYPES)[number];

/** The languages a customer's documents are printed in. */
export const DOCUMENT_LANGUAGES = ['ja', 'en'] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];

/** Where an invoice came from: typed by the office, one cash delivery, or a monthly closing. */
export const INVOICE_KINDS = ['manual', 'delivery', 'closing'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** Documents numbered in sequence per kind, without gaps (DESIGN §7). */
export const DOCUMENT_KINDS = ['invoice', 'slip', 'statement', 'receipt', 'creditNote'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** A customer's report of a goods issue, and what the office decided. */
export const CLAIM_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const INVOICE_STATUSES = ['Pending', 'Partial Paid', 'Completed'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Item types with a badge on the product card, and the badge's English label key. */
const BADGE_KEYS = {
  Special: 'badge.special',
  'New Item': 'badge.newItem',
  'Limited Stock': 'badge.limitedStock',
  'Price Up': 'badge.priceUp',
  'Price Down': 'badge.priceDown',
  'Out of Stock': 'badge.outOfStock',
  Restocked: 'badge.restocked',
} as const satisfies Partial<Record<ItemType, string>>;
export type ItemTypeBadgeKey = (typeof BADGE_KEYS)[keyof typeof BADGE_KEYS];
export const ITEM_TYPE_BADGES: Partial<Record<ItemType, ItemTypeBadgeKey>> = BADGE_KEYS;

/** Interface languages: English, Nepali, Japanese (ADR 012, 025). */
export const LANGUAGES = ['en', 'ne', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

/** What an audit entry records. */
export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;

/** Why a counted product's stock moved (stock_movement.reason, ADR 036). */
export const STOCK_REASONS = ['order', 'cancel', 'short', 'receipt', 'adjust'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** What a restaurant's person does there (shown on the People screen; all order alike). */
export const PERSON_TITLES = ['owner', 'chef', 'manager', 'staff'] as const;
export type PersonTitle = (typeof PERSON_TITLES)[number];
