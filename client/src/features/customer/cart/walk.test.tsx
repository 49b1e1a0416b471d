import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CART_KEY,
  CART_ORDERED_FOLLOW_MS,
  CART_ORDERED_KEY,
  type CartItem,
  writeCart,
} from '../../../cart';
import i18n from '../../../i18n';
import { makeProduct, makeUser, type RouterOutputs } from '../../../test/fixtures';
import { fakeAuth, Providers } from '../../../test/render';
import { renderScreen } from '../../../test/renderScreen';
import { type Answers, fakeServer, serverError } from '../../../test/testServer';
import { AuthContext } from '../../auth/AuthContext';
import { OrderPlacedScreen } from '../orders/OrderPlacedScreen';
import { CartScreen } from './CartScreen';
import { CALENDAR_RECHECK_MS, msUntilCutoff } from './CheckoutForm';

// What a restaurant owner met on a phone, late at night (the walk of the cart and checkout):
// the customer's own minimum, a refusal seen where the eye is, today's prices, the cut-off
// passing with the checkout open, hidden products said as such, and the back button.

type Terms = RouterOutputs['orders']['checkoutTerms'];
type Calendar = RouterOutputs['settings']['deliveryCalendar'];
type Placed = RouterOutputs['orders']['place'];

const paneer: CartItem = {
  id: 'p1',
  name: 'Paneer Block 1kg',
  nameNe: 'पनिर ब्लक 1kg',
  sku: 'Pcs',
  quantity: 3,
  itemType: 'Regular',
  itemCount: 'Count',
  price: 4000,
};
const ghee: CartItem = {
  id: 'p2',
  name: 'Ghee 1L',
  sku: 'Btl',
  quantity: 1,
  itemType: 'Regular',
  itemCount: 'Count',
  price: 6660,
};

/** Monday 13 May 2030 before the cut-off; the customer's days are Tuesday and Friday. */
const OPEN: Calendar = {
  timeZone: 'Asia/Tokyo',
  today: '2030-05-13',
  earliest: '2030-05-14',
  cutoff: '19:54',
  holidays: [],
};
/** The same evening after the cut-off: Tuesday 14 May is closed. */
const CLOSED: Calendar = { ...OPEN, earliest: '2030-05-15' };

const catalogue = [
  makeProduct({ _id: 'p1', name: 'Paneer Block 1kg', price: 4000, sku: 'Pcs' }),
  makeProduct({ _id: 'p2', name: 'Ghee 1L', price: 6660, sku: 'Btl' }),
];

const noTerms: Terms = { minimumOrder: null, hidden: [] };

function openCart(answers: Answers = {}, path = '/cart') {
  return renderScreen(<CartScreen />, {
    path,
    pattern: '/cart',
    answers: {
      'settings.deliveryCalendar': () => OPEN,
      'products.list': () => catalogue,
      'orders.checkoutTerms': () => noTerms,
      'orders.sameDay': () => ({ order: null }),
      ...answers,
    },
  });
}

async function goToStep2() {
  fireEvent.click(screen.getByRole('button', { name: 'CONTINUE' }));
  await screen.findByText('Terms and conditions', {}, { timeout: 10_000 });
  await screen.findByRole('button', { name: /Delivery date/ }, { timeout: 10_000 });
}

