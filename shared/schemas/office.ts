import { z } from 'zod';
import type { PaymentMonth } from '../closing-dates';
import {
  DOCUMENT_LANGUAGES,
  EMPLOYEE_ROLES,
  INFORMATION_TYPES,
  ITEM_COUNTS,
  ITEM_TYPES,
  PAYMENT_METHODS,
  SHOW_DESCRIPTION,
  UNITS,
  WEEKDAYS,
} from '../enums';
import { normalizePhone } from '../format';
import { REQUIRED, requiredText } from './auth';
import { idParam } from './catalogue';
import { isCalendarDate, numberField, plainNumber } from './common';
import { categoryTaxRate, productTaxRate, taxRateOut } from './tax';
import { lotField, minQuantityField } from './terms';

// The back office's inputs and outputs (spec §2-§5): customers, routes, products and
// categories, employees, promotions, the audit trail and CSV imports. The client's forms and
// the server validate with these same schemas; messages are error codes.

export const MIN_PASSWORD = 8;

/** Optional free text: blank becomes null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'field.tooLong')
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * Optional free text an edit may leave out: absent stays absent (unchanged), blank becomes
 * null. A PUT written before the field existed does not erase it (the Japanese names, ADR 064).
 */
const optionalTextOrAbsent = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'field.tooLong')
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

/**
 * A phone number typed with or without the leading 0, spaces or dashes; stored without. A
 * Japanese IME's full-width digits and dashes (０９０－１２３４－５６７８, ー in kana mode) and the
 * area code in brackets, 03(1234)5678, are read the same.
 */
const phone = (required: boolean) =>
  z
    .string({ error: REQUIRED })
    .transform((v) =>
      v
        .normalize('NFKC')
        .replace(/[\u2010-\u2015\u2212\u30fc()]/g, '-')
        .trim(),
    )
    .refine((v) => !required || v.length > 0, REQUIRED)
    .refine((v) => v === '' || /^[0-9\s-]{6,20}$/.test(v), 'field.phoneInvalid')
    .transform((v) => (v ? normalizePhone(v) : ''));

const password = z
  .string()
  .max(200, 'field.tooLong')
  .refine((v) => v === '' || v.length >= MIN_PASSWORD, 'field.passwordTooShort')
  .nullish()
  .transform((v) => (v ? v : null));

const username = z
  .string()
  .trim()
  .max(100, 'field.tooLong')
  .refine((v) => v === '' || /^[\w.@-]{3,100}$/.test(v), 'field.usernameInvalid')
  .nullish()
  // Sign-in compares usernames in lower case (server/accounts/auth.ts): store them so. Blank
  // means "no login"; absent (a PUT that leaves it out) means "unchanged".
  .transform((v) => (v === undefined ? undefined : v ? v.toLowerCase() : null));

// --- Routes and categories -------------------------------------------------------------------

export const routeInput = z.object({ name: requiredText(100) });
export const routeUpdateInput = routeInput.extend({ id: idParam });
export const routeOut = z.object({ _id: z.string(), name: z.string(), customerCount: z.number() });
export type RouteOut = z.infer<typeof routeOut>;
export const routeListOut = z.array(routeOut);

export const categoryInput = z.object({
  name: requiredText(100),
  nameNe: optionalText(100),
  /** The Japanese name, shown to Japanese readers (ADR 064). */
  nameJa: optionalText(100),
  /** The consumption-tax rate its products follow (8 reduced, 10 standard). */
  taxRate: categoryTaxRate,
});
export const categoryUpdateInput = categoryInput.extend({
  id: idParam,
  /** Absent: unchanged. */
  nameJa: optionalTextOrAbsent(100),
});
export const categoryAdminOut = z.object({
  _id: z.string(),
  name: z.string(),
  nameNe: z.string().nullable(),
  nameJa: z.string().nullish(),
  taxRate: taxRateOut,
  productCount: z.number(),
});
export type CategoryAdminOut = z.infer<typeof categoryAdminOut>;

