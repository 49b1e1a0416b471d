import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keptAttempt } from '../../../attemptKey';
import { type CartItem, readCart, writeCart } from '../../../cart';
import i18n from '../../../i18n';
import { makeOrder, makeProduct, type RouterOutputs } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { type Answers, type Call, networkError, serverError } from '../../../test/testServer';
import { CartScreen } from './CartScreen';

const rice: CartItem = {
  id: 'p1',
  name: 'Basmati Rice 5kg',
  sku: 'Bag',
  quantity: 2,
  rank: 1,
  itemType: 'Regular',
  itemCount: 'Count',
  price: 3980,
};
const dal: CartItem = {
  ...rice,
  id: 'p2',
  name: 'Toor Dal 1kg',
  sku: 'Kg',
  quantity: 1,
  price: 420,
};

const location = () => screen.getByTestId('location').textContent;

type Placed = RouterOutputs['orders']['place'];

/** Answers for orders.place, one per call, in order. */
function placeAnswers(...answers: Array<() => Promise<Placed>>): Answers {
  return {
    'orders.place': () => {
      const next = answers.shift();
      if (!next) throw new Error('unexpected call');
      return next();
    },
  };
}

function openCart(
  path = '/cart',
  answers: Answers = {},
  { holidays = [] as string[], products = inStock } = {},
) {
  return renderScreen(<CartScreen />, {
    path,
    pattern: '/cart',
    answers: {
      'settings.deliveryCalendar': () => calendar(holidays),
      'products.list': () => products,
      ...answers,
    },
  });
}

const placements = (calls: Call[]) => calls.filter((c) => c.path === 'orders.place');
const keyOf = (call: Call | undefined) => call?.context.idempotencyKey;

/** Monday 13 May 2030 is the earliest allowed day; the customer's days are Tuesday and Friday. */
const EARLIEST = '2030-05-13';
const calendar = (holidays: string[] = []) => ({
  timeZone: 'Asia/Tokyo',
  today: EARLIEST,
  earliest: EARLIEST,
  cutoff: '04:00',
  holidays,
});
const inStock = [
  makeProduct({ _id: 'p1', name: 'Basmati Rice 5kg' }),
  makeProduct({ _id: 'p2', name: 'Toor Dal 1kg', sku: 'Kg' }),
];

async function goToStep2() {
  fireEvent.click(screen.getByRole('button', { name: 'CONTINUE' }));
  // A loaded machine may take seconds to load the step's chunks: wait as a person would.
  await screen.findByText('Terms and conditions', {}, { timeout: 10_000 });
  // The date picker is its own chunk: wait until it shows the default date.
  await screen.findByRole('button', { name: /Delivery date/ }, { timeout: 10_000 });
}

afterEach(() => {
  vi.restoreAllMocks();
  // The typed message is kept for this tab (sessionStorage), which setup.ts does not clear.
  sessionStorage.clear();
});

const dateButton = () => screen.getByRole('button', { name: /Delivery date/ });

/** Picks a day in the delivery date's calendar. */
async function chooseDate(label: string) {
  fireEvent.click(dateButton());
  fireEvent.click(await screen.findByRole('button', { name: label }));
  await waitFor(() => expect(dateButton().textContent).toContain(label));
}

describe('cart: ORDER REVIEW', () => {
  it('sends an empty cart to /customer', () => {
    openCart();
    expect(location()).toBe('/customer');
  });

  it('lists lines with quantity and unit, increases, and removes after confirmation', async () => {
    writeCart([rice, dal]);
    openCart();
    expect(screen.getByText('ORDER REVIEW')).toBeTruthy();
    expect(screen.getByText('ORDER COMPLETE')).toBeTruthy();
    const lines = () => screen.getAllByTestId('cart-line');
    expect(lines()).toHaveLength(2);
    expect(within(lines()[0] as HTMLElement).getByText('2 Bag')).toBeTruthy();
    // The lines (8,380, all at the reduced rate) and their 8% tax rounded down once (670).
    expect(screen.getByTestId('estimated-total').textContent).toBe('¥9,050');

    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Toor Dal 1kg' }));
    });
    expect(within(lines()[1] as HTMLElement).getByText('2 Kg')).toBeTruthy();
    expect(readCart()[1]?.quantity).toBe(2);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Toor Dal 1kg' }));
    const dialog = screen.getByRole('dialog', { name: 'Are You Sure to Remove Item ?' });
    expect(within(dialog).getByText('You cannot undo this operation')).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' })));
    expect(lines()).toHaveLength(1);
    expect(readCart().map((i) => i.id)).toEqual(['p1']);
  });
});

