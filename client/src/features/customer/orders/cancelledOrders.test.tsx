import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { makeOrder, type RouterOutputs } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { OrderHistoryScreen } from './OrderHistoryScreen';

type Cancelled = RouterOutputs['orders']['cancelledMine'];

const HISTORY = '/customer/myorderlist/:pageNumber?';
const cancelled: Cancelled = [
  {
    id: 'o9',
    orderNumber: 10319,
    deliveryDate: '2030-05-17',
    total: 6480,
    lines: [{ name: 'Basmati Rice 5kg', nameNe: 'बासमती चामल 5kg', quantity: 2 }],
    // 10:00 in Tokyo.
    cancelledAt: '2030-05-15T01:00:00.000Z',
    by: 'customer',
  },
  {
    id: 'o8',
    orderNumber: 10301,
    deliveryDate: '2030-05-14',
    total: 2160,
    lines: [{ name: 'Ghee 1L', nameNe: null, quantity: 1 }],
    cancelledAt: '2030-05-13T23:30:00.000Z',
    by: 'office',
  },
];

function openHistory(path = '/customer/myorderlist') {
  return renderScreen(<OrderHistoryScreen />, {
    path,
    pattern: HISTORY,
    answers: {
      'orders.mine': () => ({ orders: [makeOrder()], page: 1, pages: 2 }),
      'orders.cancelledMine': () => cancelled,
    },
  });
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('ORDER HISTORY: cancelled orders', () => {
  it('shows the cancelled orders, marked cancelled, with when and by whom', async () => {
    openHistory();
    const section = await screen.findByRole('region', { name: 'Cancelled orders' });
    const rows = within(section).getAllByTestId('cancelled-order');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('#10319'),
      expect.stringContaining('#10301'),
    ]);
    const [mine, theirs] = rows as [HTMLElement, HTMLElement];
    expect(within(mine).getByText('Cancelled')).toBeTruthy();
    expect(mine.textContent).toContain('¥6,480');
    expect(mine.textContent).toContain('Delivery 17 May 2030 · cancelled 15 May 2030 10:00 by you');
    expect(mine.textContent).toContain('Basmati Rice 5kg × 2');
    expect(theirs.textContent).toContain(
      'Delivery 14 May 2030 · cancelled 14 May 2030 08:30 by the office',
    );
  });

  it('says it in Nepali', async () => {
    await act(() => i18n.changeLanguage('ne'));
    openHistory();
    const section = await screen.findByRole('region', { name: 'रद्द गरिएका अर्डरहरू' });
    const [mine] = within(section).getAllByTestId('cancelled-order');
    expect(within(mine as HTMLElement).getByText('रद्द गरियो')).toBeTruthy();
    expect(mine?.textContent).toContain('डेलिभरी 17 मे 2030 · 15 मे 2030 10:00 मा तपाईंले रद्द गर्नुभयो');
    // The products by their Nepali names.
    expect(mine?.textContent).toContain('बासमती चामल 5kg × 2');
  });

  it('shows them on the first page only', async () => {
    openHistory('/customer/myorderlist/2');
    await screen.findByText('17 May 2030');
    expect(screen.queryByRole('region', { name: 'Cancelled orders' })).toBeNull();
  });
});
