import type { FormEvent } from 'react';
import { westernDigits } from '../cart';

/** Full-width digits (０-９), as a Japanese IME in full-width mode types them. */
const FULL_WIDTH_DIGIT = /[\uFF10-\uFF19]/g;

/**
 * For a money field (Mantine's NumberInput, which keeps only the digits 0-9 of what is typed and
 * so dropped "१००००" and "５０００" to an empty field): Devanagari digits typed on a Nepali
 * keyboard and full-width digits typed through a Japanese IME become Western ones before the
 * field reads them, as the quantity fields read Devanagari (cart.ts `westernDigits`, ADR 048).
 * Pass as the field's `onChangeCapture`. Each digit is one UTF-16 unit either way, so the caret
 * stays where it was.
 */
export function westernDigitsTyped(event: FormEvent<HTMLInputElement>): void {
  const input = event.currentTarget;
  const typed = input.value;
  const western = westernDigits(typed).replace(FULL_WIDTH_DIGIT, (d) =>
    String.fromCharCode(d.charCodeAt(0) - 0xff10 + 48),
  );
  if (western === typed) return;
  const { selectionStart, selectionEnd } = input;
  input.value = western;
  if (selectionStart !== null && selectionEnd !== null) {
    input.setSelectionRange(selectionStart, selectionEnd);
  }
}
