import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { makeProduct } from '../../test/fixtures';
import { renderScreen } from '../../test/renderScreen';
import { notifyError } from '../notify';
import { standingQuantity, UsualOrders } from './UsualOrders';

vi.mock('../notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const rice = makeProduct({
  _id: 'p1',
  name: 'Basmati Rice 5kg',
  nameNe: 'बासमती चामल',
  sku: 'Bag',
});
const ghee = makeProduct({ _id: 'p2', name: 'Ghee 1L', nameNe: 'घ्यू', sku: 'Btl' });
const dal = makeProduct({ _id: 'p3', name: 'Toor Dal 1kg', nameNe: null, sku: 'Kg' });

function openUsual() {
  return renderScreen(<UsualOrders />, {
    path: '/customer/usual',
    answers: {
      'standing.usual': () => [
        {
          weekday: 'Tuesday',
          lines: [{ product: 'p1', name: 'Basmati Rice 5kg', nameNe: 'बासमती चामल', quantity: 2 }],
        },
        { weekday: 'Friday', lines: [] },
      ],
      'wishlist.list': () => [ghee, dal],
      'products.list': () => [rice, ghee, dal],
      'standing.pauses': () => [],
      'standing.setUsual': () => [],
    },
  });
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
  vi.clearAllMocks();
});

describe('a typed usual quantity', () => {
  it('takes Western and Nepali digits, empty or 0 as none, and refuses the rest', () => {
    expect(standingQuantity('10')).toBe(10);
    expect(standingQuantity('१०')).toBe(10);
    expect(standingQuantity(' ')).toBeNull();
    expect(standingQuantity('0')).toBeNull();
    expect(standingQuantity('2.5')).toBe('bad');
    expect(standingQuantity('abc')).toBe('bad');
    expect(standingQuantity('99999')).toBe('bad');
  });
});

describe('USUAL ORDERS', () => {
  it('shows Nepali names, each unit, a short placeholder, and one width for every field', async () => {
    await act(() => i18n.changeLanguage('ne'));
    openUsual();
    const tuesday = await screen.findByRole('region', { name: 'मङ्गलबार' });
    const rows = await within(tuesday).findAllByTestId('standing-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('बासमती चामल'),
      expect.stringContaining('घ्यू'),
      expect.stringContaining('Toor Dal 1kg'),
    ]);
    expect(
      within(tuesday)
        .getAllByTestId('standing-unit')
        .map((u) => u.textContent),
    ).toEqual(['बोरा', 'बोतल', 'केजी']);
    const fields = within(tuesday).getAllByRole('textbox');
    // The placeholder is a short word that fits the field, not a truncated sentence.
    expect(fields[1]?.getAttribute('placeholder')).toBe('छैन');
    const widths = new Set(
      fields.map((f) => f.closest('.mantine-TextInput-root')?.getAttribute('style')),
    );
    expect(widths.size).toBe(1);
    expect([...widths][0]).toContain('140px');
  });

  it('sends Nepali digits as numbers', async () => {
    await act(() => i18n.changeLanguage('ne'));
    const { calls } = openUsual();
    const tuesday = await screen.findByRole('region', { name: 'मङ्गलबार' });
    await within(tuesday).findByText('घ्यू');
    fireEvent.change(within(tuesday).getByRole('textbox', { name: /घ्यू/ }), {
      target: { value: '१०' },
    });
    fireEvent.click(within(tuesday).getByRole('button', { name: i18n.t('standing.save') }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'standing.setUsual')?.input).toEqual({
        weekday: 'Tuesday',
        lines: [
          { product: 'p1', quantity: 2 },
          { product: 'p2', quantity: 10 },
        ],
      }),
    );
  });

  it('says which day and which product is wrong, and sends nothing', async () => {
    const { calls } = openUsual();
    const friday = await screen.findByRole('region', { name: 'Friday' });
    await within(friday).findByText('Ghee 1L');
    const field = within(friday).getByRole('textbox', { name: /Ghee 1L/ });
    fireEvent.change(field, { target: { value: '2.5' } });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe('Type a whole number from 1 to 9999, or leave it empty.');
    fireEvent.click(within(friday).getByRole('button', { name: 'Save usual order' }));
    expect(notifyError).toHaveBeenCalledWith(
      'Friday · Ghee 1L: type a whole number from 1 to 9999, or leave it empty.',
    );
    expect(document.activeElement).toBe(field);
    expect(calls.some((c) => c.path === 'standing.setUsual')).toBe(false);
  });
});
