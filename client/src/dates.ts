import { useEffect } from 'react';
import { isoDateInZone, timeInZone } from '../../shared/format';
import { DATE_RANGE } from '../../shared/schemas/common';
import { formatDate } from './dateFormat';
import i18n, { type TKey } from './i18n';
import { trpc } from './trpc';

// One clock, one calendar (ADR 040): every date and time a screen shows is written here, in
// the business's time zone (the server's TZ, given by settings.deliveryCalendar) and in the
// one format of the reader's language:
//   English  26 Nov 2026       26 Nov 2026 14:05
//   Nepali   26 नोभेम्बर 2026    26 नोभेम्बर 2026 14:05
//   Japanese 2026/11/26        2026/11/26 14:05
// Read at render time: every screen that shows a date also calls useTranslation, so it renders
// again when the language changes. Nothing else in client/src formats a date (a test checks).

const ZONE_KEY = 'businessTimeZone';

function validZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function savedZone(): string | null {
  try {
    const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(ZONE_KEY);
    return validZone(saved) ? saved : null;
  } catch {
    return null;
  }
}

// Until the server has said (first visit, offline driver with nothing kept): Japan, where the
// business is (the server's default TZ), not the device's zone.
let zone: string = savedZone() ?? 'Asia/Tokyo';

/** The business's IANA time zone, as last told by the server. */
export function businessTimeZone(): string {
  return zone;
}

/** Sets the business's time zone (kept on the device for offline use). */
export function setBusinessTimeZone(next: string): void {
  if (!validZone(next) || next === zone) return;
  zone = next;
  try {
    localStorage.setItem(ZONE_KEY, next);
  } catch {
    // Not kept: the next visit asks the server again.
  }
}

/**
 * Asks the server for the business's time zone once per session (the frame calls it) and
 * returns it; a component calling it renders again when it arrives.
 */
export function useBusinessTimeZone(): string {
  const calendar = trpc.settings.deliveryCalendar.useQuery(undefined, {
    staleTime: 60 * 60_000,
  });
  const told = calendar.data?.timeZone;
  if (told) setBusinessTimeZone(told);
  useEffect(() => {
    if (told) setBusinessTimeZone(told);
  }, [told]);
  return told ?? zone;
}

/** Today's date (YYYY-MM-DD) in the business's calendar. */
export function businessToday(now: Date = new Date()): string {
  return isoDateInZone(now, zone);
}

export { formatDate };

/** A YYYY-MM month in the given language: 2026年10月, Oct 2026, अक्टोबर 2026. */
export function formatMonth(yyyyMm: string, language: string | undefined): string {
  const m = /^(\d{4})-(\d{2})$/.exec(yyyyMm);
  if (!m) return yyyyMm;
  const [, y, mm] = m;
  if (language?.startsWith('ja')) return `${y}年${Number(mm)}月`;
  return `${i18n.t(`common.month.m${Number(mm)}` as TKey, { lng: language })} ${y}`;
}

/** A YYYY-MM month in the current language. */
export function showMonth(yyyyMm: string): string {
  return formatMonth(yyyyMm, i18n.language);
}

/** A YYYY-MM-DD date in the current language. */
export function showDate(iso: string): string {
  return formatDate(iso, i18n.language);
}

/** A local "YYYY-MM-DD HH:MM" (already in the business's zone) in the current language. */
export function showDateTime(local: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})/.exec(local);
  return m ? `${showDate(m[1] ?? '')} ${m[2]}` : showDate(local);
}

function instantOf(value: string | Date | null | undefined): Date | null {
  if (value == null || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** An instant (ISO timestamp) as the business's date, in the current language. */
export function showInstantDate(value: string | Date | null | undefined): string {
  const d = instantOf(value);
  return d ? showDate(isoDateInZone(d, zone)) : '';
}

/** An instant as the business's date and time (24 h), in the current language. */
export function showInstant(value: string | Date | null | undefined): string {
  const d = instantOf(value);
  return d ? `${showDate(isoDateInZone(d, zone))} ${timeInZone(d, zone)}` : '';
}

/** An instant as the business's time of day, HH:MM. */
export function showInstantTime(value: string | Date | null | undefined): string {
  const d = instantOf(value);
  return d ? timeInZone(d, zone) : '';
}

/**
 * The range every date input keeps (a typed year 20266 or 0026 is refused by the browser):
 * the server's for every date field (shared/schemas/common.ts).
 */
export const DATE_INPUT_RANGE = DATE_RANGE;