describe('cart: ORDER COMPLETE', () => {
  it('shows the terms, delivery days, the earliest delivery day as the date, and Back returns', async () => {
    writeCart([rice]);
    openCart();
    await goToStep2();
    // No minimum order of its own (orders.checkoutTerms has not said one): the terms' text
    // every customer reads (the spec's, not enforced).
    expect(screen.getByTestId('minimum-term').textContent).toBe(
      'The minimum order is more than 20,000 Yen.',
    );
    expect(screen.getByText(/overdue by more than two months/)).toBeTruthy();
    expect(screen.getByText(/within 48 hours of receipt/)).toBeTruthy();
    expect(screen.getByText('Bank transfer fees are paid by the customer.')).toBeTruthy();
    expect(screen.getByText('Tuesday')).toBeTruthy();
    expect(screen.getByText('Friday')).toBeTruthy();
    // DESIGN §6: not the earliest day (a Monday) but the first delivery day from it.
    // The date comes with the calendar's answer: wait for it rather than read the first paint.
    expect((await screen.findByRole('button', { name: /Delivery date/ })).textContent).toContain(
      '14 May 2030',
    );
    expect(screen.queryByTestId('off-day-note')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'CONTINUE' })).toBeTruthy();
  });

  it('places the order once with an Idempotency-Key, clears the cart and goes to the success page', async () => {
    writeCart([rice, dal]);
    let answer: (order: Placed) => void = () => {};
    const { calls } = openCart(
      '/cart',
      placeAnswers(
        () =>
          new Promise<Placed>((resolve) => {
            answer = resolve;
          }),
      ),
    );
    await goToStep2();
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: '  Back door  ' } });
    const place = screen.getByRole('button', { name: 'Place Order' });
    fireEvent.click(place);
    fireEvent.click(place);
    const placing = await screen.findByRole('button', { name: 'Placing Order...' });
    expect(placing).toHaveProperty('disabled', true);
    fireEvent.click(placing);
    expect(placements(calls)).toHaveLength(1);

    const [call] = placements(calls);
    expect(keyOf(call)).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.input).toEqual({
      orderItems: [
        { product: 'p1', quantity: 2 },
        { product: 'p2', quantity: 1 },
      ],
      customMessage: 'Back door',
      deliveryDate: '2030-05-14',
    });

    await act(async () => answer(makeOrder()));
    await waitFor(() => expect(location()).toBe('/customer/orderplaced'));
    expect(readCart()).toEqual([]);
  });

  it('pressed without a connection, says so by the button and places once when it returns', async () => {
    writeCart([rice]);
    const { calls } = openCart(
      '/cart',
      placeAnswers(async () => makeOrder()),
    );
    await goToStep2();
    act(() => onlineManager.setOnline(false));
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
      const note = await screen.findByTestId('place-waiting');
      // On a phone the note would sit behind the bar at the bottom: it is brought into view.
      expect(scrolled.mock.contexts).toContain(note);
      expect(note.getAttribute('role')).toBe('status');
      expect(note.textContent).toBe(i18n.t('cart.placeWaitingNote'));
      const waiting = screen.getByRole('button', { name: 'Waiting for connection...' });
      expect(waiting).toHaveProperty('disabled', true);
      expect(placements(calls)).toHaveLength(0);
      expect(readCart()).toEqual([rice]);
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    await waitFor(() => expect(location()).toBe('/customer/orderplaced'));
    expect(placements(calls)).toHaveLength(1);
  });

  it('goes to the target after = in the query string', async () => {
    writeCart([rice]);
    openCart(
      '/cart?redirect=/customer/myorderlist',
      placeAnswers(async () => makeOrder()),
    );
    await goToStep2();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(location()).toBe('/customer/myorderlist'));
  });

  it("keeps the cart and shows the refusal's code as text, in the current language", async () => {
    writeCart([rice]);
    openCart(
      '/cart',
      placeAnswers(() =>
        Promise.reject(serverError(400, 'order.outOfStock', { name: 'Basmati Rice 5kg' })),
      ),
    );
    await goToStep2();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Basmati Rice 5kg is out of stock.',
    );
    expect(readCart()).toHaveLength(1);
    expect(location()).toBe('/cart');
    expect(screen.getByRole('button', { name: 'Place Order' })).toHaveProperty('disabled', false);
    await act(() => i18n.changeLanguage('ne'));
    expect(screen.getByRole('alert').textContent).toContain('Basmati Rice 5kg स्टकमा छैन।');
  });

  it('retries a network failure with the same key, a changed order with a new one', async () => {
    writeCart([rice]);
    const { calls } = openCart(
      '/cart',
      placeAnswers(
        () => Promise.reject(networkError()),
        () => Promise.reject(serverError(500, 'common.generic')),
        async () => makeOrder(),
      ),
    );
    await goToStep2();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Cannot reach the server');
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong');
    await screen.findByRole('button', { name: 'Place Order' });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'changed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(location()).toBe('/customer/orderplaced'));

    const [first, second, third] = placements(calls);
    expect(keyOf(second)).toBe(keyOf(first));
    expect(keyOf(third)).not.toBe(keyOf(first));
  });

  it('after a refusal the next press is a new submission with a new key', async () => {
    writeCart([rice]);
    const { calls } = openCart(
      '/cart',
      placeAnswers(
        () => Promise.reject(serverError(400, 'order.deliveryDatePast')),
        async () => makeOrder(),
      ),
    );
    await goToStep2();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The delivery date cannot be in the past.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(location()).toBe('/customer/orderplaced'));
    const [first, second] = placements(calls);
    expect(keyOf(second)).not.toBe(keyOf(first));
  });

  it('asks before placing an order for a day that is not a delivery day', async () => {
    writeCart([rice]);
    // Every Tuesday and Friday of the next two weeks is a holiday: the default falls back to
    // the earliest day, a Monday.
    const { calls } = openCart(
      '/cart',
      placeAnswers(async () => makeOrder()),
      { holidays: ['2030-05-14', '2030-05-17', '2030-05-21', '2030-05-24'] },
    );
    await goToStep2();
    expect(screen.getByRole('button', { name: /Delivery date/ }).textContent).toContain(
      '13 May 2030',
    );
    expect(screen.getByTestId('off-day-note')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    const dialog = await screen.findByRole('dialog', {
      name: '13 May 2030 is not one of your delivery days',
    });
    expect(placements(calls)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose another day' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(placements(calls)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    const again = await screen.findByRole('dialog');
    await act(async () =>
      fireEvent.click(within(again).getByRole('button', { name: 'Yes, deliver that day' })),
    );
    await waitFor(() => expect(placements(calls)).toHaveLength(1));
    expect(placements(calls)[0]?.input).toMatchObject({ deliveryDate: '2030-05-13' });
  });
});

