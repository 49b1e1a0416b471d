import {
  Alert,
  Badge,
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
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultDeliveryDate, isDeliveryDay } from '../../../../../shared/delivery-dates';
import { formatOrderNumber, formatYen } from '../../../../../shared/format';
import type { OrderOut } from '../../../../../shared/schemas/orders';
import type { CartItem } from '../../../cart';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FetchFailed, Loading } from '../../../components/LoadState';
import { showDate } from '../../../dates';
import { errorText } from '../../../errors';
import { trpc } from '../../../trpc';
import { useAuth } from '../../auth/AuthContext';
import { CartBar, EstimatedTotal } from './CartReview';
import { CreditHoldBanner, OverdueBanner } from './OverdueBanner';
import {
  AttemptKeys,
  type Placement,
  placementFor,
  usePlaceOrder,
  wasAnswered,
} from './placeOrder';

/** The calendar and its library load only when the checkout's second step opens. */
const DeliveryDateField = lazy(() => import('./DeliveryDateField'));

const TERMS = [
  'cart.termMinimum',
  'cart.termOverdue',
  'cart.termIssues',
  'cart.termBankFee',
] as const;

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
  onPlaced(order: OrderOut): void;
  /** The cart went into an order already placed for the same day (ADR 043). */
  onAdded(order: OrderOut): void;
}

/** Step 2 'ORDER COMPLETE': terms, message, delivery days and date, then Place Order. */
export function CheckoutForm({ items, onBack, onPlaced, onAdded }: CheckoutFormProps) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const [message, setMessageState] = useState(readMessage);
  const setMessage = (value: string) => {
    setMessageState(value);
    keepMessage(value);
  };
  // DESIGN §6: the earliest allowed day that is one of the customer's delivery days; another
  // day asks for a confirmation before the order goes.
  const calendar = trpc.settings.deliveryCalendar.useQuery();
  const days = user?.deliveryDays ?? [];
  const [deliveryDate, setDeliveryDate] = useState<string | null>(null);
  const [confirmingDay, setConfirmingDay] = useState(false);
  useEffect(() => {
    if (deliveryDate === null && calendar.data) {
      const { earliest, holidays } = calendar.data;
      setDeliveryDate(defaultDeliveryDate(earliest, user?.deliveryDays ?? [], holidays));
    }
  }, [calendar.data, deliveryDate, user]);
  const offSchedule = deliveryDate !== null && !isDeliveryDay(deliveryDate, days);
  const placeOrder = usePlaceOrder();
  // A ref, not state: two quick presses arrive before React re-renders the disabled button.
  const busy = useRef(false);
  const keys = useRef(new AttemptKeys());
  const addKeys = useRef(new AttemptKeys());
  // Stays "sending" after success: the screen is left right away.
  const sending = placeOrder.isPending || placeOrder.isSuccess;

  const place = () => {
    if (busy.current || deliveryDate === null) return;
    busy.current = true;
    const placement = placementFor(items, message, deliveryDate);
    placeOrder.mutate(
      { placement, key: keys.current.keyFor(placement) },
      {
        onSuccess: async (order) => {
          keys.current.reset();
          keepMessage('');
          await utils.orders.mine.invalidate();
          onPlaced(order);
        },
        onError: (error) => {
          // No answer: pressing again is the same submission, so the same key (one order).
          if (wasAnswered(error)) keys.current.reset();
          busy.current = false;
        },
      },
    );
  };
  const failure = placeOrder.isError
    ? errorText(t, placeOrder.error, 'errors.common.mutationFailed')
    : null;

  // A changeable order for the same delivery day: offered instead of a second order.
  const sameDay = trpc.orders.sameDay.useQuery(
    { deliveryDate: deliveryDate ?? '' },
    { enabled: deliveryDate !== null },
  );
  const { client } = utils;
  const addTo = useMutation({
    mutationFn: (id: string) => {
      const { orderItems, customMessage } = placementFor(items, message, deliveryDate ?? '');
      const input = { id, orderItems, customMessage };
      // Same cart, same order: the same key, so a retry after a lost answer adds once.
      const key = addKeys.current.keyFor(input as unknown as Placement);
      return client.orders.addTo.mutate(input, { context: { idempotencyKey: key } });
    },
    onSuccess: async (order) => {
      addKeys.current.reset();
      keepMessage('');
      await Promise.all([utils.orders.mine.invalidate(), utils.orders.sameDay.invalidate()]);
      onAdded(order);
    },
    onError: (error) => {
      if (wasAnswered(error)) addKeys.current.reset();
    },
  });
  const addFailure = addTo.isError
    ? errorText(t, addTo.error, 'errors.common.mutationFailed')
    : null;
  const existing = sameDay.data?.order ?? null;

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

      <EstimatedTotal items={items} />

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
              onClick={() => addTo.mutate(existing._id)}
              disabled={addTo.isPending || addTo.isSuccess || sending}
            >
              {addTo.isPending || addTo.isSuccess
                ? t('cart.addingToExisting')
                : t('cart.addToExisting')}
            </Button>
          </Stack>
        </Alert>
      )}
      {addFailure && (
        <Alert color="red" variant="light" role="alert" title={t('cart.failedTitle')}>
          {addFailure}
        </Alert>
      )}

      {failure && (
        <Alert color="red" variant="light" role="alert" title={t('cart.failedTitle')}>
          {failure}
        </Alert>
      )}

      <CartBar items={items}>
        <Button variant="default" size="md" px="sm" onClick={onBack} disabled={sending}>
          {t('cart.back')}
        </Button>
        <Button
          size="md"
          px="sm"
          onClick={confirmThenPlace}
          disabled={sending || deliveryDate === null}
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
