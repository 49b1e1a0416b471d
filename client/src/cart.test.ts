import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_QUANTITY } from '../../shared/rules';
import { estimateOrder } from '../../shared/terms';
import { keepAttempt, keptAttempt } from './attemptKey';
import {
  addToCart,
  CART_EVENT,
  CART_KEY,
  CART_ORDERED_KEY,
  type CartItem,
  type CartProduct,
  cartItemFor,
  clearCart,
  clearOrderedCart,
  decreaseInCart,
  estimatedTotal,
  increaseInCart,
  parseQuantity,
  quantityIn,
  quantityWithin,
  readCart,
  recentlyOrderedCart,
  removeFromCart,
  useCart,
  withAdded,
  withDecreased,
  withIncreased,
  withQuantity,
  withRemoved,
  writeCart,
} from './cart';
import { lineNow } from './features/customer/cart/estimate';

const rice: CartItem = { id: 'p1', name: 'Rice', sku: 'Kg', quantity: 2 };

afterEach(() => localStorage.clear());

describe('a cart ordered, as another tab reads it', () => {
  it('notes where the order went before emptying the cart, so the other tab reads the note', () => {
    writeCart([rice]);
    const seen: (string | null)[] = [];
    const removeItem = Storage.prototype.removeItem;
    Storage.prototype.removeItem = function (this: Storage, key: string) {
      if (key === CART_KEY) seen.push(localStorage.getItem(CART_ORDERED_KEY));
      removeItem.call(this, key);
    };
    try {
      clearOrderedCart({ path: '/customer/orderplaced', state: { placed: { orderNumber: 7 } } });
    } finally {
      Storage.prototype.removeItem = removeItem;
    }
    expect(seen[0]).toContain('/customer/orderplaced');
    expect(readCart()).toEqual([]);
    expect(recentlyOrderedCart()).toEqual({
      path: '/customer/orderplaced',
      state: { placed: { orderNumber: 7 } },
    });
  });

  it('forgets the note on Logout, after ten minutes, and for a path outside the app', () => {
    clearOrderedCart({ path: '/customer/orderplaced', state: {} });
    expect(recentlyOrderedCart(Date.now() + 11 * 60_000)).toBeNull();
    clearCart();
    expect(recentlyOrderedCart()).toBeNull();
    clearOrderedCart({ path: '//elsewhere.example', state: {} });
    expect(recentlyOrderedCart()).toBeNull();
  });
});

describe('cart storage', () => {
  it('reads an empty or damaged cart as no items', () => {
    expect(readCart()).toEqual([]);
    localStorage.setItem(CART_KEY, '{not json');
    expect(readCart()).toEqual([]);
    localStorage.setItem(CART_KEY, '{"id":"p1"}');
    expect(readCart()).toEqual([]);
  });

  it('writes under cartItems and announces the change', () => {
    let heard = 0;
    const listener = () => heard++;
    window.addEventListener(CART_EVENT, listener);
    writeCart([rice]);
    clearCart();
    window.removeEventListener(CART_EVENT, listener);
    expect(heard).toBe(2);
    expect(localStorage.getItem(CART_KEY)).toBeNull();
  });

  it('useCart follows writes in this tab and storage events from others', () => {
    const { result } = renderHook(() => useCart());
    expect(result.current).toEqual([]);
    act(() => writeCart([rice]));
    expect(result.current).toEqual([rice]);
    act(() => {
      localStorage.setItem(CART_KEY, JSON.stringify([rice, { ...rice, id: 'p2' }]));
      window.dispatchEvent(new StorageEvent('storage', { key: CART_KEY }));
    });
    expect(result.current).toHaveLength(2);
  });
});

