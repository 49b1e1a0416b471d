import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CartItem, writeCart } from '../../cart';
import { makeOrder, makeProduct, makeUser } from '../../test/fixtures';
import { fakeAuth, Providers } from '../../test/render';
import { type Answers, fakeServer } from '../../test/testServer';
import { AuthContext } from '../auth/AuthContext';
import { CartScreen } from './cart/CartScreen';
import { OrderDetailsScreen } from './orders/OrderDetailsScreen';
import { OrderHistoryScreen } from './orders/OrderHistoryScreen';

// The phone's Back button on the customer's dialogs closes the dialog and the page stays (the
// app's BrowserRouter on the window's own history, as on the phone): the checkout's "not your
// delivery day", an order's "Cancel order?" and the history's order popup.

function Where() {
  const { pathname, hash } = useLocation();
  return <output data-testid="where">{pathname + hash}</output>;
}

function renderAt(path: string, answers: Answers, routes: ReactElement) {
  window.history.pushState(null, '', path);
  const { ServerProvider, calls } = fakeServer(answers);
  render(
    <AuthContext value={fakeAuth({ user: makeUser({ deliveryDays: ['Tuesday', 'Friday'] }) })}>
      <ServerProvider>
        <BrowserRouter>
          <Routes>
            {routes}
            <Route path="*" element={<p>Somewhere else</p>} />
          </Routes>
          <Where />
        </BrowserRouter>
      </ServerProvider>
    </AuthContext>,
    { wrapper: Providers },
  );
  return calls;
}

const marked = () =>
  typeof window.history.state === 'object' &&
  window.history.state !== null &&
  'backCloses' in window.history.state;

/** The phone's Back button. */
async function pressBack() {
  await act(async () => {
    window.history.back();
  });
}

const where = () => screen.getByTestId('where').textContent;

beforeEach(async () => {
  // A removal left by the last test has landed; each test starts on a page of its own.
  await waitFor(() => expect(marked()).toBe(false));
  window.history.pushState(null, '', '/customer');
});

describe("the phone's Back button in the checkout", () => {
  const rice: CartItem = {
    id: 'p1',
    name: 'Basmati Rice 5kg',
    sku: 'Bag',
    quantity: 2,
    itemType: 'Regular',
    itemCount: 'Count',
    price: 3980,
  };
  // Every Tuesday and Friday of the next two weeks is a holiday: the date is Monday 13 May,
  // not a delivery day of this restaurant.
  const answers: Answers = {
    'settings.deliveryCalendar': () => ({
      timeZone: 'Asia/Tokyo',
      today: '2030-05-13',
      earliest: '2030-05-13',
      cutoff: '04:00',
      holidays: ['2030-05-14', '2030-05-17', '2030-05-21', '2030-05-24'],
    }),
    'products.list': () => [makeProduct({ _id: 'p1' })],
    'orders.checkoutTerms': () => ({ minimumOrder: null, hidden: [] }),
    'orders.sameDay': () => ({ order: null }),
    'orders.place': async () => makeOrder({ deliveryDate: '2030-05-13' }),
  };
  const routes = (
    <>
      <Route path="/cart" element={<CartScreen />} />
      <Route path="/customer/orderplaced" element={<p>Order placed</p>} />
    </>
  );

  async function openOffDayQuestion() {
    writeCart([rice]);
    const calls = renderAt('/cart', answers, routes);
    fireEvent.click(await screen.findByRole('button', { name: 'CONTINUE' }));
    await screen.findByRole('button', { name: /Delivery date/ }, { timeout: 10_000 });
    expect(screen.getByRole('button', { name: /Delivery date/ }).textContent).toContain(
      '13 May 2030',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    const dialog = await screen.findByRole('dialog', {
      name: '13 May 2030 is not one of your delivery days',
    });
    return { calls, dialog };
  }

  it('closes "not your delivery day" and stays on the second step, with its date', async () => {
    const { calls } = await openOffDayQuestion();
    expect(marked()).toBe(true);
    await pressBack();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(where()).toBe('/cart#checkout');
    expect(screen.getByText('Terms and conditions')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Delivery date/ }).textContent).toContain(
      '13 May 2030',
    );
    expect(calls.some((c) => c.path === 'orders.place')).toBe(false);
  });

  it('"Yes, deliver that day" places the order and the success page stays', async () => {
    const { dialog } = await openOffDayQuestion();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, deliver that day' }));
    await waitFor(() => expect(where()).toBe('/customer/orderplaced'));
    // The dialog's entry was taken away before the success page replaced the checkout.
    await new Promise((r) => setTimeout(r, 50));
    expect(where()).toBe('/customer/orderplaced');
    expect(marked()).toBe(false);
  });
});

describe("the phone's Back button on an order's page", () => {
  const order = makeOrder();
  const answers: Answers = {
    'orders.byId': () => order,
    'orders.changeWindow': () => ({
      changeable: true,
      cutoff: '04:00',
      deliveryDate: '2030-05-17',
      closesAt: '2030-05-16T19:00:00.000Z',
    }),
    'products.list': () => [makeProduct({ _id: 'p1' })],
    'orders.mine': () => ({ orders: [], page: 1, pages: 1 }),
    'orders.cancelledMine': () => [],
    'orders.cancel': () => ({ _id: 'o1', orderNumber: 10482, cancelled: true as const }),
  };
  const routes = (
    <>
      <Route path="/customer/orderdetails/:id" element={<OrderDetailsScreen />} />
      <Route path="/customer/myorderlist" element={<p>Order history</p>} />
    </>
  );

  it('answers "Keep the order" to "Cancel order?"', async () => {
    const calls = renderAt('/customer/orderdetails/o1', answers, routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await screen.findByRole('dialog', { name: 'Cancel order #10482?' });
    await pressBack();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(where()).toBe('/customer/orderdetails/o1');
    expect(screen.getByTestId('order-number').textContent).toBe('#10482');
    expect(calls.some((c) => c.path === 'orders.cancel')).toBe(false);
  });

  it("once cancelled, the history takes the page's place: Back goes where the customer came from", async () => {
    renderAt('/customer/orderdetails/o1', answers, routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(where()).toBe('/customer/myorderlist'));
    await new Promise((r) => setTimeout(r, 50));
    expect(where()).toBe('/customer/myorderlist');
    expect(marked()).toBe(false);
    // Not back to the page of the order just cancelled.
    await pressBack();
    await waitFor(() => expect(where()).toBe('/customer'));
  });
});

describe("the phone's Back button on the order history", () => {
  it('closes the order popup and the history stays', async () => {
    renderAt(
      '/customer/myorderlist',
      { 'orders.mine': () => ({ orders: [makeOrder()], page: 1, pages: 1 }) },
      <Route path="/customer/myorderlist/:pageNumber?" element={<OrderHistoryScreen />} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Details' }));
    await screen.findByRole('dialog', { name: /^ORDER DETAILS #10482$/ });
    await pressBack();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(where()).toBe('/customer/myorderlist');
    expect(screen.getAllByTestId('order-row')).toHaveLength(1);
  });
});
