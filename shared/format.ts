// Formatting shared by server (exports, reports) and client (screens).

// One formatter for every amount: `toLocaleString('en-US')` builds a new one per call, which
// cost a slow phone ~4 ms per amount (a third of a second for the catalogue's prices).
const yenDigits = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Whole yen with thousands separators: 12345 -> "¥12,345". */
export function formatYen(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}¥${yenDigits.format(Math.abs(Math.trunc(amount)))}`;
}

/** Phone numbers are stored without the leading 0 and shown with it. */
export function displayPhone(stored: string | null | undefined): string {
  if (!stored) return '';
  return stored.startsWith('0') ? stored : `0${stored}`;
}

/** Accepts input with or without the leading 0 (and with spaces or dashes) and stores it without. */
export function normalizePhone(input: string): string {
  const digits = input.replace(/[\s-]/g, '');
  return digits.replace(/^0+/, '');
}

// Building an Intl.DateTimeFormat costs far more than using one: keep one per time zone.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** YYYY-MM-DD of an instant in the given IANA time zone (the business's "today"). */
export function isoDateInZone(instant: Date, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    // en-CA formats as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(timeZone, format);
  }
  return format.format(instant);
}

const MONTHS_EN = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/**
 * YYYY-MM-DD -> "26 Nov 2026", the English interface's one date format (client/src/dates.ts
 * writes every language's, ADR 040; the English month names are `common.month`).
 */
export function toPickerDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${Number(d)} ${MONTHS_EN[Number(m) - 1]} ${y}`;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** HH:MM (24 h) of an instant in the given IANA time zone. */
export function timeInZone(instant: Date, timeZone: string): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    timeFormats.set(timeZone, format);
  }
  return format.format(instant);
}

/** An order's human-readable number as people see it: 10482 -> "#10482" (DESIGN §6). */
export function formatOrderNumber(orderNumber: number): string {
  return `#${orderNumber}`;
}