describe('an unanswered Place Order kept across reloads (attemptKey.ts)', () => {
  it('is forgotten when the cart changes or empties, kept when the same cart is written', () => {
    writeCart([rice]);
    keepAttempt('place', { payload: 'p', key: 'k1' });
    keepAttempt('addTo', { payload: 'a', key: 'k2' });
    // The same lines written again (a quantity typed as it was): the same attempt.
    writeCart([{ ...rice }]);
    expect(keptAttempt('place')?.key).toBe('k1');
    writeCart([{ ...rice, quantity: 3 }]);
    expect(keptAttempt('place')).toBeNull();
    expect(keptAttempt('addTo')).toBeNull();
    keepAttempt('place', { payload: 'p', key: 'k3' });
    clearCart();
    expect(keptAttempt('place')).toBeNull();
  });
});

describe('what is left of a counted product', () => {
  it('is the most the terms allow within it, or null when not even the smallest is left', () => {
    expect(quantityWithin({ minQuantity: 1, lot: 1 }, 8)).toBe(8);
    // Cases of 6: one case of 8 left.
    expect(quantityWithin({ minQuantity: 1, lot: 6 }, 8)).toBe(6);
    expect(quantityWithin({ minQuantity: 1, lot: 10 }, 8)).toBeNull();
    expect(quantityWithin({ minQuantity: 10, lot: 1 }, 8)).toBeNull();
    expect(quantityWithin({ minQuantity: 1, lot: 1 }, 0)).toBeNull();
    expect(quantityWithin({ minQuantity: 1, lot: 1 }, 50_000)).toBe(MAX_QUANTITY);
  });
});

const basmati: CartProduct = {
  _id: 'p9',
  name: 'Basmati Rice 5kg',
  sku: 'Bag',
  price: 3980,
  productRank: 1,
  itemType: 'Special',
  itemCount: 'Count',
};

describe('cart helpers', () => {
  it('turns a product into the spec’s cart item, with the price for the estimate', () => {
    expect(cartItemFor(basmati)).toEqual({
      id: 'p9',
      name: 'Basmati Rice 5kg',
      sku: 'Bag',
      quantity: 1,
      rank: 1,
      itemType: 'Special',
      itemCount: 'Count',
      price: 3980,
    });
  });

  it('adds a new line at 1, then adds to the same line', () => {
    const once = withAdded([rice], basmati);
    expect(once.map((i) => [i.id, i.quantity])).toEqual([
      ['p1', 2],
      ['p9', 1],
    ]);
    expect(quantityIn(withAdded(once, basmati, 3), 'p9')).toBe(4);
    expect(quantityIn(once, 'nope')).toBe(0);
  });

  it('increases, decreases and removes at 1', () => {
    let items = withAdded([], basmati);
    items = withIncreased(items, 'p9');
    expect(quantityIn(items, 'p9')).toBe(2);
    items = withDecreased(items, 'p9');
    expect(quantityIn(items, 'p9')).toBe(1);
    items = withDecreased(items, 'p9');
    expect(items).toEqual([]);
    expect(withRemoved([rice], 'p1')).toEqual([]);
  });

  it('never goes above 9999 of a line', () => {
    const full = [{ ...cartItemFor(basmati), quantity: MAX_QUANTITY }];
    expect(quantityIn(withIncreased(full, 'p9'), 'p9')).toBe(MAX_QUANTITY);
    expect(quantityIn(withAdded(full, basmati, 5), 'p9')).toBe(MAX_QUANTITY);
  });

  it('estimates the total from known prices', () => {
    expect(estimatedTotal([{ ...cartItemFor(basmati), quantity: 3 }, rice])).toBe(11940);
    expect(estimatedTotal([])).toBe(0);
  });

  it('writers change the stored cart and announce it', () => {
    let heard = 0;
    const listener = () => heard++;
    window.addEventListener(CART_EVENT, listener);
    addToCart(basmati);
    increaseInCart('p9');
    decreaseInCart('p9');
    expect(readCart()).toHaveLength(1);
    removeFromCart('p9');
    window.removeEventListener(CART_EVENT, listener);
    expect(readCart()).toEqual([]);
    expect(heard).toBe(4);
  });
});

