import { z } from 'zod';
import { idParam } from './catalogue';
import { isoDate } from './invoices';

// Reading the bank's statement and recording its transfers as payments (入金消込, ADR 085).

/**
 * The largest bank file read: a month of a busy account is a few hundred rows, tens of KB. Its
 * base64 stays under the request limit (1 MB), so a larger file is refused with its own message.
 */
export const BANK_FILE_MAX_BYTES = 512 * 1024;
export const BANK_FILE_MAX_BASE64 = Math.ceil(BANK_FILE_MAX_BYTES / 3) * 4 + 8;

export const bankReadInput = z.object({
  file: z.string().max(BANK_FILE_MAX_BASE64, 'bankImport.tooLarge'),
});

export const BANK_ROW_STATUSES = ['matched', 'customerOnly', 'unknown', 'recorded'] as const;
export type BankRowStatus = (typeof BANK_ROW_STATUSES)[number];

const bankRowKey = {
  /** YYYY-MM-DD. */
  date: z.string(),
  amount: z.number().int(),
  /** The payer as the bank wrote it. */
  name: z.string(),
  /** Its place (0, 1, ...) among the file's rows of the same date, amount and payer. */
  ordinal: z.number().int(),
};

export const bankRowOut = z.object({
  ...bankRowKey,
  line: z.number().int(),
  status: z.enum(BANK_ROW_STATUSES),
  customerId: z.string().nullable(),
  /** The customers the name could be, when it is more than one. */
  candidates: z.array(z.string()),
  /** The invoices proposed, oldest first. */
  invoiceIds: z.array(z.string()),
  /** The rest written off as the bank's transfer fee (ADR 069), or 0. */
  fee: z.number().int(),
});
export type BankRowOut = z.infer<typeof bankRowOut>;

export const bankCustomerOut = z.object({
  id: z.string(),
  restaurantName: z.string(),
  customerCode: z.string(),
  transferName: z.string().nullable(),
  /** Its open invoices, oldest first. */
  invoices: z.array(
    z.object({
      id: z.string(),
      number: z.string().nullable(),
      date: z.string(),
      pending: z.number().int(),
    }),
  ),
});
export type BankCustomerOut = z.infer<typeof bankCustomerOut>;

export const bankReadOut = z.object({
  rows: z.array(bankRowOut),
  customers: z.array(bankCustomerOut),
});
export type BankReadOut = z.infer<typeof bankReadOut>;

export const bankRecordInput = z.object({
  rows: z
    .array(
      z.object({
        date: isoDate('common.required'),
        amount: z.number().int().min(1).max(1_000_000_000),
        name: z.string().max(200),
        ordinal: z.number().int().min(0).max(10_000),
        customerId: idParam,
        invoiceIds: z.array(idParam).min(1, 'bankImport.noInvoices').max(100),
      }),
    )
    .min(1, 'bankImport.nothingChosen')
    .max(5000),
});

export const bankRecordOut = z.object({
  results: z.array(
    z.object({
      ...bankRowKey,
      outcome: z.enum(['recorded', 'already', 'failed']),
      /** The payer's name, now the customer's transfer name (the office chose it by hand). */
      rememberedName: z.string().optional(),
      code: z.string().optional(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    }),
  ),
});
export type BankRecordOut = z.infer<typeof bankRecordOut>;
