import { Text, TextInput } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_QUANTITY } from '../../../../shared/rules';
import { parseQuantity, typedNumber } from '../../cart';

// A row of a usual order or a draft: the product, its quantity field with the unit inside it,
// and the field's own message (UsualOrders.tsx and RunCard.tsx share it).

/**
 * A typed quantity of a usual order or a draft: `null` for none (empty or 0: the line is left
 * out), the number, or 'bad' for anything else (letters, a fraction, more than 9999). Western
 * and Devanagari digits alike, as the cart takes them ("१०" is 10).
 */
export function standingQuantity(text: string): number | null | 'bad' {
  if (text.trim() === '') return null;
  const typed = typedNumber(text);
  if (typed === 0) return null;
  const n = parseQuantity(text);
  return n !== null && n === typed ? n : 'bad';
}

/** The quantity field's width (its unit inside it, at the right), the same on every row. */
const FIELD_WIDTH = 140;
const UNIT_WIDTH = 56;

/** A row: the product's name taking what is left, the field at the right, a message under both. */
const ROW: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: `minmax(0, 1fr) ${FIELD_WIDTH}px`,
  columnGap: 'var(--mantine-spacing-xs)',
  alignItems: 'center',
};

/**
 * One product's row: its name (with a note under it), the quantity field with its unit inside
 * it, and, when what is typed cannot be taken, the field's own error under the row (the field
 * names it as its description) saying so.
 */
export function QuantityRow({
  name,
  note,
  struck = false,
  unit,
  label,
  placeholder,
  value,
  onChange,
  invalid,
  inputRef,
  readOnly,
  disabled = false,
}: {
  name: string;
  note?: ReactNode;
  struck?: boolean;
  unit: string;
  label: string;
  placeholder?: string;
  value: string;
  onChange?(value: string): void;
  invalid: boolean;
  inputRef?: (el: HTMLInputElement | null) => void;
  /** Shown instead of the field (a draft that can no longer change). */
  readOnly?: string;
  /** The field cannot take a quantity (a product out of stock, not yet in the usual order). */
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const title = (
    <>
      <Text span size="sm" display="block" td={struck ? 'line-through' : undefined}>
        {name}
      </Text>
      {note}
    </>
  );
  const unitText = (
    <Text span size="sm" c="dimmed" data-testid="standing-unit">
      {unit}
    </Text>
  );
  if (readOnly !== undefined) {
    return (
      <div data-testid="standing-row" style={ROW}>
        <div>{title}</div>
        <Text size="sm" ta="right">
          {readOnly} {unitText}
        </Text>
      </div>
    );
  }
  return (
    <TextInput
      wrapperProps={{ 'data-testid': 'standing-row' }}
      ref={inputRef}
      label={title}
      aria-label={label}
      placeholder={placeholder}
      inputMode="numeric"
      enterKeyHint="done"
      value={value}
      disabled={disabled}
      onChange={(e) => onChange?.(e.currentTarget.value)}
      error={invalid ? t('standing.quantityProblem', { max: MAX_QUANTITY }) : undefined}
      rightSection={unitText}
      rightSectionWidth={UNIT_WIDTH}
      rightSectionPointerEvents="none"
      styles={{
        root: ROW,
        label: { gridColumn: 1, fontWeight: 400 },
        wrapper: { gridColumn: 2 },
        error: { gridColumn: '1 / -1', textAlign: 'right' },
        input: { textAlign: 'right' },
      }}
    />
  );
}
