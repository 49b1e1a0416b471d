// The qualified-invoice registration number (適格請求書発行事業者登録番号) of a corporation is
// "T" followed by its 13-digit corporate number (法人番号). The corporate number's first digit is
// a check digit over the other twelve (国税庁's published formula):
//   check = 9 - ((sum over n = 1..12 of P_n x Q_n) mod 9)
// where P_n is the n-th digit of the 12-digit base counted from the RIGHT, Q_n = 1 for odd n and
// 2 for even n. E.g. 国税庁's own number T7000012050002.

/** The check digit of a 12-digit corporate-number base. */
export function corporateCheckDigit(base12: string): number {
  if (!/^\d{12}$/.test(base12)) throw new Error('a 12-digit base is required');
  let sum = 0;
  for (let n = 1; n <= 12; n++) {
    const digit = Number(base12[12 - n]);
    sum += digit * (n % 2 === 1 ? 1 : 2);
  }
  return 9 - (sum % 9);
}

export type RegistrationProblem = 'format' | 'checkDigit';

/**
 * What is wrong with a registration number, or null when it is valid. Full-width letters and
 * digits (a Japanese IME's Ｔ２０…), spaces and dashes typed between digits and a lower-case "t"
 * are tolerated (see normalizeRegistrationNumber).
 */
export function registrationNumberProblem(value: string): RegistrationProblem | null {
  const v = normalizeRegistrationNumber(value);
  if (!/^T\d{13}$/.test(v)) return 'format';
  const check = Number(v[1]);
  return corporateCheckDigit(v.slice(2)) === check ? null : 'checkDigit';
}

/**
 * Dashes a Japanese keyboard types between groups of digits: after NFKC, the ASCII hyphen, the
 * Unicode hyphens and dashes, the minus sign and the katakana prolonged sound mark (ー, what the
 * IME gives for "-" in kana mode).
 */
const DASHES = /[\s\-\u2010-\u2015\u2212\u30fc\uff70]/g;

/**
 * "t 7-0000-1205-0002" or "Ｔ７０００ー０１２０５０００２" -> "T7000012050002" (the form printed on
 * invoices), and "7000012050002" too. NFKC first turns full-width letters, digits, spaces and
 * hyphens into ASCII.
 */
export function normalizeRegistrationNumber(value: string): string {
  const v = value.normalize('NFKC').replace(DASHES, '').replace(/^t/, 'T');
  // The 13 digits alone, as the corporate number is written on its notice: the T is added.
  return /^\d{13}$/.test(v) ? `T${v}` : v;
}
