import { displayPhone } from './format';

// Japanese phone numbers as people write them (03-1234-5678, 090-1234-5678). Numbers are stored
// as digits (shared/format.ts) and dialled as digits (tel:); only what is shown gets hyphens.
// No phone library is a dependency, and the complete table of area codes (the ministry's ~600
// prefixes) is far more than a wholesaler's screens need: this is the well-known rule set. Mobile,
// IP, free dial and the 5-digit area codes are exact; a 10-digit landline is split by its area
// code's length (2 digits for Tokyo and Osaka, 3 for the cities listed, else 4), so a town whose
// prefix is not listed may get its hyphens one place off, never a wrong digit.

/** 5-digit area codes (0 included): the small towns and islands that have them. */
const AREA5 = new Set(
  (
    '01267 01372 01374 01377 01392 01397 01398 01456 01457 01466 01547 01558 01564 01586 ' +
    '01587 01632 01634 01635 01648 01654 01655 01656 01658 04992 04994 04996 04998 05769 ' +
    '05979 07468 08387 08388 08396 08477 08512 08514 09496 09802 09912 09913 09969'
  ).split(' '),
);

/** 4-digit area codes under a 3-digit city prefix listed below (Musashino 0422, Fujisawa 0466...). */
const AREA4_UNDER_AREA3 = /^0(42[28]|46[3567]|47[05-9]|480|49[3-5])/;

/** 3-digit area codes of the larger cities (Sapporo 011, Yokohama 045, Nagoya 052, Fukuoka 092...). */
const AREA3 = new Set(
  (
    '011 017 018 019 022 023 024 025 026 027 028 029 042 043 044 045 046 047 048 049 052 053 ' +
    '054 055 058 059 072 073 075 076 077 078 079 082 083 084 086 087 088 089 092 093 095 096 ' +
    '097 098 099'
  ).split(' '),
);

function split(digits: string, ...sizes: number[]): string {
  const out: string[] = [];
  let at = 0;
  for (const n of sizes) {
    out.push(digits.slice(at, at + n));
    at += n;
  }
  return out.join('-');
}

/**
 * A Japanese number with its hyphens: 0312345678 -> 03-1234-5678, 09012345678 -> 090-1234-5678,
 * 0120123456 -> 0120-123-456. Anything it does not recognise (a foreign number, a typo) is
 * returned as it came.
 */
export function formatJapanesePhone(input: string | null | undefined): string {
  if (!input) return '';
  // A Japanese IME types full-width digits and dashes (０３－１２３４－５６７８): NFKC reads them as
  // ASCII, so a number the office typed that way prints like any other.
  const digits = input.normalize('NFKC').replace(/[\s\-‐－ー−()（）]/g, '');
  if (!/^0\d{9,10}$/.test(digits)) return input;
  if (digits.length === 11) {
    // Mobile (090/080/070/060), IP (050), M2M (020): 3-4-4; free dial 0800: 4-3-4.
    if (/^0[2-9]0/.test(digits) && !digits.startsWith('0800')) return split(digits, 3, 4, 4);
    if (digits.startsWith('0800')) return split(digits, 4, 3, 4);
    return input;
  }
  // Ten digits: free dial and navi dial, then landlines by the length of their area code.
  if (digits.startsWith('0120') || digits.startsWith('0570')) return split(digits, 4, 3, 3);
  if (AREA5.has(digits.slice(0, 5))) return split(digits, 5, 1, 4);
  if (/^0[36]/.test(digits)) return split(digits, 2, 4, 4);
  if (AREA3.has(digits.slice(0, 3)) && !AREA4_UNDER_AREA3.test(digits)) {
    return split(digits, 3, 3, 4);
  }
  return split(digits, 4, 2, 4);
}

/** A stored number (digits, maybe without its leading 0) as the screens show it. */
export function shownPhone(stored: string | null | undefined): string {
  return formatJapanesePhone(displayPhone(stored));
}
