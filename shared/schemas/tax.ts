import { z } from 'zod';
import { normalizeRegistrationNumber, registrationNumberProblem } from '../registration-number';
import { PRICE_BASES, TAX_ROUNDINGS } from '../tax';
import { isTaxRate } from '../tax-columns';

// Consumption tax and the business's own details (DESIGN §7): the rate fields of categories and
// products, the settings 'tax' and 'business'. Messages are error codes.

/** "8", 8, "10" or 10; anything else (5, "abc") is an unknown rate. */
const rateValue = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v),
  z.custom<8 | 10>((v) => isTaxRate(v), 'settings.unknownTaxRate'),
);

/** A category's rate; absent: 8 for a new category, unchanged for an edit. */
export const categoryTaxRate = rateValue.optional();

/**
 * A product's own rate: null (or blank) follows its category; absent: follows it for a new
 * product, unchanged for an edit.
 */
export const productTaxRate = z
  .preprocess((v) => (v === '' ? null : v), rateValue.nullable())
  .optional();

/**
 * A hand-made invoice's rate (ADR 046): its amount is tax-inclusive at this rate; absent: 10
 * (other charges) for a new invoice, unchanged for an edit.
 */
export const invoiceTaxRate = rateValue.optional();

export const taxRateOut = z.union([z.literal(8), z.literal(10)]);

export const taxSettingsOut = z.object({
  basis: z.enum(PRICE_BASES),
  rounding: z.enum(TAX_ROUNDINGS),
});
export type TaxSettingsOut = z.infer<typeof taxSettingsOut>;
export const taxSettingsInput = z.object({
  basis: z.enum(PRICE_BASES, { error: 'settings.unknownTaxBasis' }),
  rounding: z.enum(TAX_ROUNDINGS, { error: 'settings.unknownTaxRounding' }),
});

const text = (max: number) => z.string().trim().max(max, 'field.tooLong').default('');

export const BANK_ACCOUNT_TYPES = ['ordinary', 'current', 'savings'] as const;

export const bankAccountSchema = z.object({
  bankName: text(100),
  branchName: text(100),
  accountType: z.enum(BANK_ACCOUNT_TYPES).default('ordinary'),
  // Full-width digits (a Japanese IME's １２３４５６７) and dashes or spaces typed between them
  // are read as the plain digits the bank prints.
  accountNumber: z
    .string()
    .transform((v) => v.normalize('NFKC').replace(/[\s\-\u2010-\u2015\u2212\u30fc]/g, ''))
    .pipe(z.string().max(20, 'field.tooLong'))
    .refine((v) => v === '' || /^\d{1,8}$/.test(v), 'settings.bankAccountNumber')
    .default(''),
  /** The holder's name as the bank writes it (usually katakana). */
  accountHolder: text(100),
});

/**
 * The business as its documents name it. The registration number is "T" + 13 digits with the
 * corporate number's check digit; blank while the business has none.
 */
export const businessSettingsInput = z.object({
  // Required: every invoice names its issuer, and a form sent without it (an empty body) must
  // not blank the business's details.
  legalName: z
    .string({ error: 'settings.legalNameRequired' })
    .trim()
    .min(1, 'settings.legalNameRequired')
    .max(200, 'field.tooLong'),
  address: text(300),
  // For documents in English (a customer's document language): printed instead of the two
  // above when given; blank means the Japanese ones serve every document.
  nameEn: text(200),
  addressEn: text(300),
  phone: text(30),
  bank: bankAccountSchema.default({
    bankName: '',
    branchName: '',
    accountType: 'ordinary',
    accountNumber: '',
    accountHolder: '',
  }),
  registrationNumber: z
    .string()
    .trim()
    .max(30, 'settings.registrationFormat')
    .default('')
    .superRefine((v, ctx) => {
      if (v === '') return;
      const problem = registrationNumberProblem(v);
      if (problem === 'format')
        ctx.addIssue({ code: 'custom', message: 'settings.registrationFormat' });
      if (problem === 'checkDigit')
        ctx.addIssue({ code: 'custom', message: 'settings.registrationCheckDigit' });
    })
    .transform((v) => (v ? normalizeRegistrationNumber(v) : '')),
});
export type BusinessSettingsInput = z.input<typeof businessSettingsInput>;

export const businessSettingsOut = z.object({
  legalName: z.string(),
  address: z.string(),
  nameEn: z.string(),
  addressEn: z.string(),
  phone: z.string(),
  bank: z.object({
    bankName: z.string(),
    branchName: z.string(),
    accountType: z.enum(BANK_ACCOUNT_TYPES),
    accountNumber: z.string(),
    accountHolder: z.string(),
  }),
  registrationNumber: z.string(),
});
export type BusinessSettingsOut = z.infer<typeof businessSettingsOut>;
