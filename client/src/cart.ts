import { useSyncExternalStore } from 'react';
import { MAX_QUANTITY } from '../../shared/rules';
import {
  correctQuantity,
  largestQuantity,
  type QuantityTerms,
  smallestQuantity,
  stepQuantity,
} from '../../shared/terms';
import { forgetCartAttempts } from './attemptKey';

// The cart lives in localStorage under 'cartItems' (spec §3), so it survives reloads and is
// shared by the tabs of one browser. Every write announces itself with a 'cart-changed' event
// for this tab; other tabs hear the browser's 'storage' event.

export interface CartItem {
  /** The product's _id. */
  id: string;
  name: string;
  /** The product's Nepali name, when it has one (shown in the Nepali interface). */
  nameNe?: string | null;
  /** The product's Japanese name, when it has one (shown in the Japanese interface). */
  nameJa?: string | null;
  /** The unit (Kg, Pcs, ...). */
  sku: string;
  /** Whole number, at least 1. */
  quantity: number;
  rank?: number;
  itemType?: string;
  itemCount?: string;
  /**
   * Unit price in whole yen when added. The cart shows the catalogue's price of now (the
   * server prices the order) and says so on the line when it differs from this one.
   */
  price?: number;
  /** The product's minimum quantity and case lot when more than 1 (ADR 035). */
  minQuantity?: number;
  lot?: number;
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
  const raw = JSON.stringify(items);
  // Another cart is another order: an unanswered Place Order of the old one is not retried
  // with its key (attemptKey.ts).
  if (raw !== readRaw()) forgetCartAttempts();
  localStorage.setItem(CART_KEY, raw);
  window.dispatchEvent(new Event(CART_EVENT));
}

/** Empties the cart (and forgets its Place Order attempt and its owner). */
function emptyCart(): void {
  forgetCartAttempts();
  try {
    localStorage.removeItem(CART_KEY);
    localStorage.removeItem(CART_OWNER_KEY);
  } catch {
    // Without storage there is no cart to clear.
  }
  window.dispatchEvent(new Event(CART_EVENT));
}

export function clearCart(): void {
  try {
    localStorage.removeItem(CART_ORDERED_KEY);
  } catch {
    // Without storage nothing was noted.
  }
  emptyCart();
}

/**
 * Where the cart went when it became an order, and the page's history state there. Another tab
 * showing the same cart sees it empty and follows it there, saying why (two tabs of one cart).
 */
export const CART_ORDERED_KEY = 'cartOrdered';
/** How long another tab still follows an ordered cart: a tab asleep longer just goes home. */
export const CART_ORDERED_FOLLOW_MS = 10 * 60_000;

export interface CartOrdered {
  path: string;
  state: Record<string, unknown>;
}

/** The cart became an order: noted first, then emptied, so the other tab reads the note. */
export function clearOrderedCart(ordered: CartOrdered): void {
  try {
    localStorage.setItem(CART_ORDERED_KEY, JSON.stringify({ ...ordered, at: Date.now() }));
  } catch {
    // Without storage there is no other tab to tell.
  }
  emptyCart();
}

/** The note of the cart ordered in the last ten minutes, if there is one. */
export function recentlyOrderedCart(now = Date.now()): CartOrdered | null {
  try {
    const raw = localStorage.getItem(CART_ORDERED_KEY);
    if (!raw) return null;
    const note = JSON.parse(raw) as Partial<CartOrdered & { at: number }>;
    if (typeof note.path !== 'string' || typeof note.at !== 'number') return null;
    if (
      !note.path.startsWith('/') ||
      note.path.startsWith('//') ||
      now - note.at > CART_ORDERED_FOLLOW_MS
    )
      return null;
    return {
      path: note.path,
      state: typeof note.state === 'object' && note.state ? note.state : {},
    };
  } catch {
    return null;
  }
}

/** The account whose cart `cartItems` is (one browser, one person's data: ADR 024). */
export const CART_OWNER_KEY = 'cartOwner';

/**
 * The signed-in account takes the cart: a cart left by another account on this browser (its
 * session ended without Logout, the browser closed) is cleared first. A cart filled before
 * signing in has no owner and is kept.
 */
