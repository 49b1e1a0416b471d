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
 * When a closing is due: the customer's payment day, the first such day after the closing date
 * (closing on the 20th, paying on the 25th: the 25th of the same month; closing at month end:
 * the 25th of the next). Without a payment day: the end of the following month (翌月末).
 */
export function dueDateAfter(closingDate: string, paymentDay: string | null): string {
  const day = Number.parseInt(paymentDay ?? '', 10);
  if (!Number.isInteger(day) || day < 1 || day > 31) {
    return dayInMonth(addMonths(closingDate, 1), MONTH_END);
  }
  const sameMonth = dayInMonth(closingDate, day);
  return sameMonth > closingDate ? sameMonth : dayInMonth(addMonths(closingDate, 1), day);
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
