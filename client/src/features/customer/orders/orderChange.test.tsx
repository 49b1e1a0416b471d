import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { makeOrder, makeProduct } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import type { Answers } from '../../../test/testServer';
import { CancelledOrders } from './CancelledOrders';
import { OrderChangeActions } from './OrderChange';

const order = makeOrder({
  orderItems: [
    {
      _id: 'l1',
      product: 'p1',
      name: 'Basmati Rice 5kg',
      nameNe: 'बासमती चामल',
      sku: 'Bag',
      quantity: 2,
      price: 3980,
      total: 7960,
      taxRate: 8,
    },
  ],
});
const products = [
  makeProduct({ _id: 'p1', name: 'Basmati Rice 5kg', nameNe: 'बासमती चामल' }),
  makeProduct({ _id: 'p2', name: 'Ghee 1L', nameNe: 'घ्यू १ लिटर', sku: 'Btl' }),
  makeProduct({ _id: 'p3', name: 'Toor Dal 1kg', nameNe: 'रहर दाल', sku: 'Kg' }),
];

function openChange(answers: Answers = {}) {
  renderScreen(<OrderChangeActions order={order} />, {
    path: '/customer/orderdetails/o1',
    answers: {
      'orders.changeWindow': () => ({
        changeable: true,
        cutoff: '04:00',
        deliveryDate: '2030-05-17',
        closesAt: '2030-05-16T19:00:00.000Z',
      }),
      'products.list': () => products,
      ...answers,
    },
  });
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('Change order in Nepali', () => {
  it("names the order's lines by their Nepali names", async () => {
    await act(() => i18n.changeLanguage('ne'));
    openChange();
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('orders.change') }));
    const line = await screen.findByTestId('change-line');
    expect(within(line).getByText(/बासमती चामल/)).toBeTruthy();
    expect(within(line).queryByText(/Basmati/)).toBeNull();
  });

  it('finds a product to add by its English name too, forgiving the spelling', async () => {
    await act(() => i18n.changeLanguage('ne'));
    openChange();
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('orders.change') }));
    const search = screen.getByRole('combobox', { name: i18n.t('orders.addProduct') });
    // Typed into (Mantine takes a change of an unfocused field for autofill).
    search.focus();
    fireEvent.click(search);
    // The catalogue answers: every product not on the order is offered.
    await screen.findByRole('option', { name: 'रहर दाल' });
    fireEvent.change(search, { target: { value: 'ghee' } });
    expect(screen.getByRole('option', { name: 'घ्यू १ लिटर' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'रहर दाल' })).toBeNull();
    fireEvent.change(search, { target: { value: 'daal' } });
    expect(screen.getByRole('option', { name: 'रहर दाल' })).toBeTruthy();
    fireEvent.change(search, { target: { value: 'घ्यू' } });
    expect(screen.getByRole('option', { name: 'घ्यू १ लिटर' })).toBeTruthy();
    fireEvent.change(search, { target: { value: 'zzzz' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });
});

describe('Cancel order', () => {
  it('reads the cancelled orders again, so the history shows the one just cancelled', async () => {
    const { calls } = renderScreen(
      <>
        <OrderChangeActions order={order} />
        <CancelledOrders />
      </>,
      {
        path: '/customer/orderdetails/o1',
        answers: {
          'orders.changeWindow': () => ({
            changeable: true,
            cutoff: '04:00',
            deliveryDate: '2030-05-17',
            closesAt: '2030-05-16T19:00:00.000Z',
          }),
          'products.list': () => products,
          'orders.cancelledMine': () => [],
          'orders.cancel': () => ({ _id: 'o1', orderNumber: 10482, cancelled: true as const }),
        },
      },
    );
    const reads = () => calls.filter((c) => c.path === 'orders.cancelledMine').length;
    await waitFor(() => expect(reads()).toBe(1));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'orders.cancel')).toBe(true));
    await waitFor(() => expect(reads()).toBe(2));
  });
});

describe('Change order: the new total as the quantities change', () => {
  const total = () => screen.getByTestId('estimated-total').textContent;

  it('estimates the changed order as the cart does, before it is saved', async () => {
    openChange();
    fireEvent.click(await screen.findByRole('button', { name: 'Change order' }));
    const form = await screen.findByTestId('change-form');
    // 2 bags at 3,980 and 8% tax rounded down: 7,960 + 636.
    await waitFor(() => expect(total()).toBe('¥8,596'));
    expect(within(form).getByText('New total, estimated (tax included)')).toBeTruthy();
    fireEvent.click(
      within(form).getByRole('button', { name: 'Increase quantity of Basmati Rice 5kg' }),
    );
    // 3 bags: 11,940 + 955.
    expect(total()).toBe('¥12,895');
    fireEvent.click(within(form).getByRole('button', { name: 'Remove Basmati Rice 5kg' }));
    expect(screen.queryByTestId('estimated-total')).toBeNull();
  });

  it("with the customer's own minimum: the delivery charge below it, gone above it", async () => {
    openChange({
      'orders.checkoutTerms': () => ({
        minimumOrder: { rule: 'charge', value: 10000, deliveryCharge: 800 },
        hidden: [],
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Change order' }));
    const form = await screen.findByTestId('change-form');
    // 7,960 + 636, and the charge 800 + 80 at 10%.
    await waitFor(() => expect(total()).toBe('¥9,476'));
    expect(within(form).getByTestId('minimum-note').textContent).toContain('¥2,040 more');
    fireEvent.click(
      within(form).getByRole('button', { name: 'Increase quantity of Basmati Rice 5kg' }),
    );
    expect(total()).toBe('¥12,895');
    expect(within(form).queryByTestId('minimum-note')).toBeNull();
  });

  it("says when the catalogue's price is another one now: the change is priced at it", async () => {
    openChange({
      'products.list': () => [makeProduct({ _id: 'p1', name: 'Basmati Rice 5kg', price: 4200 })],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Change order' }));
    // 8,400 + 672.
    await waitFor(() => expect(total()).toBe('¥9,072'));
    expect(screen.getByTestId('prices-changed').textContent).toBe(
      "The price of 1 item changed since you ordered it: the new total uses today's price.",
    );
  });
});
