import { z } from 'zod';
import { isCalendarDate } from './common';

// The period's journal entries (仕訳) as a file 弥生会計 imports (ADR 076): a period of days, both
// ends inclusive, and how the business keeps its books (税抜経理 or 税込経理), which decides the
// 税区分 written on each taxable line.

/** The longest period one file covers: a year (366 days, so a leap year's whole year fits). */
export const JOURNAL_MAX_DAYS = 366;

/** 税抜経理 ('exclusive') or 税込経理 ('inclusive'): the accountant's books, not the price basis. */
export const JOURNAL_BOOKS = ['exclusive', 'inclusive'] as const;
export type JournalBooks = (typeof JOURNAL_BOOKS)[number];

const day = z
  .string({ error: 'settings.journalDate' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'settings.journalDate')
  .refine(isCalendarDate, 'settings.journalDate');

/** Days from `from` to `to` counted both ends (2026-01-01..2026-12-31 is 365). */
export function journalDays(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** The last calendar month before `today`'s: what the accountant asks for at a month's start. */
export function lastCalendarMonth(today: string): { from: string; to: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const from = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
  const to = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
  return { from, to };
}

export const journalInput = z
  .object({
    from: day.optional(),
    to: day.optional(),
    books: z.enum(JOURNAL_BOOKS, { error: 'settings.journalBooks' }).default('exclusive'),
  })
  .refine((p) => !p.from || !p.to || p.from <= p.to, {
    message: 'settings.journalPeriodReversed',
    path: ['to'],
  })
  .refine((p) => !p.from || !p.to || journalDays(p.from, p.to) <= JOURNAL_MAX_DAYS, {
    message: 'settings.journalPeriodTooLong',
    path: ['to'],
  });
export type JournalInput = z.infer<typeof journalInput>;
