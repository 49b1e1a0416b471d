import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { makeOrder } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { OrderHistoryScreen } from './OrderHistoryScreen';

// A delivered order still says Accepted (the spec's word), followed by when it arrived, in the
// business's time zone (Asia/Tokyo in the tests' default), in the reader's language.

const HISTORY = '/customer/myorderlist/:pageNumber?';

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

function history() {
  return renderScreen(<OrderHistoryScreen />, {
    path: '/customer/myorderlist',
    pattern: HISTORY,
    answers: {
      'orders.mine': () => ({
        orders: [
          makeOrder({
            _id: 'arrived',
            isDelivered: true,
            deliveredAt: '2030-05-16T20:00:00.000Z',
            arrivedAt: '2030-05-16T23:40:00.000Z',
          }),
          makeOrder({ _id: 'onVan', orderNumber: 10483, isDelivered: true, arrivedAt: null }),
        ],
        page: 1,
        pages: 1,
      }),
    },
  });
}

describe('ORDER HISTORY: when a delivered order arrived', () => {
  it('shows Accepted with the delivery time in the row and in the details', async () => {
    history();
    await screen.findAllByTestId('order-row');
    const [arrived, onVan] = screen.getAllByTestId('order-row') as HTMLElement[];
    expect(within(arrived as HTMLElement).getByText('Accepted')).toBeTruthy();
    expect(within(arrived as HTMLElement).getByTestId('arrived-at').textContent).toBe(
      '· Delivered 17 May 2030 08:40',
    );
    // Handed to a driver, not yet at the door: Accepted and nothing more.
    expect(within(onVan as HTMLElement).getByText('Accepted')).toBeTruthy();
    expect(within(onVan as HTMLElement).queryByTestId('arrived-at')).toBeNull();

    fireEvent.click(within(arrived as HTMLElement).getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('arrived-at').textContent).toBe(
      '· Delivered 17 May 2030 08:40',
    );
  });

  it('says it in Nepali', async () => {
    await act(() => i18n.changeLanguage('ne'));
    history();
    await screen.findAllByTestId('order-row');
    const arrived = screen.getAllByTestId('order-row')[0] as HTMLElement;
    expect(within(arrived).getByTestId('arrived-at').textContent).toMatch(
      /^· डेलिभर भयो: .*2030 08:40$/,
    );
  });
});

describe('ORDER HISTORY: reporting a problem from the details popup', () => {
  it('offers Report a problem within 48 hours of the delivery, not after', async () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600 * 1000).toISOString();
    renderScreen(<OrderHistoryScreen />, {
      path: '/customer/myorderlist',
      pattern: HISTORY,
      answers: {
        'orders.mine': () => ({
          orders: [
            makeOrder({ _id: 'fresh', isDelivered: true, arrivedAt: hoursAgo(5) }),
            makeOrder({
              _id: 'old',
              orderNumber: 10483,
              isDelivered: true,
              arrivedAt: hoursAgo(50),
            }),
          ],
          page: 1,
          pages: 1,
        }),
      },
    });
    const [fresh, old] = (await screen.findAllByTestId('order-row')) as HTMLElement[];
    fireEvent.click(within(fresh as HTMLElement).getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByRole('link', { name: 'Report a problem' }).getAttribute('href'),
    ).toBe('/customer/claims');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(old as HTMLElement).getByRole('button', { name: 'Details' }));
    const later = await screen.findByRole('dialog');
    expect(within(later).queryByRole('link', { name: 'Report a problem' })).toBeNull();
  });
});