/** A rank or a stock count: a whole number from 0, absent when left blank. */
const wholeCountOrAbsent = z.preprocess(
  plainNumber,
  numberField('field.wholeNumber', 'field.wholeNumber')
    .int('field.wholeNumber')
    .min(0, 'field.wholeNumber')
    .max(1_000_000, 'field.wholeNumber')
    .optional(),
);
/** A rank or a stock count: a whole number from 0, 0 when left blank. */
const wholeCount = wholeCountOrAbsent.transform((v) => v ?? 0);

// --- Products --------------------------------------------------------------------------------

export const productInput = z.object({
  name: z
    .string({ error: 'product.nameRequired' })
    .trim()
    .min(1, 'product.nameRequired')
    .max(200, 'field.tooLong'),
  nameNe: optionalText(200),
  /** The Japanese name, shown to Japanese readers and on Japanese documents (ADR 064). */
  nameJa: optionalText(200),
  category: z.string({ error: 'product.categoryRequired' }).min(1, 'product.categoryRequired'),
  // A blank price is missing, not 0; a CSV cell of plain digits is read as a number, and
  // nothing else is (docs/decisions/024).
  price: z.preprocess(
    plainNumber,
    numberField('product.priceRequired', 'product.priceWhole')
      .int('product.priceWhole')
      .min(0, 'product.priceNegative')
      .max(100_000_000, 'product.priceWhole'),
  ),
  description: z
    .string({ error: 'product.descriptionRequired' })
    .trim()
    .min(1, 'product.descriptionRequired')
    .max(2000, 'field.tooLong'),
  descriptionNe: optionalText(2000),
  sku: z.enum(UNITS, { error: REQUIRED }),
  image: optionalText(200),
  productRank: wholeCount,
  itemType: z.enum(ITEM_TYPES).default('Regular'),
  // Not counted unless the office says so: a counted product starts at the stock typed, and at
  // 0 it is out of stock the moment it is saved (docs/decisions/055).
  itemCount: z.enum(ITEM_COUNTS).default('Not Count'),
  showDescription: z.enum(SHOW_DESCRIPTION).default('Dont Show'),
  stockInCount: wholeCount,
  /** Its own consumption-tax rate; null follows the category. */
  taxRate: productTaxRate,
  /** The least one order line may hold and the case size (ADR 035); absent: unchanged / 1. */
  minQuantity: minQuantityField,
  lot: lotField,
});
export type ProductInput = z.input<typeof productInput>;
export const productUpdateInput = productInput.extend({
  id: idParam,
  /** Absent: unchanged (a PUT from before Japanese names keeps the one given). */
  nameJa: optionalTextOrAbsent(200),
  // Absent: unchanged. A PUT that leaves them out neither starts nor stops counting the
  // product's stock, nor sets it to 0 (the form sends both).
  itemCount: z.enum(ITEM_COUNTS).optional(),
  stockInCount: wholeCountOrAbsent,
  /**
   * The stock the form showed when it opened. With it, a stock left as shown stays what orders
   * and receipts made it meanwhile, and a stock typed over one that changed is refused; without
   * it (a REST PUT), `stockInCount` sets the stock as sent.
   */
  stockSeen: wholeCountOrAbsent,
  /**
   * The product as the form showed it when opened (ADR 109): a field left as shown keeps what
   * someone else saved meanwhile, one both changed answers 409 `catalogue.changedMeanwhile`.
   * The stock goes by `stockSeen`. Absent, or no longer passing the form's rules: as sent.
   */
  seen: productInput.partial().optional().catch(undefined),
});

// --- Customers -------------------------------------------------------------------------------

