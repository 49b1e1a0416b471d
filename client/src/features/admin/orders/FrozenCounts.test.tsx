import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { showDataTableColumns } from '../../../test/dataTable';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { WebOrdersScreen } from './WebOrdersScreen';

// The Frozen Counts tab (数量集計) names each unit in the reader's language (袋, 缶, ケース), as
// the pick list and the other screens do, not as stored (Bag, Tin, C/s).

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

showDataTableColumns();
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the frozen counts', () => {
  it('shows the units in Japanese', async () => {
    await i18n.changeLanguage('ja');
    renderScreen(<WebOrdersScreen />, {
      path: '/admin/orders?tab=frozen',
      pattern: '/admin/orders',
      user: admin,
      answers: {
        'orders.pendingWebCount': () => ({ count: 0 }),
        'orders.pendingDates': () => ({
          next: '2030-05-16',
          dates: [{ date: '2030-05-16', count: 2 }],
          routes: [],
        }),
        'orders.itemQuantities': () => [
          { itemName: 'Basmati Rice 5kg', totalQuantity: 3, sku: 'Bag' },
          { itemName: 'Ghee', totalQuantity: 2, sku: 'Tin' },
          { itemName: 'Momo', totalQuantity: 4, sku: 'C/s' },
        ],
      },
    });
    const row = (name: string) =>
      screen.getAllByRole('row').find((r) => r.textContent?.includes(name))?.textContent ?? '';
    await waitFor(() => expect(row('Basmati Rice 5kg')).toBe('Basmati Rice 5kg3袋'));
    expect(row('Ghee')).toBe('Ghee2缶');
    expect(row('Momo')).toBe('Momo4ケース');
  });
});
