// A business day (a calendar date in the business's time zone) as the instants it spans: the
// delivered jobs of a day, the dashboard's today, a driver's route are all read by instant.

/** Milliseconds the zone is ahead of UTC at `instant`. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return local - Math.floor(instant / 1000) * 1000;
}

/** The instant a local calendar day begins in the zone (twice, to settle across DST changes). */
function startOfDay(date: string, timeZone: string): number {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  let guess = midnightUtc - zoneOffsetMs(midnightUtc, timeZone);
  guess = midnightUtc - zoneOffsetMs(guess, timeZone);
  return guess;
}

/** [from, to) of a business day as ISO instants. */
export function dayRange(date: string, timeZone: string): [string, string] {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return [
    new Date(startOfDay(date, timeZone)).toISOString(),
    new Date(startOfDay(next, timeZone)).toISOString(),
  ];
}
