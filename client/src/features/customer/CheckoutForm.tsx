import 'dayjs/locale/ne';
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
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isoDateInZone } from '../../../../shared/format';
import type { OrderOut } from '../../../../shared/schemas/orders';
import { LATEST_DELIVERY_DATE } from '../../../../shared/schemas/orders';
import { translateMessage } from '../../messages';
import { trpc } from '../../trpc';
import { useAuth } from '../auth/AuthContext';
import { EstimatedTotal } from './CartReview';
import type { CartItem } from './cart';
import { AttemptKeys, PlacementError, placementFor, sendPlacement } from './placeOrder';

/** The business's time zone: "today" for the delivery date (DESIGN §3). */
export const BUSINESS_TIME_ZONE = 'Asia/Tokyo';

const TERMS = [
  'cart.termMinimum',
  'cart.termOverdue',
  'cart.termIssues',
  'cart.termBankFee',
] as const;

interface CheckoutFormProps {
  items: CartItem[];
  onBack(): void;
  onPlaced(order: OrderOut): void;
}

/** Step 2 'ORDER COMPLETE': terms, message, delivery days and date, then Place Order. */
export function CheckoutForm({ items, onBack, onPlaced }: CheckoutFormProps) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const today = isoDateInZone(new Date(), BUSINESS_TIME_ZONE);
  const [message, setMessage] = useState('');
  const [deliveryDate, setDeliveryDate] = useState(today);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A ref, not state: two quick presses arrive before React re-renders the disabled button.
  const busy = useRef(false);
  const keys = useRef(new AttemptKeys());

  const place = async () => {
    if (busy.current) return;
    busy.current = true;
    setSending(true);
    setFailure(null);
    const placement = placementFor(items, message, deliveryDate);
    try {
      const order = await sendPlacement(placement, keys.current.keyFor(placement));
      keys.current.reset();
      await utils.orders.mine.invalidate();
      // Stays "sending": the screen is left right away.
      onPlaced(order);
    } catch (error) {
      // No answer: pressing again is the same attempt, so the same key (one order at most).
      if (!(error instanceof PlacementError && error.network)) keys.current.reset();
      console.warn('order placement failed', error);
      const text = error instanceof Error ? error.message : '';
      setFailure(text ? translateMessage(t, text) : t('errors.common.mutationFailed'));
      busy.current = false;
      setSending(false);
    }
  };

  const days = user?.deliveryDays ?? [];

  return (
    <Stack gap="md">
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

      <DatesProvider settings={{ locale: i18n.resolvedLanguage === 'ne' ? 'ne' : 'en' }}>
        <DatePickerInput
          label={t('cart.deliveryDate')}
          valueFormat="MM/DD/YYYY"
          value={deliveryDate}
          onChange={(value) => setDeliveryDate(value ? String(value).slice(0, 10) : today)}
          minDate={today}
          maxDate={LATEST_DELIVERY_DATE}
          allowDeselect={false}
          popoverProps={{ withinPortal: true }}
        />
      </DatesProvider>

      <EstimatedTotal items={items} />

      {failure && (
        <Alert color="red" variant="light" role="alert" title={t('cart.failedTitle')}>
          {failure}
        </Alert>
      )}

      <Group grow>
        <Button variant="default" size="md" onClick={onBack} disabled={sending}>
          {t('cart.back')}
        </Button>
        <Button size="md" onClick={place} disabled={sending}>
          {sending ? t('cart.placing') : t('cart.placeOrder')}
        </Button>
      </Group>
    </Stack>
  );
}
