import { isoDateInZone } from '../../shared/format';

// A business day (a calendar date in the business's time zone) as the instants it spans: the
// delivered jobs of a day, the dashboard's today, a driver's route are all read by instant.

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** Milliseconds the zone is ahead of UTC at `instant`. */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  let f = offsetFormats.get(timeZone);
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
    offsetFormats.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(instant).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant of local `date` at `time` (HH:MM) in the business's zone (a cut-off, a day's start). */
export function instantInZone(date: string, time: string, timeZone: string): Date {
  const naive = Date.parse(`${date}T${time}:00Z`);
  let guess = naive - zoneOffsetMs(new Date(naive), timeZone);
  // Once more, for a date whose offset differs from the naive guess's (summer time).
  guess = naive - zoneOffsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

/** [from, to) of a business day as ISO instants. */
export function dayRange(date: string, timeZone: string): [string, string] {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return [
    instantInZone(date, '00:00', timeZone).toISOString(),
    instantInZone(next, '00:00', timeZone).toISOString(),
  ];
}

/** What knows the business's time: its zone, and the app's clock (tests move it). */
interface ClockSource {
  config: { timeZone: string };
  clock?: () => Date;
}

/** The business's time zone and now, for a procedure: the app's clock, else the real time. */
export function businessNow(ctx: ClockSource): { timeZone: string; now: Date } {
  return { timeZone: ctx.config.timeZone, now: ctx.clock?.() ?? new Date() };
}

/** Today's date (YYYY-MM-DD) in the business's time zone, by the app's clock. */
export function businessToday(ctx: ClockSource): string {
  const { timeZone, now } = businessNow(ctx);
  return isoDateInZone(now, timeZone);
}

/**
 * A stored date as the business's calendar date: a YYYY-MM-DD as it is, an instant as its date
 * in the business's time zone (a delivery at 07:33 in Tokyo is 22:33 UTC the day before); an
 * unreadable instant by its first ten characters.
 */
export function businessDateOf(value: string, timeZone: string): string {
  if (value.length <= 10) return value;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value.slice(0, 10) : isoDateInZone(at, timeZone);
}
