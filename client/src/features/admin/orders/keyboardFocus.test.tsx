import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { pickFrom } from '../../../test/customerPick';
import { deliveryCalendar, makeOrder, makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { PlaceForModal } from './PlaceForModal';
import { WebOrdersScreen } from './WebOrdersScreen';

// The office clerk who works by keyboard alone: an order dispatched from its popup leaves the
// list, and the focus goes to the order now in its place, not to the top of the page.

vi.mock('../../../components/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
const dispatch = vi.hoisted(() => vi.fn(async (_input: unknown): Promise<unknown> => ({})));
const placeFor = vi.hoisted(() => vi.fn(async (_input: unknown): Promise<unknown> => ({})));
vi.mock('../../../keyed', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../keyed')>()),
  keyedClient: { orders: { dispatch: { mutate: dispatch }, placeFor: { mutate: placeFor } } },
}));

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });
const officeOrder = (id: string, orderNumber: number, restaurantName: string) => {
  const base = makeOrder({ _id: id, orderNumber });
  return {
    ...base,
    user: { ...base.user, restaurantName },
    offSchedule: false,
    onHold: false,
    placedByStaff: false,
  };
};

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('New Orders by keyboard', () => {
  it('after Mark as dispatched, the focus is on the next order, not on the page', async () => {
    await act(() => i18n.changeLanguage('ja'));
    let pending = [
      officeOrder('o1', 10481, 'Himalaya Kitchen'),
      officeOrder('o2', 10482, 'Everest Dining'),
    ];
    dispatch.mockImplementation(async (input) => {
      pending = pending.filter((o) => o._id !== (input as { id: string }).id);
      return {};
    });
    renderScreen(<WebOrdersScreen />, {
      path: '/admin/orders',
      user: admin,
      answers: {
        'orders.pendingWebCount': () => ({ count: pending.length }),
        'orders.pendingDates': () => ({ dates: [], routes: [], next: null }),
        'orders.list': () => ({ orders: pending, page: 1, pages: 1, total: pending.length }),
        'ordertrack.formOptions': () => ({
          drivers: [{ _id: 'd1', username: 'driver1', name: 'Ram' }],
          routes: [],
        }),
        'orders.suggestDriver': () => ({ driverId: 'd1', basis: 'customer' }),
        'settings.deliveryCalendar': deliveryCalendar,
        'standing.forDate': () => [],
      },
    });
    const user = userEvent.setup();
    const first = await screen.findByRole('button', { name: /注文を見る #10481/ });
    first.focus();
    await user.keyboard('{Enter}');
    const dispatchButton = await screen.findByRole('button', { name: '出荷済みにする' });
    dispatchButton.focus();
    await user.keyboard('{Enter}');
    const yes = await screen.findByRole('button', { name: 'はい' });
    await waitFor(() => expect((yes as HTMLButtonElement).disabled).toBe(false));
    yes.focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByRole('button', { name: /#10481/ })).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: /注文を見る #10482 Everest Dining/ }),
      ),
    );
  });
});

describe('a phoned-in order by keyboard', () => {
  it('says a missing product at the product field, which takes the focus', async () => {
    await act(() => i18n.changeLanguage('ja'));
    renderScreen(<PlaceForModal opened onClose={() => {}} />, {
      path: '/admin/orders',
      user: admin,
      answers: {
        'customers.pick': pickFrom([
          { _id: 'c1', restaurantName: 'Himalaya Kitchen', customerCode: 'C1' },
        ]),
        'products.forCustomer': () => [],
        'orders.termsFor': () => ({ minimumOrder: null, hidden: [] }),
        'settings.tax': () => ({ basis: 'exclusive', rounding: 'down' }),
        'settings.deliveryCalendar': deliveryCalendar,
      },
    });
    const user = userEvent.setup();
    const place = await screen.findByRole('button', { name: '注文を確定する' });

    // Nothing chosen: the customer field says so and has the focus.
    place.focus();
    await user.keyboard('{Enter}');
    const customer = screen.getByRole('combobox', { name: /得意先/ });
    await waitFor(() => expect(document.activeElement).toBe(customer));
    expect(customer.getAttribute('aria-invalid')).toBe('true');
    const customerError = document.getElementById(
      customer
        .getAttribute('aria-describedby')
        ?.split(' ')
        .find((id) => id.endsWith('error')) ?? '',
    );
    expect(customerError?.textContent).toBe('この項目は必須です。');

    // A customer chosen by keyboard, no product: the first line's product field says so.
    await user.keyboard('Himalaya');
    await screen.findByRole('option', { name: /Himalaya Kitchen/ });
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(customer.getAttribute('aria-invalid')).not.toBe('true'));
    place.focus();
    await user.keyboard('{Enter}');
    const product = screen.getByRole('combobox', { name: '商品（1行目）' });
    await waitFor(() => expect(document.activeElement).toBe(product));
    expect(product.getAttribute('aria-invalid')).toBe('true');
    const described = (product.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(described).toContain('商品を1つ以上選んでください。');
    expect(placeFor).not.toHaveBeenCalled();
  });
});