describe('cart: stock checked when the cart opens', () => {
  it('marks out-of-stock and withdrawn lines and removes them with one tap', async () => {
    writeCart([rice, dal, { ...dal, id: 'p9', name: 'Old Item' }]);
    openCart(
      '/cart',
      {},
      {
        products: [
          makeProduct({ _id: 'p1', name: 'Basmati Rice 5kg' }),
          makeProduct({ _id: 'p2', name: 'Toor Dal 1kg', itemType: 'Out of Stock' }),
        ],
      },
    );
    const alert = await screen.findByTestId('stock-alert');
    // Each kind said as it is: one out of stock, one no longer sold (not "2 out of stock").
    expect(within(alert).getByText('1 item in your cart is out of stock.')).toBeTruthy();
    expect(within(alert).getByText('1 item in your cart is no longer sold.')).toBeTruthy();
    const lines = screen.getAllByTestId('cart-line');
    expect(lines.map((l) => l.getAttribute('data-stock'))).toEqual(['ok', 'out', 'gone']);
    fireEvent.click(
      within(alert).getByRole('button', { name: 'Remove items that cannot be ordered' }),
    );
    await waitFor(() => expect(readCart().map((i) => i.id)).toEqual(['p1']));
    expect(screen.queryByTestId('stock-alert')).toBeNull();
  });

  it('takes a typed quantity on a line', async () => {
    writeCart([rice]);
    openCart();
    const input = await screen.findByRole<HTMLInputElement>('textbox', {
      name: 'Quantity of Basmati Rice 5kg in the cart',
    });
    fireEvent.change(input, { target: { value: '12' } });
    expect(readCart()[0]?.quantity).toBe(12);
    expect(screen.getByTestId('cart-quantity').textContent).toBe('12 Bag');
  });
});

