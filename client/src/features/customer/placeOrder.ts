import type { OrderOut } from '../../../../shared/schemas/orders';
import type { CartItem } from './cart';

export interface Placement {
  orderItems: { product: string; quantity: number }[];
  customMessage: string;
  /** YYYY-MM-DD */
  deliveryDate: string;
}

export function placementFor(items: CartItem[], message: string, deliveryDate: string): Placement {
  return {
    orderItems: items.map((i) => ({ product: i.id, quantity: i.quantity })),
    customMessage: message.trim(),
    deliveryDate,
  };
}

/** A failure with the message to show: the server's, or what fetch() said when it got none. */
export class PlacementError extends Error {
  constructor(
    message: string,
    /** True when no answer came back: the same attempt may be retried with the same key. */
    readonly network: boolean,
  ) {
    super(message);
    this.name = 'PlacementError';
  }
}

/**
 * POST /api/orders: the REST door of orders.place, used because it takes a per-request
 * `Idempotency-Key` header (the same key twice makes one order, DESIGN §3).
 */
export async function sendPlacement(placement: Placement, key: string): Promise<OrderOut> {
  let response: Response;
  try {
    response = await fetch('/api/orders', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(placement),
    });
  } catch (error) {
    throw new PlacementError(error instanceof Error ? error.message : '', true);
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // A proxy's HTML error page, or a cut connection: no message from the server.
  }
  if (!response.ok) {
    const message =
      body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
        ? body.message
        : response.statusText;
    // 5xx other than a clear answer may not have reached the database: a retry reuses the key.
    throw new PlacementError(message, response.status >= 500);
  }
  if (!body) throw new PlacementError('', true);
  return body as OrderOut;
}

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

/** Same attempt, same key: the key is kept while the payload stays the same. */
export class AttemptKeys {
  private payload: string | null = null;
  private key: string | null = null;

  constructor(private readonly newKey: () => string = newAttemptKey) {}

  keyFor(placement: Placement): string {
    const payload = JSON.stringify(placement);
    if (payload !== this.payload || !this.key) {
      this.payload = payload;
      this.key = this.newKey();
    }
    return this.key;
  }

  /** After a definite answer (success or refusal) the next press is a new attempt. */
  reset(): void {
    this.payload = null;
    this.key = null;
  }
}
