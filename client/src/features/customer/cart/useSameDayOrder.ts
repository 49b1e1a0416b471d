// A changeable order for the same delivery day is offered instead of a second order (ADR 043);
// adding the cart to it carries its own kept key, so a retry after a lost answer adds once.
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import type { OrderOut } from '../../../../../shared/schemas/orders';
import type { CartItem } from '../../../cart';
import { trpc } from '../../../trpc';
import { CALENDAR_RECHECK_MS } from './calendarRecheck';
import { keepMessage } from './checkoutMessage';
import { AttemptKeys, placementFor, wasAnswered } from './placeOrder';
import type { RefusalFollowUp } from './useRefusalFollowUp';

interface Options {
  items: CartItem[];
  message: string;
  deliveryDate: string | null;
  /** The date is still open by the calendar's last answer. */
  dateOpen: boolean;
  /** A Place Order of this cart got no answer: it may have made that very order. */
  unanswered: boolean;
  onAdded(order: OrderOut): void | Promise<void>;
  followUp: RefusalFollowUp;
}

export function useSameDayOrder({
  items,
  message,
  deliveryDate,
  dateOpen,
  unanswered,
  onAdded,
  followUp,
}: Options) {
  const utils = trpc.useUtils();
  const addKeys = useRef(new AttemptKeys(undefined, 'addTo'));
  // Asked again on the calendar's timer: the order's change window closes at the cut-off.
  const sameDay = trpc.orders.sameDay.useQuery(
    { deliveryDate: deliveryDate ?? '' },
    {
      enabled: deliveryDate !== null && dateOpen,
      refetchInterval: CALENDAR_RECHECK_MS,
      refetchOnWindowFocus: 'always',
    },
  );
  const { client } = utils;
  const addTo = useMutation({
    mutationFn: (id: string) => {
      const { orderItems, customMessage } = placementFor(items, message, deliveryDate ?? '');
      const input = { id, orderItems, customMessage };
      // Same cart, same order: the same key, so a retry after a lost answer adds once.
      const key = addKeys.current.keyFor(input);
      return client.orders.addTo.mutate(input, { context: { idempotencyKey: key } });
    },
    onSuccess: async (order) => {
      addKeys.current.reset();
      keepMessage('');
      await Promise.all([utils.orders.mine.invalidate(), utils.orders.sameDay.invalidate()]);
      await onAdded(order);
    },
    onError: (error) => {
      if (wasAnswered(error)) {
        addKeys.current.reset();
        void followUp.refresh();
      }
      followUp.reportShort(error);
    },
  });
  // Not offered while an unanswered Place Order of this cart may have made that very order:
  // adding the cart to it would order everything twice. Place Order again tells.
  const existing =
    dateOpen && !unanswered && sameDay.data?.order?.deliveryDate === deliveryDate
      ? sameDay.data.order
      : null;
  return { existing, addTo };
}