describe('cart: a Place Order whose answer was lost, then the page reloaded', () => {
  it('sends the same cart with the same key, and shows the order placed, not a second order', async () => {
    writeCart([rice]);
    const first = openCart(
      '/cart',
      placeAnswers(() => Promise.reject(networkError())),
    );
    await goToStep2();
    await chooseDate('17 May 2030');
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Back door' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Cannot reach the server');
    const sent = placements(first.calls)[0];
    expect(keyOf(sent)).toMatch(/^[0-9a-f-]{36}$/);

    // The page is reloaded, in another tab even (the message typed in this one is gone too).
    first.unmount();
    sessionStorage.clear();
    const again = openCart(
      '/cart#checkout',
      placeAnswers(async () => makeOrder({ deliveryDate: '2030-05-17' })),
    );
    await screen.findByText('Terms and conditions', {}, { timeout: 10_000 });
    await screen.findByRole('button', { name: /Delivery date/ }, { timeout: 10_000 });
    // Said, and the attempt as it was: its date and message.
    expect(screen.getByTestId('place-unanswered').textContent).toContain(
      'Your last Place Order got no answer',
    );
    expect(dateButton().textContent).toContain('17 May 2030');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Back door');

    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    // The server answers the replayed key with the first order: the usual "order placed".
    await waitFor(() => expect(location()).toBe('/customer/orderplaced'));
    const [retry] = placements(again.calls);
    expect(keyOf(retry)).toBe(keyOf(sent));
    expect(retry?.input).toEqual(sent?.input);
    expect(readCart()).toEqual([]);
    expect(keptAttempt('place')).toBeNull();
  });

  it('a changed cart is a new order: a new key', async () => {
    writeCart([rice]);
    const first = openCart(
      '/cart',
      placeAnswers(() => Promise.reject(networkError())),
    );
    await goToStep2();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByRole('alert');
    first.unmount();
    writeCart([rice, dal]);
    const again = openCart(
      '/cart#checkout',
      placeAnswers(async () => makeOrder()),
    );
    await screen.findByRole('button', { name: /Delivery date/ }, { timeout: 10_000 });
    expect(screen.queryByTestId('place-unanswered')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(location()).toBe('/customer/orderplaced'));
    expect(keyOf(placements(again.calls)[0])).not.toBe(keyOf(placements(first.calls)[0]));
  });

  it('does not offer "Add to that order" while the lost Place Order may have made it', async () => {
    writeCart([rice]);
    openCart('/cart', {
      ...placeAnswers(() => Promise.reject(networkError())),
      'orders.sameDay': () => ({
        order: {
          _id: 'o7',
          orderNumber: 10007,
          totalPrice: 9050,
          deliveryDate: '2030-05-14',
          cutoff: '04:00',
        },
      }),
    });
    await goToStep2();
    expect(await screen.findByTestId('same-day')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByRole('alert');
    expect(screen.queryByTestId('same-day')).toBeNull();
  });
});