const dateShown = () => screen.getByRole('button', { name: /Delivery date/ }).textContent ?? '';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("1. the customer's own minimum order, before tax", () => {
  it('says how much is missing of a ¥20,000 minimum at ¥18,660 before tax (¥20,152 with tax)', async () => {
    writeCart([paneer, ghee]);
    openCart({
      'orders.checkoutTerms': () => ({
        minimumOrder: { rule: 'refuse', value: 20000, deliveryCharge: 0 },
        hidden: [],
      }),
    });
    const note = await screen.findByTestId('minimum-note');
    expect(note.textContent).toBe(
      '¥1,340 more (before tax) to reach your minimum order of ¥20,000: below it the order cannot be placed.',
    );
    // 18,660 with 8% tax: 20,152, above 20,000, and still below the minimum.
    expect(screen.getByTestId('estimated-total').textContent).toBe('¥20,152');

    await goToStep2();
    expect(screen.getByTestId('minimum-term').textContent).toBe(
      'Your minimum order is ¥20,000 before tax: a smaller order cannot be placed.',
    );
    expect(screen.queryByText(/20,000 Yen|more than 20,000/)).toBeNull();
  });

  it('says nothing of a minimum to a customer that has none, however small the cart', async () => {
    writeCart([{ ...ghee, quantity: 2 }]);
    const { calls } = openCart();
    await waitFor(() => expect(calls.some((c) => c.path === 'orders.checkoutTerms')).toBe(true));
    await screen.findByTestId('estimated-total');
    expect(screen.queryByTestId('minimum-note')).toBeNull();
    expect(screen.queryByText(/more needed|more to reach/)).toBeNull();
  });

  it('with a delivery charge below the minimum: says it, and the estimate carries it at 10%', async () => {
    writeCart([ghee]);
    openCart({
      'orders.checkoutTerms': () => ({
        minimumOrder: { rule: 'charge', value: 10000, deliveryCharge: 800 },
        hidden: [],
      }),
    });
    const note = await screen.findByTestId('minimum-note');
    expect(note.textContent).toBe(
      '¥3,340 more (before tax) to reach ¥10,000: below it a delivery charge of ¥800 (plus tax) is added. It is already in the 10% subtotal and the total above.',
    );
    // 6,660 + 8% (532) and 800 + 10% (80).
    expect(screen.getByTestId('estimated-total').textContent).toBe('¥8,072');
  });
});

