import { z } from 'zod';
import { INVOICE_KINDS } from '../enums';
import { idParam } from './catalogue';
import { isCalendarDate } from './common';

// A customer's ledger (得意先元帳, ADR 074): every movement of what the customer owes in a
// period, in date order, with the balance after each. The office's screen and its Excel file.

/** The longest period one ledger covers (two years and a day, so 2025-01-01..2027-01-01 fits). */
export const LEDGER_MAX_DAYS = 731;

const day = z
  .string({ error: 'customer.ledgerDate' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'customer.ledgerDate')
  .refine(isCalendarDate, 'customer.ledgerDate');

/** Whole days from `from` to `to` (YYYY-MM-DD). */
export function ledgerDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The same day `months` calendar months earlier, the month's last day when it has no such day. */
function monthsBefore(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 - months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/**
 * The period with its defaults in: up to today (or to the start, when that is later), from the
 * day after the same day three months before its end (2026-08-29..2026-11-28). The screen opens
 * on it and the server fills in what a request leaves out with it.
 */
export function ledgerPeriodOf(
  p: { from?: string | undefined; to?: string | undefined },
  today: string,
): { from: string; to: string } {
  const to = p.to ?? (p.from && p.from > today ? p.from : today);
  const start = new Date(Date.parse(`${monthsBefore(to, 3)}T00:00:00Z`) + 86_400_000);
  return { from: p.from ?? start.toISOString().slice(0, 10), to };
}

/**
 * One customer and a period, both ends inclusive; either end left out takes its default (the
 * three months up to today). The server checks the period again once the defaults are in.
 */
export const ledgerInput = z
  .object({ customerId: idParam, from: day.optional(), to: day.optional() })
  .refine((p) => !p.from || !p.to || p.from <= p.to, {
    message: 'customer.ledgerPeriodReversed',
    path: ['to'],
  })
  .refine((p) => !p.from || !p.to || ledgerDays(p.from, p.to) <= LEDGER_MAX_DAYS, {
    message: 'customer.ledgerPeriodTooLong',
    path: ['to'],
  });
export type LedgerInput = z.infer<typeof ledgerInput>;

export const LEDGER_ROW_KINDS = ['invoice', 'cancellation', 'payment', 'bank_fee'] as const;
export type LedgerRowKind = (typeof LEDGER_ROW_KINDS)[number];

export const ledgerRowOut = z.object({
  kind: z.enum(LEDGER_ROW_KINDS),
  /** The business date of the movement, YYYY-MM-DD. */
  date: z.string(),
  /** The document: the invoice's number, the receipt's number; null when it has none. */
  number: z.string().nullable(),
  /** The invoice the row is about (its own, the one cancelled, the one a payment paid). */
  invoiceId: z.string(),
  invoiceNumber: z.string().nullable(),
  invoiceKind: z.enum(INVOICE_KINDS),
  /** A closing invoice's period, YYYY-MM-DD both ends. */
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /** An invoice that deducted credit notes: their numbers and the amount (already netted). */
  creditNotes: z.array(z.string()),
  creditApplied: z.number().int(),
  /** A cancellation: the invoice issued in its place, if any. */
  replacedBy: z.string().nullable(),
  /** An invoice issued in place of a cancelled one: that one's number. */
  replaces: z.string().nullable(),
  /** A payment: who recorded or collected it, and whether a driver took it on the round. */
  collectedBy: z.string().nullable(),
  byDriver: z.boolean(),
  debit: z.number().int(),
  credit: z.number().int(),
  balance: z.number().int(),
});
export type LedgerRow = z.infer<typeof ledgerRowOut>;

export const ledgerOut = z.object({
  customer: z.object({ _id: z.string(), customerCode: z.string(), restaurantName: z.string() }),
  from: z.string(),
  to: z.string(),
  openingBalance: z.number().int(),
  rows: z.array(ledgerRowOut),
  totals: z.object({ debit: z.number().int(), credit: z.number().int() }),
  closingBalance: z.number().int(),
});
export type LedgerOut = z.infer<typeof ledgerOut>;
