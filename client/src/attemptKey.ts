/**
 * A random UUID v4. crypto.randomUUID exists only in secure contexts (https, localhost), and
 * the app may be opened over plain http on a shop's network; getRandomValues works everywhere.
 */
export function newAttemptKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// --- Attempts kept across reloads ---------------------------------------------------------------
//
// Placing the cart (or adding it to an order of the same day) must stay one attempt even when
// its answer was lost and the page was reloaded: the next press must carry the same key, so
// the server answers with the order the first press made instead of making a second one. The
// attempt (what was sent and its key) is kept in localStorage, beside the cart it sends, until
// a definite answer comes or the cart changes (cart.ts forgets it on every change).

/** The attempts that send the cart. */
export type CartAttempt = 'place' | 'addTo';

const ATTEMPT_KEYS: Record<CartAttempt, string> = {
  place: 'attempt.placeOrder',
  addTo: 'attempt.addToOrder',
};

/** One attempt: what was sent (as JSON) and the Idempotency-Key it was sent with. */
export interface KeptAttempt {
  payload: string;
  key: string;
}

/** The attempt kept for `slot`, or null (none, or storage unreadable). */
export function keptAttempt(slot: CartAttempt): KeptAttempt | null {
  try {
    const raw = localStorage.getItem(ATTEMPT_KEYS[slot]);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<KeptAttempt> | null;
    return typeof value?.payload === 'string' && typeof value.key === 'string'
      ? { payload: value.payload, key: value.key }
      : null;
  } catch {
    return null;
  }
}

export function keepAttempt(slot: CartAttempt, attempt: KeptAttempt): void {
  try {
    localStorage.setItem(ATTEMPT_KEYS[slot], JSON.stringify(attempt));
  } catch {
    // Storage refused (private mode): the attempt lives in the page only.
  }
}

export function forgetAttempt(slot: CartAttempt): void {
  try {
    localStorage.removeItem(ATTEMPT_KEYS[slot]);
  } catch {
    // Nothing kept.
  }
}

/** The cart changed (or was emptied): what is sent next is a new attempt. */
export function forgetCartAttempts(): void {
  forgetAttempt('place');
  forgetAttempt('addTo');
}
