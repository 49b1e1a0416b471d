import { ActionIcon, Group, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_QUANTITY } from '../../../shared/rules';
import {
  correctQuantity,
  largestQuantity,
  type QuantityTerms,
  smallestQuantity,
} from '../../../shared/terms';
import { parseQuantity, typedNumber } from '../cart';
import { MinusIcon, PlusIcon } from './shopIcons';

interface QuantityStepperProps {
  /** The product's name, for the controls' accessible names. */
  name: string;
  quantity: number;
  onDecrease(): void;
  onIncrease(): void;
  /** A typed quantity (1-9999), committed as soon as it is a valid number. */
  onSet(quantity: number): void;
  /** Minus disabled at 1 (the cart's line), or removing the line at 1 (the card). */
  minusDisabled?: boolean;
  /** The product's minimum and case lot (ADR 035): a typed quantity is corrected on leaving. */
  terms?: QuantityTerms;
  /** Takes the keyboard focus (on plus) when it appears: it replaced the focused Add to cart. */
  focusOnShow?: boolean;
}

/**
 * Minus, the quantity and plus, where the quantity can also be typed (numeric keypad on
 * phones): ten bags are one entry, not ten taps. Every control is at least 44 px.
 */
export function QuantityStepper({
  name,
  quantity,
  onDecrease,
  onIncrease,
  onSet,
  minusDisabled = false,
  terms,
  focusOnShow = false,
}: QuantityStepperProps) {
  const { t } = useTranslation();
  const plus = useRef<HTMLButtonElement>(null);
  // Focus stays where the person was: on the control that took Add to cart's place.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when it first shows
  useEffect(() => {
    if (focusOnShow) plus.current?.focus();
  }, []);
  const [text, setText] = useState(String(quantity));
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  // With a minimum or a lot, a quantity is taken when the person is done typing (36 passes
  // through 3 on its way), corrected to the terms, and the correction said.
  const ruled = terms !== undefined && (terms.lot > 1 || terms.minQuantity > 1);
  const lowest = terms ? smallestQuantity(terms) : 1;
  const highest = terms ? largestQuantity(terms) : MAX_QUANTITY;
  /** On leaving the field: what was typed, taken, corrected (and said) or refused (and said). */
  const commitTyped = () => {
    const n = typedNumber(text);
    if (n === null) {
      // Letters, a fraction, a sign, nothing: the quantity stays, and the person is told.
      setNote(t('product.quantityKept', { quantity }));
      setText(String(quantity));
      return;
    }
    const corrected = ruled ? correctQuantity(terms, n) : Math.min(highest, Math.max(lowest, n));
    if (corrected === n) setNote(null);
    else if (ruled)
      setNote(
        t('terms.corrected', {
          typed: n,
          quantity: corrected,
          lot: terms.lot,
          minimum: terms.minQuantity,
        }),
      );
    else setNote(t('product.quantityOutOfRange', { max: highest, quantity: corrected }));
    if (corrected !== quantity) onSet(corrected);
    setText(String(corrected));
  };
  // Follow changes made elsewhere (+/-, another tab) unless the person is typing.
  useEffect(() => {
    if (!editing) setText(String(quantity));
  }, [quantity, editing]);
  // A field's new value is not read out: after + or -, the new quantity is said (politely, once
  // per change; a typed one when the person leaves the field, not at every digit).
  const said = useRef(quantity);
  const [saying, setSaying] = useState('');
  useEffect(() => {
    if (editing || quantity === said.current) return;
    said.current = quantity;
    setSaying(t('product.inCart', { quantity }));
  }, [quantity, editing, t]);

  const stepper = (
    <Group justify="space-between" wrap="nowrap" gap={4}>
      <ActionIcon
        size={44}
        variant="light"
        onClick={() => {
          setNote(null);
          onDecrease();
        }}
        disabled={minusDisabled}
        aria-label={t('product.decrease', { name })}
      >
        <MinusIcon />
      </ActionIcon>
      <TextInput
        value={text}
        onChange={(e) => {
          const next = e.currentTarget.value;
          setText(next);
          if (ruled) return;
          // Taken at once (above 9999 as 9999); on leaving, a correction or refusal is said.
          const n = parseQuantity(next);
          if (n !== null && n !== quantity) onSet(n);
        }}
        onFocus={(e) => {
          setEditing(true);
          e.currentTarget.select();
        }}
        onBlur={() => {
          setEditing(false);
          commitTyped();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
        }}
        inputMode="numeric"
        pattern="[0-9]*"
        enterKeyHint="done"
        // Room for a number too large, so that it is said, not cut to four digits unseen.
        maxLength={String(MAX_QUANTITY).length + 2}
        aria-label={t('product.quantityOf', { name })}
        data-testid="quantity-input"
        size="md"
        style={{ flex: 1, minWidth: 0 }}
        styles={{
          input: { textAlign: 'center', fontWeight: 700, minHeight: 44, paddingInline: 4 },
        }}
      />
      <ActionIcon
        ref={plus}
        size={44}
        variant="filled"
        onClick={() => {
          setNote(null);
          onIncrease();
        }}
        disabled={quantity >= highest}
        aria-label={t('product.increase', { name })}
      >
        <PlusIcon />
      </ActionIcon>
    </Group>
  );
  // One shape whether or not a note shows: the field is not remounted (focus, typing kept).
  return (
    <Stack gap={4}>
      {stepper}
      {/* On the page from the start (empty): a live region that appears with its words is often
          not read. */}
      <VisuallyHidden role="status" data-testid="quantity-said">
        {saying}
      </VisuallyHidden>
      {ruled && (
        <Text size="xs" c="dimmed" ta="center" data-testid="lot-hint">
          {terms.lot > 1
            ? t('terms.caseOf', { lot: terms.lot, minimum: smallestQuantity(terms) })
            : t('terms.atLeast', { minimum: terms.minQuantity })}
        </Text>
      )}
      {note && (
        <Text size="xs" c="orange.9" role="status" data-testid="quantity-corrected">
          {note}
        </Text>
      )}
    </Stack>
  );
}
