import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_QUANTITY } from '../../shared/rules';
import {
  addToCart,
  CART_EVENT,
  CART_KEY,
  type CartItem,
  type CartProduct,
  cartItemFor,
  clearCart,
  decreaseInCart,
  estimatedTotal,
  increaseInCart,
  parseQuantity,
  quantityIn,
  readCart,
  removeFromCart,
  useCart,
  withAdded,
  withDecreased,
  withIncreased,
  withQuantity,
  withRemoved,
  writeCart,
} from './cart';

const rice: CartItem = { id: 'p1', name: 'Rice', sku: 'Kg', quantity: 2 };

afterEach(() => localStorage.clear());

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