export function claimCart(accountId: string): void {
  try {
    const owner = localStorage.getItem(CART_OWNER_KEY);
    if (owner !== null && owner !== accountId) clearCart();
    localStorage.setItem(CART_OWNER_KEY, accountId);
  } catch {
    // Without storage there is no cart to claim.
  }
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

// --- Pure helpers: each takes a cart and returns the next one, so they are unit-tested. -------

/** What the cart needs of a product. */
export interface CartProduct {
  _id: string;
  name: string;
  nameNe?: string | null;
  nameJa?: string | null;
  sku: string;
  price: number;
  productRank: number;
  itemType: string;
  itemCount: string;
  minQuantity?: number;
  lot?: number;
}

/** A line's (or product's) quantity terms: 1 and 1 when it has none. */
export function termsOf(p: { minQuantity?: number; lot?: number }): QuantityTerms {
  return { minQuantity: p.minQuantity ?? 1, lot: p.lot ?? 1 };
}

/** A product as a cart line (spec §3: id, name, sku, quantity, rank, itemType, itemCount). */
export function cartItemFor(product: CartProduct, quantity = 1): CartItem {
  return {
    id: product._id,
    name: product.name,
    ...(product.nameNe ? { nameNe: product.nameNe } : {}),
    ...(product.nameJa ? { nameJa: product.nameJa } : {}),
    sku: product.sku,
    quantity,
    rank: product.productRank,
    itemType: product.itemType,
    itemCount: product.itemCount,
    price: product.price,
    ...((product.minQuantity ?? 1) > 1 ? { minQuantity: product.minQuantity } : {}),
    ...((product.lot ?? 1) > 1 ? { lot: product.lot } : {}),
  };
}

export function quantityIn(items: CartItem[], id: string): number {
  return items.find((i) => i.id === id)?.quantity ?? 0;
}

// Quantities keep the line's terms (shared/terms.ts): at least the minimum, in whole cases,
// at most 9999; without terms that is 1-9999 in steps of 1.
const clamp = (n: number, terms: QuantityTerms = { minQuantity: 1, lot: 1 }) =>
  correctQuantity(terms, Math.min(MAX_QUANTITY, Math.trunc(n)));

/** Adds `quantity` of a product: a new line, or more of the line already there. */
export function withAdded(items: CartItem[], product: CartProduct, quantity = 1): CartItem[] {
  const existing = items.find((i) => i.id === product._id);
  if (!existing) return [...items, cartItemFor(product, clamp(quantity, termsOf(product)))];
  return items.map((i) =>
    i.id === product._id ? { ...i, quantity: clamp(i.quantity + quantity, termsOf(i)) } : i,
  );
}

/** One more (one more case) of a line already in the cart. */
export function withIncreased(items: CartItem[], id: string): CartItem[] {
  return items.map((i) =>
    i.id === id ? { ...i, quantity: stepQuantity(termsOf(i), i.quantity, 1) } : i,
  );
}

/** One less (one case less); at the smallest allowed the line goes (spec §4 Cart). */
export function withDecreased(items: CartItem[], id: string): CartItem[] {
  const line = items.find((i) => i.id === id);
  if (!line) return items;
  if (line.quantity <= smallestQuantity(termsOf(line))) return withRemoved(items, id);
  return items.map((i) =>
    i.id === id ? { ...i, quantity: stepQuantity(termsOf(i), i.quantity, -1) } : i,
  );
}

/** A typed quantity for a line already in the cart, corrected to the line's terms. */
export function withQuantity(items: CartItem[], id: string, quantity: number): CartItem[] {
  if (!Number.isFinite(quantity)) return items;
  return items.map((i) => (i.id === id ? { ...i, quantity: clamp(quantity, termsOf(i)) } : i));
}

/**
 * Devanagari digits (०-९) and full-width digits (０-９) as Western ones: a Nepali keyboard types
 * "१०" for 10, a Japanese IME in full-width mode "１０".
 */
export function westernDigits(text: string): string {
  return text
    .replace(/[\u0966-\u096F]/g, (d) => String(d.charCodeAt(0) - 0x0966))
    .replace(/[\uFF10-\uFF19]/g, (d) => String(d.charCodeAt(0) - 0xff10));
}

/**
 * What was typed, as a whole number before any limit: digits only (Western or Devanagari, at
 * most six), else null ("abc", "2.5", "-3", ""). 0 and 99999 come back as they are, so a
 * screen can say why it does not take them.
 */
export function typedNumber(text: string): number | null {
  const digits = westernDigits(text.trim());
  return /^\d{1,6}$/.test(digits) ? Number(digits) : null;
}

/** A typed quantity as the cart takes it: digits only (Western or Devanagari), else null. */
export function parseQuantity(text: string): number | null {
  const n = typedNumber(text);
  return n !== null && n >= 1 ? Math.min(MAX_QUANTITY, n) : null;
}

/**
 * The most of a line that `left` allows, in whole cases and at least the line's minimum; null
 * when not even its smallest quantity is left (the server said "only 8 left").
 */
export function quantityWithin(terms: QuantityTerms, left: number): number | null {
  const lot = Math.max(1, terms.lot);
  const most = Math.min(largestQuantity(terms), Math.floor(Math.max(0, left) / lot) * lot);
  return most >= smallestQuantity(terms) ? most : null;
}

export function withRemoved(items: CartItem[], id: string): CartItem[] {
  return items.filter((i) => i.id !== id);
}

/** Sum of price x quantity over lines whose price is known: an estimate, shown as such. */
export function estimatedTotal(items: CartItem[]): number {
  return items.reduce((sum, i) => sum + (i.price ?? 0) * i.quantity, 0);
}

// --- Writers used by the screens: read the current cart, change it, write it back. -----------

export function addToCart(product: CartProduct, quantity = 1): void {
  writeCart(withAdded(readCart(), product, quantity));
}

export function increaseInCart(id: string): void {
  writeCart(withIncreased(readCart(), id));
}

export function decreaseInCart(id: string): void {
  writeCart(withDecreased(readCart(), id));
}

export function setQuantityInCart(id: string, quantity: number): void {
  writeCart(withQuantity(readCart(), id, quantity));
}

/** Removes several lines at once (e.g. every out-of-stock one). */
export function removeManyFromCart(ids: readonly string[]): void {
  const gone = new Set(ids);
  writeCart(readCart().filter((i) => !gone.has(i.id)));
}

export function removeFromCart(id: string): void {
  writeCart(withRemoved(readCart(), id));
}
