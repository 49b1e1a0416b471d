import { NumberInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { termsPrice } from '../../../../../../shared/schemas/terms';
import { errorText, fieldErrorText } from '../shared/errors';

// A price typed on the price list screen (ADR 035), checked by the server's own rule (the shared
// `termsPrice`: whole yen, not negative) before it is sent. What was typed stays in the field
// with the reason under it: a refused -500 must not turn into a "0" that looks saved (the
// input's clamping to `min` did that, after a toast the clerk had missed).

/** The typed text as a price: null for blank (no price of its own), else the price or a code. */
export function readPrice(text: string): { price: number | null } | { code: string } {
  const plain = text.replace(/[,\s]/g, '');
  if (plain === '') return { price: null };
  const parsed = termsPrice.safeParse(plain);
  return parsed.success
    ? { price: parsed.data }
    : { code: parsed.error.issues[0]?.message ?? 'product.priceWhole' };
}

/**
 * One product's price on a list, saved when the field is left. A refused price (here or by the
 * server) is said at the field and stays as typed.
 */
export function ListPriceField({
  label,
  price,
  placeholder,
  onSave,
}: {
  label: string;
  price: number | null;
  placeholder?: string;
  /** Saves the price (null: back to the standard price); throws when refused. */
  onSave(next: number | null): Promise<void>;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<string | number>(price ?? '');
  const [error, setError] = useState<string | null>(null);
  return (
    <NumberInput
      aria-label={label}
      value={value}
      onChange={(v) => {
        setValue(v);
        setError(null);
      }}
      placeholder={placeholder}
      allowDecimal={false}
      // Kept as typed: a value below 0 is refused with its reason, never made 0.
      clampBehavior="none"
      min={0}
      w={140}
      error={error}
      onBlur={async (e) => {
        const read = readPrice(e.currentTarget.value);
        if ('code' in read) {
          setError(fieldErrorText(t, read.code) ?? null);
          return;
        }
        if (read.price === price) return;
        try {
          await onSave(read.price);
        } catch (err) {
          setError(errorText(t, err));
        }
      }}
    />
  );
}