export const customerFields = z.object({
  restaurantName: requiredText(200),
  phoneNumber: phone(true),
  customerCode: requiredText(50),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: REQUIRED }),
  paymentDate: z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d{1,2}$/.test(v) && +v >= 1 && +v <= 31), 'customer.badDay')
    .nullish()
    .transform((v) => (v ? String(Number(v)) : null)),
  deliveryDays: z.array(z.enum(WEEKDAYS)).max(7).default([]),
  route: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(64),
  contactPerson: optionalText(200),
  mobileNumber: phone(false)
    .nullish()
    .transform((v) => (v ? v : null)),
  username,
  password,
  badDebt: z.boolean().default(false),
  webOrder: z.boolean().default(false),
  creditHold: z.boolean().default(false),
  /** Who invoices are addressed to; blank: the restaurant's name. */
  billingName: optionalText(200),
  billingAddress: optionalText(300),
  /** The name its bank transfers arrive under (振込名義, ADR 085); absent: unchanged. */
  transferName: optionalTextOrAbsent(100),
  /** Where documents are e-mailed. */
  email: z
    .string()
    .trim()
    .max(254, 'field.tooLong')
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'customer.badEmail')
    .nullish()
    .transform((v) => (v ? v : null)),
  /** The day of month its deliveries are closed and invoiced; 31 = month end. */
  closingDay: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine(
      (v) => v === '' || (/^\d{1,2}$/.test(v) && +v >= 1 && +v <= 31),
      'customer.badClosingDay',
    )
    .nullish()
    .transform((v) => (v ? Number(v) : null)),
  /**
   * The month its payment day falls in, from the closing's month: 0 当月, 1 翌月, 2 翌々月
   * (shared/closing-dates.ts). Absent: 翌月 for a new customer, unchanged on an update.
   */
  paymentMonth: z
    .union([z.string(), z.number()], { error: 'customer.badPaymentMonth' })
    .transform((v) => String(v).trim())
    .refine((v) => /^[012]$/.test(v), 'customer.badPaymentMonth')
    .transform((v) => Number(v) as PaymentMonth)
    .optional(),
  /** The language its invoices, slips and statements are printed in. */
  documentLanguage: z
    .enum(DOCUMENT_LANGUAGES, { error: 'customer.badDocumentLanguage' })
    .default('ja'),
});
export const customerInput = customerFields;
export type CustomerInput = z.input<typeof customerInput>;
export const customerUpdateInput = customerFields.extend({
  id: idParam,
  /**
   * The customer as the form showed it when opened (without the password): another person's
   * save meanwhile keeps every field this form left as it was, and one both changed answers 409
   * `customer.changedMeanwhile` naming it (ADR 109). Absent (a REST PUT): the fields as sent.
   * Values that no longer pass the form's rules (older data) count as absent.
   */
  seen: customerFields.omit({ password: true }).partial().optional().catch(undefined),
});

export const customerOut = z.object({
  _id: z.string(),
  restaurantName: z.string(),
  phoneNumber: z.string(),
  customerCode: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentDate: z.string().nullable(),
  deliveryDays: z.array(z.string()),
  route: z.string().nullable(),
  routeName: z.string().nullable(),
  contactPerson: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  username: z.string().nullable(),
  badDebt: z.boolean(),
  webOrder: z.boolean(),
  creditHold: z.boolean(),
  billingName: z.string().nullable(),
  billingAddress: z.string().nullable(),
  /** 振込名義: the name its bank transfers arrive under (ADR 085). */
  transferName: z.string().nullable(),
  email: z.string().nullable(),
  /** Day of month (1-31, 31 = month end) its deliveries are closed; null: not set. */
  closingDay: z.number().int().nullable(),
  /** 0 当月, 1 翌月, 2 翌々月: the month of the payment day, from the closing's month. */
  paymentMonth: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  documentLanguage: z.enum(DOCUMENT_LANGUAGES),
  totalDues: z.number(),
  /** ISO timestamp of the latest delivery (job or dispatched web order), or null. */
  lastDelivered: z.string().nullable(),
  /**
   * No order placed for it (any channel) in the last 30 days: the dashboard's silent customers
   * (server/customers/activity.ts), whatever was delivered.
   */
  inactive: z.boolean(),
});
export type CustomerOut = z.infer<typeof customerOut>;

export const CUSTOMER_KINDS = ['all', 'cash', 'monthly', 'baddebt', 'web'] as const;
export type CustomerKind = (typeof CUSTOMER_KINDS)[number];
/** The cards the customer screen shows at once. */
export const CUSTOMER_PAGE_SIZE = 24;
/** Without `pageNumber`: every matching customer; with it, that page of them. */
export const customerListInput = z
  .object({
    kind: z.enum(CUSTOMER_KINDS).default('all'),
    route: z.string().max(64).optional(),
    keyword: z.string().trim().max(100).optional(),
    pageNumber: z.coerce.number().int().min(1).max(100_000).optional(),
  })
  .optional()
  .default({ kind: 'all' });