describe('typed quantities', () => {
  const line = { id: 'p1', name: 'Rice', sku: 'Bag', quantity: 2 };

  it('reads digits only, within 1-9999, Devanagari digits too', () => {
    expect(parseQuantity('10')).toBe(10);
    expect(parseQuantity(' 7 ')).toBe(7);
    expect(parseQuantity('१२')).toBe(12);
    expect(parseQuantity('12000')).toBe(9999);
    expect(parseQuantity('0')).toBeNull();
    expect(parseQuantity('')).toBeNull();
    expect(parseQuantity('1.5')).toBeNull();
    expect(parseQuantity('-3')).toBeNull();
    expect(parseQuantity('ten')).toBeNull();
  });

  it('sets a line to the typed quantity, kept within 1-9999', () => {
    expect(withQuantity([line], 'p1', 10)[0]?.quantity).toBe(10);
    expect(withQuantity([line], 'p1', 50000)[0]?.quantity).toBe(9999);
    expect(withQuantity([line], 'p1', Number.NaN)[0]?.quantity).toBe(2);
    expect(withQuantity([line], 'other', 5)).toEqual([line]);
  });
});

describe('the cart against the catalogue and terms of now', () => {
  const paneer: CartItem = { id: 'p1', name: 'Paneer', sku: 'Pcs', quantity: 3, price: 4000 };

  it("takes the catalogue's price now and keeps the one when added only when it changed", () => {
    expect(lineNow(paneer, { price: 4200, itemType: 'Regular', taxRate: 8 })).toEqual({
      price: 4200,
      changedFrom: 4000,
      rate: 8,
    });
    expect(lineNow(paneer, { price: 4000, itemType: 'Regular', taxRate: 10 })).toEqual({
      price: 4000,
      changedFrom: undefined,
      rate: 10,
    });
    // Until the catalogue answers (or when the product is not in it): the price when added.
    expect(lineNow(paneer, null)).toEqual({ price: 4000, changedFrom: undefined, rate: 8 });
  });

  const lines = [
    { price: 4000, quantity: 3, rate: 8 as const },
    { price: 6660, quantity: 1, rate: 8 as const },
  ];

  it("compares the goods before tax with the customer's own minimum", () => {
    const refuse = { rule: 'refuse' as const, value: 20000, deliveryCharge: 0 };
    const below = estimateOrder(lines, refuse, 'exclusive', 'down');
    // 18,660 before tax, 20,152 with it: still 1,340 short (the server's rule, not the total's).
    expect([below.goods, below.summary.total, below.missing, below.charge]).toEqual([
      18660, 20152, 1340, 0,
    ]);
    expect(estimateOrder(lines, { ...refuse, value: 18660 }, 'exclusive', 'down').missing).toBe(0);
    // No minimum: nothing missing, whatever the amount.
    expect(estimateOrder(lines, null, 'exclusive', 'down').missing).toBe(0);
    // An empty cart is not "short".
    expect(estimateOrder([], refuse, 'exclusive', 'down').missing).toBe(0);
  });

  it('adds the delivery charge at 10% below a charge minimum, as placement does', () => {
    const charge = { rule: 'charge' as const, value: 20000, deliveryCharge: 800 };
    const below = estimateOrder(lines, charge, 'exclusive', 'down');
    expect([below.missing, below.charge]).toEqual([1340, 800]);
    expect(below.summary.perRate.map((r) => [r.rate, r.net, r.tax])).toEqual([
      [8, 18660, 1492],
      [10, 800, 80],
    ]);
    expect(below.summary.total).toBe(18660 + 1492 + 800 + 80);
    // A charge of nothing adds nothing and says nothing.
    const free = estimateOrder(lines, { ...charge, deliveryCharge: 0 }, 'exclusive', 'down');
    expect([free.missing, free.charge]).toEqual([0, 0]);
  });
});
