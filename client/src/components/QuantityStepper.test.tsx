import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { renderWithProviders } from '../test/render';
import { QuantityStepper } from './QuantityStepper';

/** A stepper holding its own quantity, as the cart's line does. */
function Line({ start = 3, lot = 1, minQuantity = 1 }) {
  const [quantity, setQuantity] = useState(start);
  return (
    <>
      <QuantityStepper
        name="Basmati Rice 5kg"
        quantity={quantity}
        terms={{ lot, minQuantity }}
        onDecrease={() => setQuantity((q) => q - 1)}
        onIncrease={() => setQuantity((q) => q + 1)}
        onSet={setQuantity}
      />
      <output data-testid="held">{quantity}</output>
    </>
  );
}

const field = () => screen.getByTestId<HTMLInputElement>('quantity-input');
const held = () => screen.getByTestId('held').textContent;
const note = () => screen.queryByTestId('quantity-corrected')?.textContent ?? null;

function type(value: string) {
  act(() => field().focus());
  fireEvent.change(field(), { target: { value } });
  act(() => field().blur());
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('a typed cart quantity', () => {
  it('says so when 0 is raised to 1', () => {
    renderWithProviders(<Line />);
    type('0');
    expect(held()).toBe('1');
    expect(field().value).toBe('1');
    expect(note()).toBe('A quantity is from 1 to 9999: changed to 1.');
  });

  it('says so when 99999 is lowered to 9999 (typed whole, not cut to four digits)', () => {
    renderWithProviders(<Line />);
    expect(Number(field().getAttribute('maxlength'))).toBeGreaterThan(5);
    type('99999');
    expect(held()).toBe('9999');
    expect(note()).toBe('A quantity is from 1 to 9999: changed to 9999.');
  });

  it('says so when letters are refused and the quantity stays', () => {
    renderWithProviders(<Line />);
    type('abc');
    expect(held()).toBe('3');
    expect(field().value).toBe('3');
    expect(note()).toBe('Type digits only: the quantity stays 3.');
    // A good quantity then takes it, and the note goes.
    type('12');
    expect(held()).toBe('12');
    expect(note()).toBeNull();
  });

  it('takes Nepali digits, and speaks Nepali', async () => {
    await act(() => i18n.changeLanguage('ne'));
    renderWithProviders(<Line />);
    type('१२');
    expect(held()).toBe('12');
    expect(note()).toBeNull();
    type('abc');
    expect(note()).toBe('अङ्क मात्र लेख्नुहोस्: परिमाण 12 नै रह्यो।');
    type('0');
    expect(note()).toBe('परिमाण 1 देखि 9999 सम्म मात्र हुन्छ: 1 बनाइयो।');
  });

  it('keeps the field (and its focus) when a note appears', () => {
    renderWithProviders(<Line />);
    const before = field();
    type('abc');
    expect(field()).toBe(before);
  });

  it('with a case lot, a 0 becomes the smallest case, said with the terms', () => {
    renderWithProviders(<Line start={6} lot={6} />);
    type('0');
    expect(held()).toBe('6');
    expect(note()).toBe(i18n.t('terms.corrected', { typed: 0, quantity: 6, lot: 6, minimum: 1 }));
  });
});

describe('the quantity, said', () => {
  const said = () => screen.getByTestId('quantity-said').textContent;

  it('after plus or minus, politely, in the reader’s language', async () => {
    renderWithProviders(<Line />);
    expect(screen.getByTestId('quantity-said').getAttribute('role')).toBe('status');
    expect(said()).toBe('');
    act(() =>
      fireEvent.click(
        screen.getByRole('button', { name: 'Increase quantity of Basmati Rice 5kg' }),
      ),
    );
    expect(said()).toBe('In the cart: 4');
    await act(() => i18n.changeLanguage('ne'));
    act(() =>
      fireEvent.click(screen.getByRole('button', { name: 'Basmati Rice 5kg को परिमाण घटाउनुहोस्' })),
    );
    expect(said()).toBe('कार्टमा: 3');
  });

  it('typed: once, on leaving the field, not at every digit', () => {
    renderWithProviders(<Line />);
    act(() => field().focus());
    fireEvent.change(field(), { target: { value: '1' } });
    fireEvent.change(field(), { target: { value: '12' } });
    expect(held()).toBe('12');
    expect(said()).toBe('');
    act(() => field().blur());
    expect(said()).toBe('In the cart: 12');
  });
});