describe('2. a refusal is seen where the eye is', () => {
  it('brings the refusal to the middle of the screen and focuses it, role=alert', async () => {
    writeCart([paneer]);
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    openCart({
      'orders.place': () =>
        Promise.reject(
          serverError(400, 'terms.orderBelowMinimum', { minimum: '¥20,000', total: '¥12,000' }),
        ),
    });
    await goToStep2();
    // The new step takes the focus on the next frame (CartScreen); a person cannot press a button
    // before it, a test on a busy machine can, and the step would then take the focus back.
    await waitFor(() =>
      expect(document.activeElement?.querySelector('.mantine-Stepper-root')).toBeTruthy(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    const alert = await screen.findByTestId('place-failed');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain(
      'The minimum order is ¥20,000 before tax; this order comes to ¥12,000.',
    );
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(scrolled.mock.contexts).toContain(alert);
    expect(scrolled).toHaveBeenCalledWith({ block: 'center' });
  });
});

describe('3. a cart kept for later shows today’s prices', () => {
  it("shows the catalogue's price now, says on the line that it changed, and totals at it", async () => {
    writeCart([paneer]);
    openCart({
      'products.list': () => [makeProduct({ _id: 'p1', name: 'Paneer Block 1kg', price: 4200 })],
    });
    const changed = await screen.findByTestId('price-changed');
    expect(changed.textContent).toBe('Price changed since you added it: was ¥4,000, now ¥4,200.');
    const line = screen.getByTestId('cart-line');
    expect(within(line).getByTestId('cart-price').textContent).toBe(' × ¥4,200');
    expect(within(line).getByText('¥12,600')).toBeTruthy();
    // 12,600 + 8% (1,008).
    expect(screen.getByTestId('estimated-total').textContent).toBe('¥13,608');
    expect(screen.getByTestId('prices-changed').textContent).toContain(
      "The price of 1 item changed since you added it: the total uses today's price.",
    );
    // The checkout's estimate is at the same prices, and says so too.
    await goToStep2();
    expect(screen.getByTestId('estimated-total').textContent).toBe('¥13,608');
    expect(screen.getByTestId('prices-changed')).toBeTruthy();
  });
});

describe('4. the cut-off passes with the checkout open', () => {
  it('asks the calendar again on a timer and moves the date to the next delivery day, said', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    writeCart([paneer]);
    let calendar = OPEN;
    openCart({
      'settings.deliveryCalendar': () => calendar,
      'orders.sameDay': ({ deliveryDate }) => ({
        order:
          deliveryDate === '2030-05-14'
            ? {
                _id: 'o7',
                orderNumber: 10007,
                totalPrice: 5400,
                deliveryDate: '2030-05-14',
                cutoff: '19:54',
              }
            : null,
      }),
    });
    await goToStep2();
    expect(dateShown()).toContain('14 May 2030');
    expect(await screen.findByTestId('same-day')).toBeTruthy();

    calendar = CLOSED;
    await act(async () => {
      vi.advanceTimersByTime(CALENDAR_RECHECK_MS);
    });
    // Wednesday 15 May is open but not a delivery day: Friday 17 May.
    await waitFor(() => expect(dateShown()).toContain('17 May 2030'));
    expect(screen.getByTestId('date-moved').textContent).toBe(
      'The cut-off for delivery on 14 May 2030 has passed: the delivery date is now 17 May 2030.',
    );
    expect(screen.getByTestId('cutoff-note').textContent).toContain('17 May 2030');
    // No "add to that order" for a day that has closed.
    await waitFor(() => expect(screen.queryByTestId('same-day')).toBeNull());
  });

  it('asks again when the phone comes back to the page', async () => {
    writeCart([paneer]);
    let calendar = OPEN;
    openCart({ 'settings.deliveryCalendar': () => calendar });
    await goToStep2();
    expect(dateShown()).toContain('14 May 2030');
    calendar = CLOSED;
    await act(async () => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(dateShown()).toContain('17 May 2030'));
    expect(screen.getByTestId('date-moved')).toBeTruthy();
  });

  it('a day the office makes a holiday moves on to the next delivery day after it', async () => {
    writeCart([paneer]);
    let calendar = OPEN;
    openCart({ 'settings.deliveryCalendar': () => calendar });
    await goToStep2();
    expect(dateShown()).toContain('14 May 2030');
    calendar = { ...OPEN, holidays: ['2030-05-14'] };
    await act(async () => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(dateShown()).toContain('17 May 2030'));
    expect(screen.getByTestId('date-moved').textContent).toBe(
      'There are no deliveries on 14 May 2030: the delivery date is now 17 May 2030.',
    );
  });

  it('a holiday on the earliest day is said as a holiday, not as the cut-off', async () => {
    writeCart([paneer]);
    let calendar = OPEN;
    openCart({ 'settings.deliveryCalendar': () => calendar });
    await goToStep2();
    expect(dateShown()).toContain('14 May 2030');
    // As the server answers: the earliest date skips the new holiday.
    calendar = { ...OPEN, earliest: '2030-05-15', holidays: ['2030-05-14'] };
    await act(async () => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(dateShown()).toContain('17 May 2030'));
    expect(screen.getByTestId('date-moved').textContent).toBe(
      'There are no deliveries on 14 May 2030: the delivery date is now 17 May 2030.',
    );
  });

  it("a refusal's date is in the reader's format, and the date moves with it", async () => {
    writeCart([paneer]);
    let calendar = OPEN;
    openCart({
      'settings.deliveryCalendar': () => calendar,
      'orders.place': () => {
        calendar = CLOSED;
        return Promise.reject(
          serverError(400, 'order.deliveryDateTooEarly', { earliest: '2030-05-15' }),
        );
      },
    });
    await goToStep2();
    // The new step takes the focus on the next frame (CartScreen); a person cannot press a button
    // before it, a test on a busy machine can, and the step would then take the focus back.
    await waitFor(() =>
      expect(document.activeElement?.querySelector('.mantine-Stepper-root')).toBeTruthy(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    const alert = await screen.findByTestId('place-failed');
    expect(alert.textContent).toContain(
      'The earliest delivery date for an order placed now is 15 May 2030.',
    );
    expect(alert.textContent).not.toContain('2030-05-15');
    await waitFor(() => expect(dateShown()).toContain('17 May 2030'));
    await act(() => i18n.changeLanguage('ne'));
    const nepali = screen.getByTestId('place-failed').textContent ?? '';
    expect(nepali).toContain('15 मे 2030');
    expect(nepali).not.toContain('2030-05-15');
  });

  it('the wait until the cut-off next passes, in the business zone', () => {
    // 19:53:30 in Tokyo.
    expect(msUntilCutoff('19:54', 'Asia/Tokyo', new Date('2026-11-27T10:53:30Z'))).toBe(30_000);
    // Just passed: tomorrow's, a day later.
    expect(msUntilCutoff('19:54', 'Asia/Tokyo', new Date('2026-11-27T10:54:00Z'))).toBe(
      24 * 60 * 60_000,
    );
    // A 04:00 cut-off seen at 23:00: after midnight, five hours away.
    expect(msUntilCutoff('04:00', 'Asia/Tokyo', new Date('2026-11-27T14:00:00Z'))).toBe(
      5 * 60 * 60_000,
    );
    expect(msUntilCutoff('late', 'Asia/Tokyo')).toBeNull();
  });
});

describe('5. products hidden from this restaurant', () => {
  it('says "not available to your restaurant", not out of stock or no longer sold', async () => {
    writeCart([paneer, ghee]);
    openCart({
      'products.list': () => [catalogue[1] as (typeof catalogue)[number]],
      'orders.checkoutTerms': () => ({ minimumOrder: null, hidden: ['p1'] }),
    });
    const alert = await screen.findByTestId('stock-alert');
    await waitFor(() =>
      expect(
        within(alert).getByText('1 item in your cart is not available to your restaurant.'),
      ).toBeTruthy(),
    );
    expect(alert.textContent).not.toMatch(/out of stock|no longer sold/);
    const [line] = screen.getAllByTestId('cart-line');
    expect(line?.getAttribute('data-stock')).toBe('hidden');
    expect(within(line as HTMLElement).getByTestId('stock-mark').textContent).toBe(
      'Not available to your restaurant: this item cannot be ordered.',
    );
  });

  it('names the product in Nepali in a Nepali refusal', async () => {
    writeCart([paneer]);
    openCart({
      'orders.place': () =>
        Promise.reject(
          serverError(409, 'terms.productHidden', {
            name: 'Paneer Block 1kg',
            nameNe: 'पनिर ब्लक 1kg',
          }),
        ),
    });
    await goToStep2();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect((await screen.findByTestId('place-failed')).textContent).toContain(
      'Paneer Block 1kg is not available to your restaurant.',
    );
    await act(() => i18n.changeLanguage('ne'));
    const nepali = screen.getByTestId('place-failed').textContent ?? '';
    expect(nepali).toContain('पनिर ब्लक 1kg तपाईंको रेस्टुरेन्टका लागि उपलब्ध छैन।');
    expect(nepali).not.toContain('Paneer');
  });
});

describe("6. the phone's back button on the second step", () => {
  /** The browser's back button: one entry back in the history. */
  function BackButton() {
    const navigate = useNavigate();
    const { pathname, hash } = useLocation();
    return (
      <>
        <button type="button" onClick={() => navigate(-1)}>
          browser back
        </button>
        <output data-testid="where">{pathname + hash}</output>
      </>
    );
  }

  it('goes back to the first step, not out of the cart', async () => {
    writeCart([paneer]);
    const { ServerProvider } = fakeServer({
      'settings.deliveryCalendar': () => OPEN,
      'products.list': () => catalogue,
      'orders.checkoutTerms': () => noTerms,
      'orders.sameDay': () => ({ order: null }),
      'orders.place': () => new Promise<Placed>(() => {}),
    });
    render(
      <AuthContext value={fakeAuth({ user: makeUser({ deliveryDays: ['Tuesday', 'Friday'] }) })}>
        <ServerProvider>
          {/* The catalogue, then the cart: as the owner came. */}
          <MemoryRouter initialEntries={['/customer/catalogue', '/cart']} initialIndex={1}>
            <Routes>
              <Route path="/cart" element={<CartScreen />} />
              <Route path="*" element={null} />
            </Routes>
            <BackButton />
          </MemoryRouter>
        </ServerProvider>
      </AuthContext>,
      { wrapper: Providers },
    );
    await goToStep2();
    expect(screen.getByTestId('where').textContent).toBe('/cart#checkout');

    fireEvent.click(screen.getByRole('button', { name: 'browser back' }));
    expect(await screen.findByRole('button', { name: 'CONTINUE' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/cart');
    expect(screen.queryByText('Terms and conditions')).toBeNull();

    // The step's own Back goes the same way: one entry, not two.
    await goToStep2();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'CONTINUE' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/cart');
    fireEvent.click(screen.getByRole('button', { name: 'browser back' }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/customer/catalogue'),
    );
  });
});

describe('7. the cart opened from the header', () => {
  it("gives the focus to the cart's heading (the header's cart kept it, and nothing was said)", async () => {
    writeCart([paneer]);
    openCart();
    const heading = screen.getByRole('heading', { level: 1, name: 'Cart' });
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });
});

describe('8. two tabs of one cart', () => {
  /** What another tab of the phone does when its checkout places the order. */
  function orderedInAnotherTab(at = Date.now()) {
    const placed = {
      orderNumber: 1234,
      deliveryDate: '2030-05-14',
      totalPrice: 12960,
      onHold: false,
    };
    localStorage.setItem(
      CART_ORDERED_KEY,
      JSON.stringify({ path: '/customer/orderplaced', state: { placed }, at }),
    );
    localStorage.removeItem(CART_KEY);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: CART_KEY }));
    });
  }

  function openBothRoutes() {
    const { ServerProvider } = fakeServer({
      'settings.deliveryCalendar': () => OPEN,
      'products.list': () => catalogue,
      'orders.checkoutTerms': () => noTerms,
      'orders.sameDay': () => ({ order: null }),
    });
    render(
      <AuthContext value={fakeAuth({ user: makeUser({ deliveryDays: ['Tuesday', 'Friday'] }) })}>
        <ServerProvider>
          <MemoryRouter initialEntries={['/cart']}>
            <Routes>
              <Route path="/cart" element={<CartScreen />} />
              <Route path="/customer/orderplaced" element={<OrderPlacedScreen />} />
              <Route path="/customer" element={<p>restaurant home</p>} />
            </Routes>
          </MemoryRouter>
        </ServerProvider>
      </AuthContext>,
      { wrapper: Providers },
    );
  }

  afterEach(() => localStorage.clear());

  it('follows the order the other tab placed and says it was ordered there', async () => {
    writeCart([paneer]);
    openBothRoutes();
    expect(await screen.findByRole('button', { name: 'CONTINUE' })).toBeTruthy();

    orderedInAnotherTab();
    expect(await screen.findByText('Order Placed Successfully!')).toBeTruthy();
    expect(screen.getByTestId('ordered-elsewhere').textContent).toBe(
      'This cart was ordered in another window or tab of this phone.',
    );
    expect(screen.getByTestId('placed-summary').textContent).toContain('#1234');
  });

  it('goes home as before when the note is older than ten minutes', async () => {
    writeCart([paneer]);
    openBothRoutes();
    expect(await screen.findByRole('button', { name: 'CONTINUE' })).toBeTruthy();

    orderedInAnotherTab(Date.now() - CART_ORDERED_FOLLOW_MS - 1000);
    expect(await screen.findByText('restaurant home')).toBeTruthy();
  });

  it('an empty cart opened afterwards goes home, not to the order again', async () => {
    orderedInAnotherTab();
    openBothRoutes();
    expect(await screen.findByText('restaurant home')).toBeTruthy();
  });
});
