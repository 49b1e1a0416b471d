import { westernDigits } from '../../../cart';

/**
 * Why a typed claim quantity cannot be sent, or null when it can: a whole number from 1 to what
 * may still be reported for the line (`max`; unknown until a line is chosen). What was typed is
 * never changed: the person sees the message and corrects it.
 */
export function claimQuantityProblem(
  text: string,
  max: number | undefined,
): { key: 'needed' | 'whole' | 'atLeast' | 'atMost'; max?: number } | null {
  const typed = westernDigits(text).trim().replace(/^[−–]/, '-');
  if (typed === '') return { key: 'needed' };
  if (!/^-?\d{1,9}$/.test(typed)) return { key: 'whole' };
  const n = Number(typed);
  if (n < 1) return { key: 'atLeast' };
  if (max !== undefined && n > max) return { key: 'atMost', max };
  return null;
}
