import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCart, writeCart } from '../../../cart';
import { notifyError, notifySuccess } from '../../../components/notify';
import i18n from '../../../i18n';
import { makeOrder, PRODUCTS } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { renderScreen } from '../../../test/renderScreen';
import { serverError } from '../../../test/testServer';
import { OrderDetailsScreen } from './OrderDetailsScreen';
import { OrderHistoryScreen } from './OrderHistoryScreen';
import { OrderPlacedScreen } from './OrderPlacedScreen';

vi.mock('../../../components/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

const location = () => screen.getByTestId('location').textContent;
const HISTORY = '/customer/myorderlist/:pageNumber?';

describe('ORDER HISTORY', () => {
  const delivered = makeOrder({ _id: 'o2', deliveryDate: '2030-04-01', isDelivered: true });

  it('lists orders with delivery date, status and Details', async () => {
    renderScreen(<OrderHistoryScreen />, {
      path: '/customer/myorderlist',
      pattern: HISTORY,
      answers: { 'orders.mine': () => ({ orders: [makeOrder(), delivered], page: 1, pages: 1 }) },
    });
    expect(screen.getByRole('heading', { name: 'ORDER HISTORY' })).toBeTruthy();
    await screen.findByText('17 May 2030');
    for (const header of ['ORDER NO.', 'ORDERED', 'DELIVERY', 'TOTAL', 'STATUS', 'ACTION']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    }
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByText('Pending')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Accepted')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('1 Apr 2030')).toBeTruthy();

    fireEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: /^ORDER DETAILS #\d+$/ });
    expect(within(dialog).getByText('Himalaya Kitchen')).toBeTruthy();
    expect(within(dialog).getByText('Before 11am please')).toBeTruthy();
    expect(within(dialog).getByText('2 Bag')).toBeTruthy();
    expect(within(dialog).getByText('¥8,340')).toBeTruthy();
    expect(
      within(dialog).getByRole('link', { name: 'Open printable page' }).getAttribute('href'),
    ).toBe('/customer/orderdetails/o1');
  });

  it("says 'No Orders' when there are none", async () => {
    renderScreen(<OrderHistoryScreen />, {
      path: '/customer/myorderlist',
      pattern: HISTORY,
      answers: { 'orders.mine': () => ({ orders: [], page: 1, pages: 1 }) },
    });
    expect(await screen.findByText('No Orders')).toBeTruthy();
  });

  it('reads the page from the URL and pages through the URL', async () => {
    const { calls } = renderScreen(<OrderHistoryScreen />, {
      path: '/customer/myorderlist/2',
      pattern: HISTORY,
      answers: {
        'orders.mine': (input) => ({
          orders: [makeOrder({ _id: `o-${(input as { pageNumber: number }).pageNumber}` })],
          page: (input as { pageNumber: number }).pageNumber,
          pages: 3,
        }),
      },
    });
    await screen.findByText('17 May 2030');
    expect(calls.find((c) => c.path === 'orders.mine')?.input).toEqual({ pageNumber: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(location()).toBe('/customer/myorderlist/3'));
    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(location()).toBe('/customer/myorderlist'));
  });

  it("says 'Failed to fetch data' when the list cannot be read", async () => {
    renderScreen(<OrderHistoryScreen />, {
      path: '/customer/myorderlist',
      pattern: HISTORY,
      answers: { 'orders.mine': () => Promise.reject(new Error('Failed to fetch')) },
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch data');
  });
});

describe('order details page', () => {
  const details = (answers: Record<string, (input: unknown) => unknown>) =>
    renderScreen(<OrderDetailsScreen />, {
      path: '/customer/orderdetails/o1',
      pattern: '/customer/orderdetails/:id',
      answers,
    });

  it('shows restaurant, date, message and numbered lines with prices and total', async () => {
    details({ 'orders.byId': () => makeOrder() });
    // Reduced-rate items carry ※ (explained under the totals).
    await screen.findByText('Basmati Rice 5kg ※');
    expect(screen.getByText('Himalaya Kitchen')).toBeTruthy();
    expect(screen.getByText('17 May 2030')).toBeTruthy();
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(3);
    const cells = (row: number) =>
      within(rows[row] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.firstChild?.textContent);
    // Serial, product, quantity with unit, unit price, line total.
    expect(cells(1)).toEqual(['1', 'Basmati Rice 5kg', '2 Bag', '¥3,980', '¥7,960']);
    expect(cells(2)).toEqual(['2', 'Fish Sauce 700ml', '1 Btl', '¥380', '¥380']);
    expect(screen.getByText('¥8,340')).toBeTruthy();
  });

  it("prints with the title 'Order Detail' and restores the title", async () => {
    const print = vi.fn(() => {
      expect(document.title).toBe('Order Detail');
      window.dispatchEvent(new Event('afterprint'));
    });
    vi.stubGlobal('print', print);
    document.title = 'Wholesale Orders';
    details({ 'orders.byId': () => makeOrder() });
    fireEvent.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(document.title).toBe('Wholesale Orders');
    vi.unstubAllGlobals();
  });

  it("shows 'Order not found.' for another customer's or a missing order, in Nepali too", async () => {
    details({ 'orders.byId': () => Promise.reject(serverError(404, 'order.notFound')) });
    expect((await screen.findByRole('alert')).textContent).toBe('Order not found.');
    await act(() => i18n.changeLanguage('ne'));
    expect(screen.getByRole('alert').textContent).toBe('अर्डर फेला परेन।');
  });

  it('orders again: current products into the cart, unavailable lines named, then /cart', async () => {
    writeCart([{ id: 'p1', name: 'Basmati Rice 5kg', sku: 'Bag', quantity: 1, price: 3980 }]);
    details({ 'orders.byId': () => makeOrder(), 'products.list': () => PRODUCTS });
    fireEvent.click(await screen.findByRole('button', { name: 'Order again' }));
    await waitFor(() => expect(location()).toBe('/cart'));
    expect(readCart().map((i) => [i.id, i.quantity])).toEqual([['p1', 3]]);
    expect(notifyError).toHaveBeenCalledWith(
      'Not added (no longer available or out of stock): Fish Sauce 700ml',
    );
    expect(notifySuccess).toHaveBeenCalledWith('Items put back in the cart: 1');
  });

  it('stays put when nothing of the order can be ordered again', async () => {
    details({
      'orders.byId': () => makeOrder(),
      'products.list': () => PRODUCTS.filter((p) => p._id !== 'p1'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Order again' }));
    await waitFor(() => expect(notifyError).toHaveBeenCalled());
    expect(location()).toBe('/customer/orderdetails/o1');
    expect(readCart()).toEqual([]);
  });
});

describe('order placed page', () => {
  it('thanks the customer and links to the orders', () => {
    renderScreen(<OrderPlacedScreen />, { path: '/customer/orderplaced' });
    expect(screen.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeTruthy();
    expect(
      screen.getByText("Thank you for your order. We've received your order successfully."),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'VIEW YOUR ORDERS' }).getAttribute('href')).toBe(
      '/customer/myorderlist',
    );
  });

  it('gives the focus to its heading, so that a screen reader says the order went through', () => {
    renderScreen(<OrderPlacedScreen />, { path: '/customer/orderplaced' });
    const heading = screen.getByRole('heading', { name: 'Order Placed Successfully!' });
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('on credit hold too, with its note as a status, not an alert', () => {
    const placed = {
      orderNumber: 10285,
      deliveryDate: '2030-05-21',
      totalPrice: 8340,
      onHold: true,
    };
    renderWithProviders(
      <MemoryRouter initialEntries={[{ pathname: '/customer/orderplaced', state: { placed } }]}>
        <OrderPlacedScreen />
      </MemoryRouter>,
    );
    const heading = screen.getByRole('heading', { level: 1 });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByTestId('placed-held').getAttribute('role')).toBe('status');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
