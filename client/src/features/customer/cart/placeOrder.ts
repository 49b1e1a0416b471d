import { useMutation } from '@tanstack/react-query';
import { getMutationKey } from '@trpc/react-query';
import type { inferRouterInputs } from '@trpc/server';
import type { AppRouter } from '../../../../../server/router';
import {
  type CartAttempt,
  forgetAttempt,
  keepAttempt,
  keptAttempt,
  newAttemptKey,
} from '../../../attemptKey';
import type { CartItem } from '../../../cart';
import { httpStatusOf } from '../../../errors';
import { trpc } from '../../../trpc';

/** What orders.place takes: product ids and quantities, the message and the date. */
export type Placement = inferRouterInputs<AppRouter>['orders']['place'];

export function placementFor(items: CartItem[], message: string, deliveryDate: string): Placement {
  return {
    orderItems: items.map((i) => ({ product: i.id, quantity: i.quantity })),
    customMessage: message.trim(),
    deliveryDate,
  };
}

/**
 * Same attempt, same key: the key is kept while the payload stays the same. With a `slot`, the
 * attempt is also kept in localStorage (attemptKey.ts), so that the same cart sent again after
 * a reload (its answer lost) carries the same key and the server answers with the first order.
 */
export class AttemptKeys {
  private payload: string | null = null;
  private key: string | null = null;

  constructor(
    private readonly newKey: () => string = newAttemptKey,
    private readonly slot?: CartAttempt,
  ) {}

  keyFor(placement: object): string {
    const payload = JSON.stringify(placement);
    const kept = this.slot ? keptAttempt(this.slot) : null;
    if (kept?.payload === payload) {
      this.payload = payload;
      this.key = kept.key;
    } else if (payload !== this.payload || !this.key) {
      this.payload = payload;
      this.key = this.newKey();
    }
    if (this.slot && kept?.key !== this.key) keepAttempt(this.slot, { payload, key: this.key });
    return this.key;
  }

  /** After a definite answer (success or refusal) the next press is a new attempt. */
  reset(): void {
    this.payload = null;
    this.key = null;
    if (this.slot) forgetAttempt(this.slot);
  }
}

/** The placement of an attempt kept from before (a reload), when one is kept. */
export function keptPlacement(): Placement | null {
  const kept = keptAttempt('place');
  if (!kept) return null;
  try {
    const value = JSON.parse(kept.payload) as Placement | null;
    return value && Array.isArray(value.orderItems) && typeof value.deliveryDate === 'string'
      ? value
      : null;
  } catch {
    return null;
  }
}

/** True when `placement` sends the same lines as `items` (the cart of now). */
export function sameLines(placement: Placement, items: CartItem[]): boolean {
  return (
    JSON.stringify(placement.orderItems) === JSON.stringify(placementFor(items, '', '').orderItems)
  );
}

/**
 * True when the server gave a definite answer: a refusal (4xx) made no order, so the next
 * press is a new submission. Without an answer (network, 5xx) the order may exist: pressing
 * again is the same submission and must carry the same key.
 */
export function wasAnswered(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status !== undefined && status < 500;
}

/**
 * orders.place as a mutation whose every call carries its own `Idempotency-Key` (the
 * operation's context; client/src/trpc.ts puts it in the header). `isPending` is the
 * 'Placing Order...' state; errors carry the server's code.
 */
export function usePlaceOrder() {
  const { client } = trpc.useUtils();
  return useMutation({
    mutationKey: getMutationKey(trpc.orders.place),
    mutationFn: ({ placement, key }: { placement: Placement; key: string }) =>
      client.orders.place.mutate(placement, { context: { idempotencyKey: key } }),
  });
}
