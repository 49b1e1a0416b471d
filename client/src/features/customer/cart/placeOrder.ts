import { useMutation } from '@tanstack/react-query';
import { getMutationKey } from '@trpc/react-query';
import type { inferRouterInputs } from '@trpc/server';
import type { AppRouter } from '../../../../../server/router';
import { newAttemptKey } from '../../../attemptKey';
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
