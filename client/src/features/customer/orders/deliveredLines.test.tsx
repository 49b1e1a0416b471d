import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderOut } from '../../../../../shared/schemas/orders';
import i18n from '../../../i18n';
import { makeOrder } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { OrderDetailsScreen } from './OrderDetailsScreen';
import { OrderHistoryScreen } from './OrderHistoryScreen';

// A delivered order's lines as the restaurant reads them: a line delivered otherwise than
// ordered says what was delivered and why, with the amount of what was delivered, so the lines
// add up to the subtotals (which follow the delivery).

/**
 * 10 paper bags at ¥620 (10 %) of which 8 were delivered (short); 3 bags of rice of which 1
 * was delivered, 2 bottles of oil handed over instead (10 %); dal as ordered.
 * 10 %: 8 x 620 + 2 x 900 = 6,760, tax 676. 8 %: 1 x 2,480 + 2 x 500 = 3,480, tax 278.
 */
const deliveredShort: OrderOut = makeOrder({
  isDelivered: true,
  deliveredBy: 'driver1',
  orderItems: [
    {
      _id: 'bags',
      product: 'p9',
      name: 'Naan Paper Bags',
      nameNe: 'नान कागज झोला',
      sku: 'Pkt',
      quantity: 10,
      price: 620,
      total: 6200,
      taxRate: 10,
      deliveredQuantity: 8,
      shortReason: 'short',
      substituteFor: null,
    },
    {
      _id: 'rice',
      product: 'p1',
      name: 'Basmati Rice 5kg',
      nameNe: 'बासमती चामल',
      sku: 'Bag',
      quantity: 3,
      price: 2480,
      total: 7440,
      taxRate: 8,
      deliveredQuantity: 1,
      shortReason: 'substituted',
      substituteFor: null,
    },
    {
      _id: 'dal',
      product: 'p3',
      name: 'Toor Dal 1kg',
      nameNe: 'रहर दाल',
      sku: 'Kg',
      quantity: 2,
      price: 500,
      total: 1000,
      taxRate: 8,
      deliveredQuantity: null,
      shortReason: null,
      substituteFor: null,
    },
    {
      _id: 'oil',
      product: 'p7',
      name: 'Mustard Oil 1L',
      nameNe: 'तोरीको तेल',
      sku: 'Btl',
      quantity: 2,
      price: 900,
      total: 1800,
      taxRate: 10,
      deliveredQuantity: null,
      shortReason: null,
      substituteFor: 'rice',
    },
  ],
  net10: 6760,
  tax10: 676,
  net8: 3480,
  tax8: 278,
  totalPrice: 11194,
});

const closedDelivered = () => ({
  changeable: false,
  cutoff: '04:00',
  deliveryDate: '2030-05-17',
  closesAt: '2030-05-16T19:00:00.000Z',
  closed: 'delivered' as const,
  officePhone: '03-5338-1234',
});

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

/** Each line's cells: serial, product (with its note), quantity, unit price, amount. */
const rowsOf = (scope: HTMLElement) =>
  within(scope)
    .getAllByTestId('order-line')
    .map((row) => within(row).getAllByRole('cell'));
const yen = (text: string | null | undefined) => Number((text ?? '').replace(/[^\d]/g, ''));

describe("a delivered order's lines", () => {
  it('say in Nepali what was delivered and why, and add up to the subtotals', async () => {
    await act(() => i18n.changeLanguage('ne'));
    renderScreen(<OrderDetailsScreen />, {
      path: '/customer/orderdetails/o1',
      pattern: '/customer/orderdetails/:id',
      answers: {
        'orders.byId': () => deliveredShort,
        'orders.changeWindow': closedDelivered,
      },
    });
    const notes = await screen.findAllByTestId('delivered-note');
    expect(notes.map((n) => n.textContent)).toEqual([
      '10 मध्ये 8 डेलिभर भयो — कम',
      '3 मध्ये 1 डेलिभर भयो — सट्टा सामान',
      'बासमती चामल को सट्टा',
    ]);
    const rows = rowsOf(document.body);
    const bags = rows[0] ?? [];
    expect(bags[2]?.textContent).toContain('8');
    expect(yen(bags[4]?.textContent)).toBe(4960);
    // The amounts of each rate are its subtotal.
    const sum = (rate: 8 | 10) =>
      deliveredShort.orderItems
        .map((l, i) => (l.taxRate === rate ? yen(rows[i]?.[4]?.textContent) : 0))
        .reduce((a, b) => a + b, 0);
    expect(sum(10)).toBe(6760);
    expect(sum(8)).toBe(3480);
    expect(within(screen.getByTestId('tax-rate-10')).getByText('¥6,760')).toBeTruthy();
    expect(within(screen.getByTestId('tax-rate-8')).getByText('¥3,480')).toBeTruthy();
    // A delivered order has no closed-window note: its lines say what happened.
    expect(screen.queryByTestId('change-closed')).toBeNull();
  });

  it('are the same in the history popup, in English', async () => {
    renderScreen(<OrderHistoryScreen />, {
      path: '/customer/myorderlist',
      pattern: '/customer/myorderlist/:pageNumber?',
      answers: {
        'orders.mine': () => ({ orders: [deliveredShort], page: 1, pages: 1 }),
        'orders.changeWindow': closedDelivered,
        'orders.cancelledMine': () => [],
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog');
    const notes = within(dialog).getAllByTestId('delivered-note');
    expect(notes.map((n) => n.textContent)).toEqual([
      '8 of 10 delivered — short',
      '1 of 3 delivered — substituted',
      'substitute for Basmati Rice 5kg',
    ]);
    const bags = rowsOf(dialog)[0] ?? [];
    expect(bags[2]?.textContent).toBe('8 Pkt10 Pkt');
    expect(bags[4]?.textContent).toBe('¥4,960');
  });
});

describe('ORDER DETAILS: reporting a problem with a delivered order', () => {
  function details(arrivedAt: string | null) {
    return renderScreen(<OrderDetailsScreen />, {
      path: '/customer/orderdetails/o1',
      pattern: '/customer/orderdetails/:id',
      answers: {
        'orders.byId': () => ({ ...deliveredShort, arrivedAt }),
        'orders.changeWindow': closedDelivered,
      },
    });
  }

  it('offers Report a problem, in Nepali, within 48 hours of the delivery', async () => {
    await act(() => i18n.changeLanguage('ne'));
    details(new Date(Date.now() - 3 * 3600 * 1000).toISOString());
    const link = await screen.findByRole('link', { name: 'समस्या रिपोर्ट' });
    expect(link.getAttribute('href')).toBe('/customer/claims');
  });

  it('not once the 48 hours have passed', async () => {
    const { unmount } = details(new Date(Date.now() - 49 * 3600 * 1000).toISOString());
    await screen.findAllByTestId('delivered-note');
    expect(screen.queryByRole('link', { name: 'Report a problem' })).toBeNull();
    unmount();
    details(null);
    await screen.findAllByTestId('delivered-note');
    expect(screen.queryByRole('link', { name: 'Report a problem' })).toBeNull();
  });
});
