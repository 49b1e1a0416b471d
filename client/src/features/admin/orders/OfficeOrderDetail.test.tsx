import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { makeOrder } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { OfficeOrderDetail } from './OfficeOrderDetail';

// The office's order detail of a delivered order: a line delivered short says so in Japanese,
// with the amount of what was delivered, as on the restaurant's page and the delivery slip.

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe("the office's order detail", () => {
  it('shows in Japanese what was delivered of a short line and its amount', async () => {
    await act(() => i18n.changeLanguage('ja'));
    const order = {
      ...makeOrder({
        isDelivered: true,
        deliveredBy: 'driver1',
        orderItems: [
          {
            _id: 'bags',
            product: 'p9',
            name: 'Naan Paper Bags',
            sku: 'Pkt',
            quantity: 10,
            price: 620,
            total: 6200,
            taxRate: 10,
            deliveredQuantity: 8,
            shortReason: 'short',
          },
        ],
        net8: 0,
        tax8: 0,
        net10: 4960,
        tax10: 496,
        totalPrice: 5456,
      }),
      offSchedule: false,
      placedByStaff: false,
    };
    renderScreen(<OfficeOrderDetail order={order} />, { path: '/admin/orders/o1' });
    const line = await screen.findByTestId('order-line');
    expect(within(line).getByTestId('delivered-note').textContent).toBe(
      '注文10のうち8を納品（欠品）',
    );
    const cells = within(line).getAllByRole('cell');
    expect(cells[4]?.textContent).toBe('¥4,960');
    expect(within(screen.getByTestId('tax-rate-10')).getByText('¥4,960')).toBeTruthy();
  });
});
