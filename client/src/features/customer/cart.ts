import { useSyncExternalStore } from 'react';

// The cart lives in localStorage under 'cartItems' (spec §3), so it survives reloads and is
// shared by the tabs of one browser. Every write announces itself with a 'cart-changed' event
// for this tab; other tabs hear the browser's 'storage' event.

export interface CartItem {
  /** The product's _id. */
  id: string;
  name: string;
  /** The unit (Kg, Pcs, ...). */
  sku: string;
  /** Whole number, at least 1. */
  quantity: number;
  rank?: number;
  itemType?: string;
  itemCount?: string;
}

export const CART_KEY = 'cartItems';
export const CART_EVENT = 'cart-changed';

function readRaw(): string | null {
  try {
    return localStorage.getItem(CART_KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): CartItem[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? (value as CartItem[]) : [];
  } catch {
    // A damaged entry is treated as an empty cart rather than breaking every screen.
    return [];
  }
}

export function readCart(): CartItem[] {
  return parse(readRaw());
}

export function writeCart(items: CartItem[]): void {
  localStorage.setItem(CART_KEY, JSON.stringify(items));
  window.dispatchEvent(new Event(CART_EVENT));
}

export function clearCart(): void {
  localStorage.removeItem(CART_KEY);
  window.dispatchEvent(new Event(CART_EVENT));
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    // key is null when another tab cleared all of localStorage.
    if (e.key === CART_KEY || e.key === null) onChange();
  };
  window.addEventListener(CART_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CART_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

let lastRaw: string | null = null;
let lastItems: CartItem[] = [];
/** Same string, same array: callers may use the result in effect dependencies. */
function parseCached(raw: string | null): CartItem[] {
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastItems = parse(raw);
  }
  return lastItems;
}

/** The cart, re-read whenever it changes in this tab or another. */
export function useCart(): CartItem[] {
  // The raw string is the snapshot: it compares by value, so unchanged carts do not re-render.
  const raw = useSyncExternalStore(subscribe, readRaw, () => null);
  return parseCached(raw);
}