describe('cart: notes of the checkout, not alerts', () => {
  it('credit hold, overdue and "add to that order" are said politely (status), not as alerts', async () => {
    writeCart([rice]);
    openCart('/cart', {
      'invoices.myOverdue': () => ({ overdue: true, overdueAmount: 52000, creditHold: true }),
      'orders.sameDay': () => ({
        order: {
          _id: 'o7',
          orderNumber: 10007,
          totalPrice: 9050,
          deliveryDate: '2030-05-14',
          cutoff: '04:00',
        },
      }),
    });
    await goToStep2();
    for (const id of ['credit-hold-banner', 'overdue-banner', 'same-day']) {
      expect((await screen.findByTestId(id)).getAttribute('role'), id).toBe('status');
    }
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('cart: the delivery date chosen', () => {
  it('is kept when Back goes to the first step and CONTINUE comes back', async () => {
    writeCart([rice]);
    openCart();
    await goToStep2();
    expect(dateButton().textContent).toContain('14 May 2030');
    await chooseDate('17 May 2030');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('button', { name: 'CONTINUE' });
    await goToStep2();
    expect(dateButton().textContent).toContain('17 May 2030');
  });
});

describe('cart: more than is left of a counted product', () => {
  const refusal = () =>
    placeAnswers(() =>
      Promise.reject(
        serverError(409, 'stock.insufficient', {
          name: 'Basmati Rice 5kg',
          left: 8,
          productId: 'p1',
        }),
      ),
    );

  it('says on the line how many are left and reduces the line to it', async () => {
    writeCart([{ ...rice, quantity: 12 }, dal]);
    openCart('/cart', refusal());
    await goToStep2();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect((await screen.findByTestId('place-failed')).textContent).toContain(
      'Only 8 of Basmati Rice 5kg left in stock.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('button', { name: 'CONTINUE' });
    const [line, other] = screen.getAllByTestId('cart-line') as [HTMLElement, HTMLElement];
    expect(within(line).getByTestId('stock-short').textContent).toContain(
      'Only 8 of Basmati Rice 5kg left in stock.',
    );
    expect(within(other).queryByTestId('stock-short')).toBeNull();
    fireEvent.click(within(line).getByRole('button', { name: 'Reduce to 8' }));
    expect(readCart()[0]?.quantity).toBe(8);
    await waitFor(() => expect(screen.queryByTestId('stock-short')).toBeNull());
  });

  it('offers the same from the refusal itself, on the second step', async () => {
    writeCart([{ ...rice, quantity: 12 }]);
    openCart('/cart', refusal());
    await goToStep2();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    const alert = await screen.findByTestId('place-failed');
    fireEvent.click(within(alert).getByRole('button', { name: 'Reduce to 8' }));
    expect(readCart()[0]?.quantity).toBe(8);
    await waitFor(() => expect(screen.queryByTestId('place-failed')).toBeNull());
  });
});

describe('cart: in Nepali', () => {
  it("names the line's buttons for a screen reader by the product's Nepali name", async () => {
    await act(() => i18n.changeLanguage('ne'));
    const nepali = 'बासमती चामल दावत सुपर २० केजी';
    writeCart([{ ...rice, name: 'Basmati Rice Daawat Super 20kg', nameNe: nepali }]);
    openCart();
    const line = screen.getByTestId('cart-line');
    for (const key of ['cart.remove', 'product.decrease', 'product.increase'] as const) {
      expect(
        within(line).getByRole('button', { name: i18n.t(key, { name: nepali }) }),
      ).toBeTruthy();
    }
    expect(
      within(line).getByRole('textbox', { name: i18n.t('product.quantityOf', { name: nepali }) }),
    ).toBeTruthy();
    expect(within(line).queryAllByRole('button', { name: /Basmati/ })).toHaveLength(0);
  });
});
