// The calendar of a monthly customer's closing (締め日) and payment day (支払日), as pure
// functions on `YYYY-MM-DD` dates: the closing run (server/money/closing.ts) bills and dates its
// invoices with them, and the customer form (client) says with the same rule when the next
// closing is and when it is due (ADR 057). No clock, no time zone: callers pass the business day.

/** The day a closing day of 31 (or none) stands for: the month's last day (月末). */
export const MONTH_END = 31;

function lastDayOfMonth(iso: string): number {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The date of `day` in the month of `iso` (a day beyond the month's end is its last day). */
function dayInMonth(iso: string, day: number): string {
  const last = lastDayOfMonth(iso);
  return `${iso.slice(0, 8)}${String(Math.min(day, last)).padStart(2, '0')}`;
}

function addMonths(iso: string, months: number): string {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + months, 1));
  return d.toISOString().slice(0, 10);
}

/**
 * Whether `date` is a closing date for a closing day: the same day of month; 31 (or any day
 * beyond the month's last day) closes on the month's last day. No closing day = month end.
 */
export function isClosingDate(closingDay: number | null, date: string): boolean {
  const day = closingDay ?? MONTH_END;
  return dayInMonth(date, day) === date;
}

/** The closing before `date` for a closing day: the same rule one month earlier. */
export function previousClosingDate(closingDay: number | null, date: string): string {
  return dayInMonth(addMonths(date, -1), closingDay ?? MONTH_END);
}

/**
 * The month a monthly customer pays in, counted from its closing's month (支払月): 0 当月 (the
 * closing's own month), 1 翌月 (the next; new customers' default), 2 翌々月 (the one after).
 */
export const PAYMENT_MONTHS = [0, 1, 2] as const;
export type PaymentMonth = (typeof PAYMENT_MONTHS)[number];
export const DEFAULT_PAYMENT_MONTH: PaymentMonth = 1;

/** A payment day of month as stored ("25"), or null when none is set (the month's end). */
export function paymentDayOf(paymentDay: string | number | null | undefined): number | null {
  const day = typeof paymentDay === 'number' ? paymentDay : Number.parseInt(paymentDay ?? '', 10);
  return Number.isInteger(day) && day >= 1 && day <= 31 ? day : null;
}

/**
 * When a closing is due (20日締め翌月末払い): the payment day in the payment month counted from
 * the closing's month; a day beyond that month's end (31 = 月末), or no payment day, is its last
 * day. December's closing paid 翌月 is due in January of the next year.
 */
export function dueDateOf(
  closingDate: string,
  paymentMonth: number,
  paymentDay: string | number | null,
): string {
  return dayInMonth(addMonths(closingDate, paymentMonth), paymentDayOf(paymentDay) ?? MONTH_END);
}

/**
 * Whether a term can be paid: 当月 needs the payment day after the closing day (20日締め当月末
 * is fine, 20日締め当月10日 would be due before the closing, 月末締め当月 on the closing itself).
 */
export function paymentMonthFits(
  closingDay: number | null,
  paymentMonth: number,
  paymentDay: string | number | null,
): boolean {
  if (paymentMonth !== 0) return true;
  const closing = closingDay ?? MONTH_END;
  return closing < MONTH_END && (paymentDayOf(paymentDay) ?? MONTH_END) > closing;
}

/**
 * The payment month that keeps a term's due dates as they were before customers had one, when a
 * closing was due on the first payment day after it (migrations/0022 says the same in SQL): a
 * payment day after the closing day is the same month's, any other (and a month-end closing, or
 * no payment day: the end of the following month) the next month's.
 */
export function paymentMonthBefore0022(
  closingDay: number | null,
  paymentDay: string | number | null,
): PaymentMonth {
  const day = paymentDayOf(paymentDay);
  const closing = closingDay ?? MONTH_END;
  return day !== null && closing < MONTH_END && day > closing ? 0 : 1;
}

/** The first closing date on or after `date` for a closing day (no closing day: month end). */
export function nextClosingDate(closingDay: number | null, date: string): string {
  const thisMonth = dayInMonth(date, closingDay ?? MONTH_END);
  return thisMonth >= date ? thisMonth : dayInMonth(addMonths(date, 1), closingDay ?? MONTH_END);
}

/** The latest closing date of a closing day on or before `date`. */
export function latestClosingDate(closingDay: number | null, date: string): string {
  const thisMonth = dayInMonth(date, closingDay ?? MONTH_END);
  return thisMonth <= date ? thisMonth : previousClosingDate(closingDay, date);
}
