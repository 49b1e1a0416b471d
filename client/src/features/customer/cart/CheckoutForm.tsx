import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addDaysIso,
  defaultDeliveryDate,
  isDeliveryDay,
} from '../../../../../shared/delivery-dates';
import { formatOrderNumber, formatYen, timeInZone } from '../../../../../shared/format';
import type { OrderOut } from '../../../../../shared/schemas/orders';
import type { MinimumOrder } from '../../../../../shared/terms';
import type { CartItem } from '../../../cart';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FetchFailed, Loading } from '../../../components/LoadState';
import { useBackCloses } from '../../../components/useBackCloses';
import { showDate } from '../../../dates';
import { errorText } from '../../../errors';
import { trpc } from '../../../trpc';
import { useAuth } from '../../auth/AuthContext';
import { CartBar, EstimatedTotal } from './CartReview';
import { CreditHoldBanner, OverdueBanner } from './OverdueBanner';
import {
  AttemptKeys,
  keptPlacement,
  placementFor,
  sameLines,
  usePlaceOrder,
  wasAnswered,
} from './placeOrder';
import { StockShortAction, stockShortOf } from './StockShort';
import { useCartNow } from './useCartNow';

/** The calendar and its library load only when the checkout's second step opens. */
const DeliveryDateField = lazy(() => import('./DeliveryDateField'));

/** The terms every customer has; the minimum order line is this customer's own, when it has one. */
const TERMS = ['cart.termOverdue', 'cart.termIssues', 'cart.termBankFee'] as const;

/** How often the open checkout asks the server's calendar again (the cut-off may pass). */
export const CALENDAR_RECHECK_MS = 30_000;

const DAY_MS = 24 * 60 * 60_000;

/**
 * Milliseconds until the cut-off (HH:MM in the business's zone) next passes: today's if it is
 * still ahead, else tomorrow's (a 04:00 cut-off seen at 23:00 is five hours away). The checkout
 * asks the calendar again at that moment. Null for a time it cannot read.
 */
export function msUntilCutoff(cutoff: string, timeZone: string, now = new Date()): number | null {
  const [h, m] = timeInZone(now, timeZone).split(':').map(Number);
  const [ch, cm] = cutoff.split(':').map(Number);
  if ([h, m, ch, cm].some((n) => n === undefined || Number.isNaN(n))) return null;
  const minutes = (ch as number) * 60 + (cm as number) - ((h as number) * 60 + (m as number));
  const ms = minutes * 60_000 - (now.getSeconds() * 1000 + now.getMilliseconds());
  return ms > 0 ? ms : ms + DAY_MS;
}

/** The customer's own minimum order as a line of the terms (nothing when it has none). */
function minimumTerm(t: TFunction, minimum: MinimumOrder | null) {
  if (!minimum) return null;
  return minimum.rule === 'refuse'
    ? t('cart.termMinimumRefuse', { minimum: formatYen(minimum.value) })
    : t('cart.termMinimumCharge', {
        minimum: formatYen(minimum.value),
        charge: formatYen(minimum.deliveryCharge),
      });
}

/** Where the date went when the day first chosen closed (its cut-off passed, or a holiday). */
interface MovedDate {
  from: string;
  to: string;
  why: 'cutoff' | 'holiday';
}

