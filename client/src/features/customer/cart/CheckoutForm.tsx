// The checkout's second step put together: each part lives in the module named for it.
import { Alert, Button, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderOut } from '../../../../../shared/schemas/orders';
import type { CartItem } from '../../../cart';
import { CartBar, EstimatedTotal } from './CartReview';
import { CheckoutTerms } from './CheckoutTerms';
import { useCheckoutMessage } from './checkoutMessage';
import { DateMovedNote, DeliveryDateSection } from './DeliveryDateSection';
import { OffDayConfirm } from './OffDayConfirm';
import { CreditHoldBanner, OverdueBanner } from './OverdueBanner';
import { PlaceFailure } from './PlaceFailure';
import { PlaceWaiting } from './PlaceWaiting';
import { placementFor } from './placeOrder';
import { SameDayOffer } from './SameDayOffer';
import { useCartNow } from './useCartNow';
import { useDeliveryDate } from './useDeliveryDate';
import { usePlaceAttempt } from './usePlaceAttempt';
import { type OnStockShort, useRefusalFollowUp } from './useRefusalFollowUp';
import { useSameDayOrder } from './useSameDayOrder';

export { CALENDAR_RECHECK_MS, msUntilCutoff } from './calendarRecheck';

interface CheckoutFormProps {
  items: CartItem[];
  onBack(): void;
  onPlaced(order: OrderOut): void | Promise<void>;
  /** The cart went into an order already placed for the same day (ADR 043). */
  onAdded(order: OrderOut): void | Promise<void>;
  /** The date chosen earlier in this visit of the cart (kept across its two steps). */
  keptDate?: string | null;
  /** The date chosen, or moved to when the chosen one closed. */
  onDateChange?(date: string): void;
  /** The server said a counted product has less left than the cart asks for. */
  onStockShort?: OnStockShort;
}

/** Step 2 'ORDER COMPLETE': terms, message, delivery days and date, then Place Order. */
export function CheckoutForm({
  items,
  onBack,
  onPlaced,
  onAdded,
  keptDate = null,
  onDateChange,
  onStockShort,
}: CheckoutFormProps) {
  const { t } = useTranslation();
  const now = useCartNow(items);
  const followUp = useRefusalFollowUp(onStockShort);
  const attempt = usePlaceAttempt(items, { onPlaced, followUp });
  const { pending, placeOrder, sending } = attempt;
  // After a reload, an unanswered attempt's message and date are sent again as they were.
  const [message, setMessage] = useCheckoutMessage(pending?.customMessage);
  const date = useDeliveryDate({
    initialDate: keptDate ?? pending?.deliveryDate ?? null,
    onDateChange,
  });
  const { deliveryDate, dateOpen, offSchedule, moved } = date;
  const { existing, addTo } = useSameDayOrder({
    items,
    message,
    deliveryDate,
    dateOpen,
    unanswered: attempt.unanswered,
    onAdded,
    followUp,
  });
  const [confirmingDay, setConfirmingDay] = useState(false);

  const place = () => {
    if (deliveryDate === null || !dateOpen) return;
    // One refusal on the screen at a time: the latest.
    attempt.place(placementFor(items, message, deliveryDate), () => addTo.reset());
  };
  const confirmThenPlace = () => {
    if (offSchedule) setConfirmingDay(true);
    else void place();
  };
  const shownError = placeOrder.error ?? addTo.error;
  // Pressed without a connection: the press waits on the phone and goes by itself when the
  // connection returns (react-query pauses it); the button and a note beside it say so.
  const waiting = placeOrder.isPaused;

  return (
    <Stack gap="md">
      <CreditHoldBanner />
      <OverdueBanner />
      <CheckoutTerms minimum={now.minimumOrder} />

      <Textarea
        label={t('cart.message')}
        placeholder={t('cart.messagePlaceholder')}
        value={message}
        onChange={(e) => setMessage(e.currentTarget.value)}
        rows={3}
        maxLength={2000}
      />

      <DeliveryDateSection date={date} />

      <EstimatedTotal items={items} now={now} />

      {existing && (
        <SameDayOffer
          order={existing}
          adding={addTo.isPending || addTo.isSuccess}
          placing={sending}
          onAdd={() => {
            placeOrder.reset();
            addTo.mutate(existing._id);
          }}
        />
      )}
      {moved && <DateMovedNote moved={moved} />}

      {shownError && (
        <PlaceFailure
          error={shownError}
          items={items}
          onShortTaken={() => {
            placeOrder.reset();
            addTo.reset();
          }}
        />
      )}
      {waiting && <PlaceWaiting />}
      {pending && !placeOrder.isError && !placeOrder.isPending && (
        <Alert color="orange" variant="light" role="status" data-testid="place-unanswered">
          {t('cart.unansweredAttempt')}
        </Alert>
      )}

      <CartBar now={now}>
        <Button variant="default" size="md" px="sm" onClick={onBack} disabled={sending}>
          {t('cart.back')}
        </Button>
        <Button
          size="md"
          px="sm"
          onClick={confirmThenPlace}
          disabled={sending || deliveryDate === null || !dateOpen}
        >
          {waiting ? t('cart.placeWaiting') : sending ? t('cart.placing') : t('cart.placeOrder')}
        </Button>
      </CartBar>
      <OffDayConfirm
        opened={confirmingDay}
        date={deliveryDate}
        onConfirm={place}
        onClose={() => setConfirmingDay(false)}
      />
    </Stack>
  );
}
