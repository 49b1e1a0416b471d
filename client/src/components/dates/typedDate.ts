import dayjs from 'dayjs';
import 'dayjs/locale/ne';
import { isRealDay } from '../../../../shared/schemas/common';
import { westernDigits } from '../../cart';

// What a date typed into a date field says, as YYYY-MM-DD. A reader types the date as the app
// writes it in their language (2026/11/28, 28 Nov 2026, 28 नोभेम्बर 2026: dates.ts), and the
// office's clerks also type it as a spreadsheet does (2026-11-28, 20261128, 2026年11月28日).
// Day-first or month-first digits alone (11/28/2026, 28/11/2026) are not read: one of them
// would be the wrong day.

const ENGLISH_MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** The calendar's own Nepali month names (the app's, common.month), whole and short. */
const NEPALI_MONTHS: string[][] = (() => {
  const ne = dayjs.Ls.ne as { months?: string[]; monthsShort?: string[] } | undefined;
  const whole = ne?.months ?? [];
  const short = ne?.monthsShort ?? [];
  return whole.map((name, i) => [name, (short[i] ?? '').replace(/\.$/, '')].filter(Boolean));
})();

/** The month a word names (1-12): English from its first three letters, Nepali whole. */
function monthOfWord(word: string): number | null {
  const w = word.replace(/\.$/, '').toLowerCase();
  if (w.length >= 3) {
    const en = ENGLISH_MONTHS.findIndex((name) => name.startsWith(w));
    if (en >= 0) return en + 1;
  }
  const ne = NEPALI_MONTHS.findIndex((names) => names.includes(w));
  return ne >= 0 ? ne + 1 : null;
}

function iso(year: string, month: number, day: number): string | null {
  if (month < 1 || month > 12) return null;
  const d = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isRealDay(d) ? d : null;
}

const YEAR_FIRST = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/;
const DIGITS_ONLY = /^(\d{4})(\d{2})(\d{2})$/;
const DAY_FIRST = /^(\d{1,2})(?:st|nd|rd|th)?[\s\-/,]*([^\d\s\-/.,]+)\.?[\s\-/.,]*(\d{4})$/i;
const MONTH_FIRST = /^([^\d\s\-/.,]+)\.?[\s\-/.,]*(\d{1,2})(?:st|nd|rd|th)?[\s,]*(\d{4})$/i;

/**
 * The day a typed text names, as YYYY-MM-DD; null when it names none (a half-typed date, 31
 * November, a word that is no month). Devanagari and full-width digits read as Western ones.
 */
export function readTypedDate(typed: string): string | null {
  // NFKC: a Japanese IME's full-width ２０２６／１１／２８ becomes 2026/11/28.
  const text = westernDigits(typed.normalize('NFKC')).trim().replace(/\s+/g, ' ');
  if (text === '') return null;
  const yearFirst = YEAR_FIRST.exec(text) ?? DIGITS_ONLY.exec(text);
  if (yearFirst) {
    const [, y = '', m = '', d = ''] = yearFirst;
    return iso(y, Number(m), Number(d));
  }
  const dayFirst = DAY_FIRST.exec(text);
  if (dayFirst) {
    const [, d = '', word = '', y = ''] = dayFirst;
    const month = monthOfWord(word);
    return month ? iso(y, month, Number(d)) : null;
  }
  const monthFirst = MONTH_FIRST.exec(text);
  if (monthFirst) {
    const [, word = '', d = '', y = ''] = monthFirst;
    const month = monthOfWord(word);
    return month ? iso(y, month, Number(d)) : null;
  }
  return null;
}