export const customerPageOut = z.object({
  customers: z.array(customerOut),
  page: z.number(),
  pages: z.number(),
  total: z.number(),
});
export type CustomerPageOut = z.infer<typeof customerPageOut>;
export const customerListOut = z.union([z.array(customerOut), customerPageOut]);

/** A customer picker's search (ADR 093): the first `limit` customers by name, code or kana. */
export const CUSTOMER_PICK_LIMIT = 20;
export const customerPickInput = z.object({
  q: z.string().trim().max(100).default(''),
  limit: z.number().int().min(1).max(50).default(CUSTOMER_PICK_LIMIT),
  /** Only customers billed monthly (掛売り), each with its closing day: the closing run's choice. */
  monthly: z.boolean().default(false),
});
export const customerPickOut = z.object({
  customers: z.array(
    z.object({
      _id: z.string(),
      restaurantName: z.string(),
      customerCode: z.string(),
      /** Asked with `monthly`: the day of the month it closes on (null: the month's end). */
      closingDay: z.number().int().nullable().optional(),
    }),
  ),
  /** More customers match than were answered: the office types more to narrow. */
  more: z.boolean(),
});
export type CustomerPickOut = z.infer<typeof customerPickOut>;

// --- Employees -------------------------------------------------------------------------------

export const employeeInput = z.object({
  name: requiredText(200),
  username: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(100)
    .regex(/^[\w.@-]{3,100}$/, 'field.usernameInvalid')
    .transform((v) => v.toLowerCase()),
  phoneNumber: phone(true),
  password: z
    .string({ error: REQUIRED })
    .min(1, REQUIRED)
    .min(MIN_PASSWORD, 'field.passwordTooShort')
    .max(200),
  role: z.enum(EMPLOYEE_ROLES, { error: 'employee.roleRequired' }),
});
export type EmployeeInput = z.input<typeof employeeInput>;
/** Editing: the password may stay blank (unchanged). */
export const employeeUpdateInput = employeeInput.extend({ id: idParam, password });

export const employeeOut = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string(),
  phoneNumber: z.string(),
  photo: z.string().nullable(),
  role: z.enum(EMPLOYEE_ROLES),
});
export type EmployeeOut = z.infer<typeof employeeOut>;
export const employeeListOut = z.array(employeeOut);

// --- Information (slider and popup) ----------------------------------------------------------

/** A business day (YYYY-MM-DD) that may be left blank (null); absent stays absent (an update). */
const optionalDay = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string({ error: 'invoice.dateInvalid' })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'invoice.dateInvalid')
    // A promotion's day: this century only (narrower than DATE_RANGE).
    .refine((d) => isCalendarDate(d) && d >= '2000-01-01', 'invoice.dateInvalid')
    .nullable()
    .optional(),
);
/** A product's or category's id that may be left blank (null); absent stays absent. */
const optionalLink = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  idParam.nullable().optional(),
);

/** What a promotion's link and days must satisfy when both sides are given (ADR 045). */
function linkAndDays(
  v: {
    productId?: string | null;
    categoryId?: string | null;
    startsOn?: string | null;
    endsOn?: string | null;
  },
  ctx: z.RefinementCtx,
) {
  if (v.productId && v.categoryId) {
    ctx.addIssue({ code: 'custom', path: ['categoryId'], message: 'information.oneLink' });
  }
  if (v.startsOn && v.endsOn && v.endsOn < v.startsOn) {
    ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'information.endBeforeStart' });
  }
}

