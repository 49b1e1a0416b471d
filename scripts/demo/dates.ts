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

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Offset of `timeZone` from UTC at an instant, in ms. */
function zoneOffsetMs(instantMs: number, timeZone: string): number {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(
    f.formatToParts(new Date(instantMs)).map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

/** ISO instant of a wall-clock time on `date` in `timeZone` (e.g. 10:30 in Asia/Tokyo). */
export function zonedIso(date: string, hour: number, minute: number, timeZone: string): string {
  const wall = parse(date) + (hour * 60 + minute) * 60_000;
  let utc = wall - zoneOffsetMs(wall, timeZone);
  // A second pass settles times near a DST change.
  utc = wall - zoneOffsetMs(utc, timeZone);
  return new Date(utc).toISOString();
}
