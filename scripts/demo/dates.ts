import { instantInZone } from '../../server/platform/business-day';
import { WEEKDAYS, type Weekday } from '../../shared/enums';

// Calendar arithmetic on 'YYYY-MM-DD' strings (UTC-based, so no DST surprises), plus turning a
// wall-clock time in the business's time zone into an ISO instant.

const DAY_MS = 86_400_000;

function parse(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new Error(`not a YYYY-MM-DD date: ${date}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

function format(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return format(parse(date) + days * DAY_MS);
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  return Math.round((parse(b) - parse(a)) / DAY_MS);
}

export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[new Date(parse(date)).getUTCDay()]!;
}

export const minDate = (a: string, b: string) => (a < b ? a : b);
export const maxDate = (a: string, b: string) => (a > b ? a : b);

/** 'YYYY-MM' of a date. */
export const monthOf = (date: string) => date.slice(0, 7);

/** First day of the month after `month` ('YYYY-MM'). */
export function firstOfNextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return format(Date.UTC(y, m, 1));
}

/** The given day of `month`, clamped to the month's length ('30' in February is the 28th/29th). */
export function dayOfMonth(month: string, day: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return format(Date.UTC(y, m - 1, Math.min(day, last)));
}

/** ISO instant of a wall-clock time on `date` in `timeZone` (e.g. 10:30 in Asia/Tokyo). */
export function zonedIso(date: string, hour: number, minute: number, timeZone: string): string {
  const hh = String(hour).padStart(2, '0');
  const mm = String(minute).padStart(2, '0');
  return instantInZone(date, `${hh}:${mm}`, timeZone).toISOString();
}
