// When the open checkout asks the server's calendar again: an order started before the
// cut-off may be finished after it, and the date chosen must not be a closed one by then.
import { timeInZone } from '../../../../../shared/format';

/** How often the open checkout asks the server's calendar again (the cut-off may pass). */
export const CALENDAR_RECHECK_MS = 30_000;

const DAY_MS = 24 * 60 * 60_000;

/**
 * Milliseconds until the cut-off (HH:MM in the business's zone) next passes: today's if it is
 * still ahead, else tomorrow's (a 04:00 cut-off seen at 23:00 is five hours away). The checkout
 * asks the calendar again at that moment. Null for a time it cannot read.
 */
export function msUntilCutoff(cutoff: string, timeZone: string, now = new Date()): number | null {
  const [h, m] = timeInZone(now, timeZone).split(':').map(Number);
  const [ch, cm] = cutoff.split(':').map(Number);
  if ([h, m, ch, cm].some((n) => n === undefined || Number.isNaN(n))) return null;
  const minutes = (ch as number) * 60 + (cm as number) - ((h as number) * 60 + (m as number));
  const ms = minutes * 60_000 - (now.getSeconds() * 1000 + now.getMilliseconds());
  return ms > 0 ? ms : ms + DAY_MS;
}