const informationFields = {
  name: requiredText(200),
  image: z.string({ error: 'upload.imageRequired' }).trim().min(1, 'upload.imageRequired').max(200),
  type: z.enum(INFORMATION_TYPES, { error: REQUIRED }),
  active: z.boolean().default(true),
  /** A tap on it opens this product, or this category (at most one of the two). */
  productId: optionalLink,
  categoryId: optionalLink,
  /** Customers see it from this business day to that one, both included; blank: no limit. */
  startsOn: optionalDay,
  endsOn: optionalDay,
};
export const informationInput = z.object(informationFields).superRefine(linkAndDays);
export type InformationInput = z.input<typeof informationInput>;
/** A change of some fields (the list's active switch sends only `active`); nothing defaults. */
const informationUpdateObject = z.object({
  id: idParam,
  name: requiredText(200).optional(),
  image: informationFields.image.optional(),
  type: z.enum(INFORMATION_TYPES, { error: REQUIRED }).optional(),
  active: z.boolean().optional(),
  productId: optionalLink,
  categoryId: optionalLink,
  startsOn: optionalDay,
  endsOn: optionalDay,
});
export const informationUpdateInput = informationUpdateObject.superRefine(linkAndDays);
/** The REST body of a change (the id is in the path). */
export const informationUpdateBody = informationUpdateObject
  .omit({ id: true })
  .superRefine(linkAndDays);
export const informationListInput = z
  .object({ type: z.enum(INFORMATION_TYPES).optional() })
  .optional()
  .default({});

// --- Audit trail -----------------------------------------------------------------------------

export const AUDITED_ENTITIES = [
  'customer',
  'route',
  'category',
  'product',
  'employee',
  'information',
  // Money and deliveries: their trail stays readable after the record is deleted (ADR 023).
  'invoice',
  'invoice_note',
  'payment',
  'cash_handover',
  'customer_order',
  'delivery_job',
] as const;
export const auditHistoryInput = z.object({ entity: z.enum(AUDITED_ENTITIES), id: idParam });
export const auditEntryOut = z.object({
  _id: z.string(),
  action: z.enum(['create', 'update', 'delete']),
  actorName: z.string(),
  at: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntryOut = z.infer<typeof auditEntryOut>;
/** One record's trail, newest first. */
export const auditTrailOut = z.array(auditEntryOut);

// --- CSV import ------------------------------------------------------------------------------

export const IMPORT_KINDS = ['products', 'customers'] as const;
export const importInput = z.object({
  kind: z.enum(IMPORT_KINDS),
  /**
   * The file's text, at most 1 MB: the import screen reads the file's bytes as UTF-8 or
   * Shift_JIS (shared/schemas/imports.ts decodeCsvBytes) and sends the text.
   */
  csv: z.string().min(1, REQUIRED).max(1_000_000, 'import.tooLarge'),
  /** false: check and preview only; true: write every row or none. */
  commit: z.boolean().default(false),
});
export const importRowOut = z.object({
  /** 1-based line of the file (the header is line 1). */
  line: z.number(),
  values: z.record(z.string(), z.string()),
  /** Per column, an error code (`import.duplicateInFile`): the client says it in its language. */
  errors: z.record(z.string(), z.string()),
});
/** A problem with the file itself, as a code and its parameters, like a refusal's. */
export const importFileErrorOut = z.object({
  /**
   * `import.empty`, `import.unclosedQuote` {line}, `import.tooManyRows` {max},
   * `import.columnMissing` {column}; the import screen itself says `import.encodingUnknown`.
   */
  code: z.string(),
  /** A missing column is named as the file's header row would name it (`unit`, not `sku`). */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ImportFileError = z.infer<typeof importFileErrorOut>;
export const importOut = z.object({
  rows: z.array(importRowOut),
  valid: z.boolean(),
  /** How many rows were written (0 unless committed and every row valid). */
  written: z.number(),
  /** Problems with the file itself (missing columns, bad quoting). */
  fileErrors: z.array(importFileErrorOut),
});
export type ImportOut = z.infer<typeof importOut>;

export const idInput = z.object({ id: idParam });

/** A route's customers in the order the driver calls on them (ADR 042). */
export const routeStopsOut = z.object({
  _id: z.string(),
  name: z.string(),
  customers: z.array(
    z.object({
      _id: z.string(),
      restaurantName: z.string(),
      customerCode: z.string(),
      address: z.string().nullable(),
    }),
  ),
});
export type RouteStopsOut = z.infer<typeof routeStopsOut>;
/** The office sets the whole order at once: every customer of the route, first stop first. */
export const routeStopOrderInput = z.object({
  id: idParam,
  customerIds: z.array(idParam).max(2000),
});