/** The typed message survives a failed placement, a reload or a sign-in (this tab only). */
const MESSAGE_KEY = 'checkout-message';
function readMessage(): string {
  try {
    return sessionStorage.getItem(MESSAGE_KEY) ?? '';
  } catch {
    return '';
  }
}
function keepMessage(value: string): void {
  try {
    if (value) sessionStorage.setItem(MESSAGE_KEY, value);
    else sessionStorage.removeItem(MESSAGE_KEY);
  } catch {
    // Storage refused (private mode): the message lives in the screen only.
  }
}

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
  onStockShort?(productId: string, left: number): void;
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
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const now = useCartNow(items);
  // A Place Order of this very cart that got no answer before the page was reloaded: it may
  // have made the order. The same message and date are sent again, so the same key goes with
  // them and the server answers with that order instead of making a second one.
  const [pending, setPending] = useState(() => {
    const kept = keptPlacement();
    return kept && sameLines(kept, items) ? kept : null;
  });
  const [message, setMessageState] = useState(() => readMessage() || pending?.customMessage || '');
  const setMessage = (value: string) => {
    setMessageState(value);
    keepMessage(value);
  };
  // DESIGN §6: the earliest allowed day that is one of the customer's delivery days; another
  // day asks for a confirmation before the order goes. The calendar is asked again while the
  // checkout is open (on a timer, at the cut-off, when the phone comes back to the page): an
  // order started before the cut-off may be finished after it.
  const calendar = trpc.settings.deliveryCalendar.useQuery(undefined, {
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: CALENDAR_RECHECK_MS,
    refetchOnWindowFocus: 'always',
  });
  const days = user?.deliveryDays ?? [];
  const [deliveryDate, setDeliveryDateState] = useState<string | null>(
    () => keptDate ?? pending?.deliveryDate ?? null,
  );
  const [moved, setMoved] = useState<MovedDate | null>(null);
  const setDeliveryDate = (date: string) => {
    setDeliveryDateState(date);
    setMoved(null);
    onDateChange?.(date);
  };
  const [confirmingDay, setConfirmingDay] = useState(false);
  // The phone's Back button answers "Choose another day": the checkout (and its date) stays.
  useBackCloses(confirmingDay, () => setConfirmingDay(false));
  // biome-ignore lint/correctness/useExhaustiveDependencies: onDateChange only reports the date
  useEffect(() => {
    if (!calendar.data) return;
    const { earliest, holidays } = calendar.data;
    const deliveryDays = user?.deliveryDays ?? [];
    if (deliveryDate === null) {
      setDeliveryDateState(defaultDeliveryDate(earliest, deliveryDays, holidays));
    } else if (deliveryDate < earliest || holidays.includes(deliveryDate)) {
      // The chosen day closed while the checkout was open (its cut-off passed, or the office
      // made it a holiday): the next allowed delivery day from it, said.
      const from = deliveryDate < earliest ? earliest : deliveryDate;
      let next = defaultDeliveryDate(from, deliveryDays, holidays);
      // No delivery day within two weeks: at least a day with deliveries.
      for (let i = 0; i < 366 && holidays.includes(next); i++) next = addDaysIso(next, 1);
      setDeliveryDateState(next);
      onDateChange?.(next);
      setMoved({
        from: deliveryDate,
        to: next,
        why: deliveryDate < earliest ? 'cutoff' : 'holiday',
      });
    }
  }, [calendar.data, deliveryDate, user]);
  // At the cut-off itself, ask again (the timer above may be up to half a minute late).
  const cutoff = calendar.data?.cutoff;
  const timeZone = calendar.data?.timeZone;
  const { refetch: refetchCalendar } = calendar;
  useEffect(() => {
    if (!cutoff || !timeZone) return;
    const wait = msUntilCutoff(cutoff, timeZone);
    if (wait === null) return;
    const timer = setTimeout(() => void refetchCalendar(), wait + 1000);
    return () => clearTimeout(timer);
  }, [cutoff, timeZone, refetchCalendar]);
  // The date must still be open by the calendar's last answer (the effect above moves it).
  const dateOpen =
    deliveryDate !== null &&
    calendar.data !== undefined &&
    deliveryDate >= calendar.data.earliest &&
    !calendar.data.holidays.includes(deliveryDate);
  const offSchedule = deliveryDate !== null && !isDeliveryDay(deliveryDate, days);
  const placeOrder = usePlaceOrder();
  // A ref, not state: two quick presses arrive before React re-renders the disabled button.
  const busy = useRef(false);
  // Kept in localStorage: a reload does not make the same cart a new attempt (attemptKey.ts).
  const keys = useRef(new AttemptKeys(undefined, 'place'));
  const addKeys = useRef(new AttemptKeys(undefined, 'addTo'));
  // Stays "sending" after success: the screen is left right away.
  const sending = placeOrder.isPending || placeOrder.isSuccess;

  /**
   * After a refusal, what it may be about is read again: the catalogue (a product out of stock
   * or hidden now, a price), the terms (the minimum), the calendar (the cut-off passed) and the
   * same-day order; the lines, the estimate and the date then show it.
   */
  const refresh = () =>
    Promise.all([
      utils.products.list.invalidate(),
      utils.orders.checkoutTerms.invalidate(),
      utils.settings.deliveryCalendar.invalidate(),
      utils.orders.sameDay.invalidate(),
    ]);

  /** A counted product with less left than asked for: its line says so (CartScreen keeps it). */
  const reportShort = (error: unknown) => {
    const short = stockShortOf(error);
    if (short) onStockShort?.(short.productId, short.left);
  };

  const place = () => {
    if (busy.current || deliveryDate === null || !dateOpen) return;
    busy.current = true;
    // One refusal on the screen at a time: the latest.
    addTo.reset();
    const placement = placementFor(items, message, deliveryDate);
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
            void refresh();
          }
          reportShort(error);
          busy.current = false;
        },
      },
    );
  };
  const failure = placeOrder.isError
    ? errorText(t, placeOrder.error, 'errors.common.mutationFailed')
    : null;

  // A changeable order for the same delivery day: offered instead of a second order (asked
  // again on the calendar's timer: its change window closes at the cut-off).
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
        void refresh();
      }
      reportShort(error);
    },
  });
  const addFailure = addTo.isError
    ? errorText(t, addTo.error, 'errors.common.mutationFailed')
    : null;
  // Not offered while an unanswered Place Order of this cart (before a reload, or just now) may
  // have made that very order: adding the cart to it would order everything twice. Place Order
  // again tells.
  const unanswered = pending !== null || (placeOrder.isError && !wasAnswered(placeOrder.error));
  const existing =
    dateOpen && !unanswered && sameDay.data?.order?.deliveryDate === deliveryDate
      ? sameDay.data.order
      : null;
  const shownError = placeOrder.error ?? addTo.error;
  // The line the refusal is about, when it is "only N left" of a product in the cart.
  const short = stockShortOf(shownError);
  const shortItem = short ? items.find((i) => i.id === short.productId) : undefined;

  // A refusal is said where the eye is: on a phone Place Order sits in the bar at the bottom,
  // and the message would be below the screen, behind the bar. It is brought into the middle
  // of the screen and takes the focus (a screen reader reads it; role=alert announces it).
  const failureBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!shownError) return;
    const box = failureBox.current;
    if (!box) return;
    box.scrollIntoView({ block: 'center' });
    box.focus({ preventScroll: true });
  }, [shownError]);
  const minimumLine = minimumTerm(t, now.minimumOrder);

  const confirmThenPlace = () => {
    if (offSchedule) setConfirmingDay(true);
    else void place();
  };

  return (
    <Stack gap="md">
      <CreditHoldBanner />
      <OverdueBanner />
      <Paper withBorder radius="md" p="sm">
        <Title order={3} size="h5" mb="xs">
          {t('cart.termsTitle')}
        </Title>
        <List size="sm" spacing={4}>
          {/* The customer's own minimum; without one, the terms' text every customer reads
              (spec: "more than 20,000 Yen", shown, not enforced). */}
          <List.Item data-testid="minimum-term">{minimumLine ?? t('cart.termMinimum')}</List.Item>
          {TERMS.map((key) => (
            <List.Item key={key}>{t(key)}</List.Item>
          ))}
        </List>
      </Paper>

      <Textarea
        label={t('cart.message')}
        placeholder={t('cart.messagePlaceholder')}
        value={message}
        onChange={(e) => setMessage(e.currentTarget.value)}
        rows={3}
        maxLength={2000}
      />

      <div>
        <Text size="sm" fw={500} mb={4}>
          {t('cart.deliveryDays')}
        </Text>
        <Group gap={6}>
          {days.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('cart.noDeliveryDays')}
            </Text>
          ) : (
            days.map((day) => (
              <Badge key={day} variant="light" tt="none" size="lg">
                {t(`weekday.${day}`, { defaultValue: day })}
              </Badge>
            ))
          )}
        </Group>
      </div>

      {calendar.isError ? (
        <FetchFailed onRetry={() => void calendar.refetch()} />
      ) : deliveryDate === null || !calendar.data ? (
        <Loading />
      ) : (
        <div>
          <Suspense fallback={<Loading />}>
            <DeliveryDateField
              value={deliveryDate}
              onChange={setDeliveryDate}
              earliest={calendar.data.earliest}
              holidays={calendar.data.holidays}
              deliveryDays={days}
            />
          </Suspense>
          <Text size="sm" c="dimmed" mt={4} data-testid="cutoff-note">
            {t('buyer.cutoffNote', { time: calendar.data.cutoff, date: showDate(deliveryDate) })}
          </Text>
          {offSchedule && (
            <Text size="sm" c="orange" mt={4} data-testid="off-day-note">
              {t('buyer.offDayNote')}
            </Text>
          )}
        </div>
      )}

      <EstimatedTotal items={items} now={now} />

      {existing && deliveryDate !== null && (
        <Alert
          color="blue"
          variant="light"
          data-testid="same-day"
          title={t('cart.sameDayTitle', { date: showDate(existing.deliveryDate) })}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {t('cart.sameDayMessage', {
                orderNumber: formatOrderNumber(existing.orderNumber),
                total: formatYen(existing.totalPrice),
                time: existing.cutoff,
                date: showDate(existing.deliveryDate),
              })}
            </Text>
            <Button
              mih={44}
              onClick={() => {
                placeOrder.reset();
                addTo.mutate(existing._id);
              }}
              disabled={addTo.isPending || addTo.isSuccess || sending}
            >
              {addTo.isPending || addTo.isSuccess
                ? t('cart.addingToExisting')
                : t('cart.addToExisting')}
            </Button>
          </Stack>
        </Alert>
      )}
      {moved && (
        <Alert color="orange" variant="light" role="status" data-testid="date-moved">
          {t(moved.why === 'cutoff' ? 'cart.dateMovedCutoff' : 'cart.dateMovedHoliday', {
            from: showDate(moved.from),
            to: showDate(moved.to),
          })}
        </Alert>
      )}

      {(failure ?? addFailure) && (
        <Alert
          ref={failureBox}
          tabIndex={-1}
          color="red"
          variant="light"
          role="alert"
          title={t('cart.failedTitle')}
          data-testid="place-failed"
          // Clear of the sticky bar when scrolled to (the bar is ~80 px high on a phone).
          style={{ scrollMarginBottom: 120 }}
        >
          {failure ?? addFailure}
          {short && shortItem && shortItem.quantity > short.left && (
            <Box mt="xs">
              <StockShortAction
                item={shortItem}
                left={short.left}
                onDone={() => {
                  placeOrder.reset();
                  addTo.reset();
                }}
              />
            </Box>
          )}
        </Alert>
      )}
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
          {sending ? t('cart.placing') : t('cart.placeOrder')}
        </Button>
      </CartBar>
      <ConfirmDialog
        opened={confirmingDay}
        title={t('buyer.offDayTitle', { date: deliveryDate ? showDate(deliveryDate) : '' })}
        message={t('buyer.offDayMessage')}
        onConfirm={place}
        onClose={() => setConfirmingDay(false)}
        confirmLabel={t('buyer.offDayConfirm')}
        cancelLabel={t('buyer.offDayCancel')}
      />
    </Stack>
  );
}
