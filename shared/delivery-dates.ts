import { WEEKDAYS, type Weekday } from './enums';

// Which delivery dates a customer may choose (DESIGN §6). The server enforces these rules;
// the client uses the same functions to mark and default the date picker.

export interface DeliverySettings {
  /** Orders placed before this local time (HH:MM) may still be delivered today. */
  cutoff: string;
  /** YYYY-MM-DD dates without deliveries. */
  holidays: string[];
}

export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = { cutoff: '04:00', holidays: [] };

/** YYYY-MM-DD plus n days (calendar arithmetic, no time zone involved). */
export function addDaysIso(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function weekdayOf(iso: string): Weekday {
  return WEEKDAYS[new Date(`${iso}T00:00:00Z`).getUTCDay()] as Weekday;
}

/**
 * The earliest date an order placed at local `today` / `time` (HH:MM in the business's zone)
 * may be delivered: today before the cut-off, otherwise tomorrow; never a holiday.
 */
export function earliestDeliveryDate(today: string, time: string, s: DeliverySettings): string {
  let date = time < s.cutoff ? today : addDaysIso(today, 1);
  const holidays = new Set(s.holidays);
  // A run of holidays is short; the bound only guards against a malformed list.
  for (let i = 0; i < 366 && holidays.has(date); i++) date = addDaysIso(date, 1);
  return date;
}

/** Whether `date` is one of the customer's delivery days (no days set: every day is). */
export function isDeliveryDay(date: string, deliveryDays: readonly string[]): boolean {
  return deliveryDays.length === 0 || deliveryDays.includes(weekdayOf(date));
}

/**
 * The date the picker offers first: the earliest allowed date that is one of the customer's
 * delivery days and not a holiday (within two weeks), else the earliest allowed date.
 */
export function defaultDeliveryDate(
  earliest: string,
  deliveryDays: readonly string[],
  holidays: readonly string[],
): string {
  const off = new Set(holidays);
  for (let i = 0; i < 14; i++) {
    const d = addDaysIso(earliest, i);
    if (!off.has(d) && isDeliveryDay(d, deliveryDays)) return d;
  }
  return earliest;
}

/** A run of consecutive holidays, first and last day (the same for a single day). */
export interface ClosedRun {
  from: string;
  to: string;
}

/**
 * The holidays from `today` through `days` days after it (a run begun by then, to its end), as runs of consecutive days
 * (12/30–1/3 is one run): what the checkout tells a customer before the break and after its
 * cut-off, when the first open day is days away.
 */
export function closedRunsAhead(
  today: string,
  holidays: readonly string[],
  days: number,
): ClosedRun[] {
  const off = new Set(holidays);
  const runs: ClosedRun[] = [];
  for (let i = 0; i <= days; i++) {
    const d = addDaysIso(today, i);
    if (!off.has(d)) continue;
    const last = runs[runs.length - 1];
    if (last && addDaysIso(last.to, 1) === d) last.to = d;
    else runs.push({ from: d, to: d });
  }
  // A run that starts in the window is said to its end (a break is not cut at the window).
  const last = runs[runs.length - 1];
  for (let i = 0; last && i < 366 && off.has(addDaysIso(last.to, 1)); i++) {
    last.to = addDaysIso(last.to, 1);
  }
  return runs;
}
