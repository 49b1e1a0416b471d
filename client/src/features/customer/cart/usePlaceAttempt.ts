// Place Order as one attempt per cart: its key is kept (across a reload too), so an answer lost
// on the way never makes a second order, and a definite answer makes the next press a new one.
import { useRef, useState } from 'react';
import type { OrderOut } from '../../../../../shared/schemas/orders';
import type { CartItem } from '../../../cart';
import { trpc } from '../../../trpc';
import { keepMessage } from './checkoutMessage';
import {
  AttemptKeys,
  keptPlacement,
  type Placement,
  sameLines,
  usePlaceOrder,
  wasAnswered,
} from './placeOrder';
import type { RefusalFollowUp } from './useRefusalFollowUp';

interface Options {
  onPlaced(order: OrderOut): void | Promise<void>;
  followUp: RefusalFollowUp;
}

export function usePlaceAttempt(items: CartItem[], { onPlaced, followUp }: Options) {
  const utils = trpc.useUtils();
  // A Place Order of this very cart that got no answer before the page was reloaded: it may
  // have made the order. The same message and date are sent again, so the same key goes with
  // them and the server answers with that order instead of making a second one.
  const [pending, setPending] = useState(() => {
    const kept = keptPlacement();
    return kept && sameLines(kept, items) ? kept : null;
  });
  const placeOrder = usePlaceOrder();
  // A ref, not state: two quick presses arrive before React re-renders the disabled button.
  const busy = useRef(false);
  // Kept in localStorage: a reload does not make the same cart a new attempt (attemptKey.ts).
  const keys = useRef(new AttemptKeys(undefined, 'place'));
  // Stays "sending" after success: the screen is left right away.
  const sending = placeOrder.isPending || placeOrder.isSuccess;

  /** Sends `placement` unless a press is already on its way; `beforeSend` runs just before. */
  const place = (placement: Placement, beforeSend?: () => void) => {
    if (busy.current) return;
    busy.current = true;
    beforeSend?.();
    placeOrder.mutate(
      { placement, key: keys.current.keyFor(placement) },
      {
        onSuccess: async (order) => {
          keys.current.reset();
          setPending(null);
          keepMessage('');
          await utils.orders.mine.invalidate();
          await onPlaced(order);
        },
        onError: (error) => {
          // No answer: pressing again is the same submission, so the same key (one order).
          if (wasAnswered(error)) {
            keys.current.reset();
            setPending(null);
            void followUp.refresh();
          }
          followUp.reportShort(error);
          busy.current = false;
        },
      },
    );
  };

  // An unanswered Place Order of this cart (before a reload, or just now) may have made the
  // order: Place Order again tells, and nothing else may order the cart meanwhile.
  const unanswered = pending !== null || (placeOrder.isError && !wasAnswered(placeOrder.error));

  return { pending, placeOrder, sending, place, unanswered };
}
