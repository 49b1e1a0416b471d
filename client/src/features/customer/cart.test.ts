import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CART_EVENT,
  CART_KEY,
  type CartItem,
  clearCart,
  readCart,
  useCart,
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
