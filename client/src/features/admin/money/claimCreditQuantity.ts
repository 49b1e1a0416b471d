import { westernDigits } from '../../../cart';

/** Full-width digits (０-９), as a Japanese IME in full-width mode types them. */
const FULL_WIDTH_DIGIT = /[\uFF10-\uFF19]/g;

export type CreditQuantity =
  | { ok: true; quantity: number }
  | { ok: false; key: 'needed' | 'whole' | 'atLeast' | 'atMost' };

/**
 * The quantity the office credits on approving a claim, as typed: a whole number from 1 to what
 * the restaurant claimed (the server refuses more, and 0 would be a rejection). Western,
 * Devanagari and full-width digits are all digits; anything else is named, never corrected.
 */
export function creditQuantityOf(text: string, claimed: number): CreditQuantity {
  const typed = westernDigits(text)
    .replace(FULL_WIDTH_DIGIT, (d) => String.fromCharCode(d.charCodeAt(0) - 0xff10 + 48))
    .trim()
    .replace(/^[−–－]/, '-');
  if (typed === '') return { ok: false, key: 'needed' };
  if (!/^-?\d{1,9}$/.test(typed)) return { ok: false, key: 'whole' };
  const quantity = Number(typed);
  if (quantity < 1) return { ok: false, key: 'atLeast' };
  if (quantity > claimed) return { ok: false, key: 'atMost' };
  return { ok: true, quantity };
}
