// What was typed into a search box, read as the person meant it (docs/decisions/113). A Japanese
// input method types full-width letters and digits (ＩＮＶ－７９, ０９０ー１２３４) and half-width
// katakana; people leave out a code's leading zeros (c7 for C007) and a number's hyphens. Each
// step is a documented method or an existing rule, not a table of characters of our own:
// NFKC (String.prototype.normalize) for the widths, the phone rule of shared/phone.ts for dashes.

/** The typed text in one form: NFKC, lower case, one space between words, no spaces around. */
export function typedText(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase('en').replace(/\s+/g, ' ').trim();
}

// The dashes an input method may put between digits: the hyphen, its full-width form (made
// ASCII by NFKC), the katakana long-vowel mark ー (which NFKC keeps), the minus and the hyphen
// sign. The same set shared/phone.ts reads a typed phone number with.
const DASHES = /[\s\-‐－ー−]/g;

/**
 * A code or document number as a key: its letters, and each run of digits without its leading
 * zeros, separators left out. "C007", "c7", "Ｃ００７" -> "c7"; "INV-000079", "inv79",
 * "ＩＮＶ－７９" -> "inv79"; "E-0042" -> "e42". Null for text that is not a code: letters and
 * digits with at least one digit, and nothing else than dashes, spaces or a leading #.
 */
export function codeKey(text: string): string | null {
  const s = typedText(text).replace(/^#/, '').replace(DASHES, '');
  if (!/^[a-z0-9]+$/.test(s) || !/\d/.test(s)) return null;
  return s.replace(/\d+/g, (run) => run.replace(/^0+(?=\d)/, ''));
}

/**
 * The digits of a typed phone number as numbers are stored (shared/format.ts: without the
 * leading 0): "090-3638-2343", "０９０ー３６３８", "(03) 9032" -> "903638...". Null when the text
 * is not a phone number's characters or has fewer than three digits (a code, a name).
 */
export function phoneDigits(text: string): string | null {
  const s = text.normalize('NFKC').trim();
  if (!/^[\d\s\-‐ー−()]+$/.test(s)) return null;
  const digits = s.replace(/\D/g, '');
  if (digits.length < 3) return null;
  return digits.replace(/^0+/, '') || null;
}
