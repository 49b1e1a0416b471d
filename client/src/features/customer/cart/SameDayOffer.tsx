// Offers to add the cart to the customer's changeable order for the same day, so that one
// delivery does not become two orders.
import { Alert, Button, Stack, Text } from '@mantine/core';
import type { inferRouterOutputs } from '@trpc/server';
import { useTranslation } from 'react-i18next';
import type { AppRouter } from '../../../../../server/router';
import { formatOrderNumber, formatYen } from '../../../../../shared/format';
import { showDate } from '../../../dates';

type SameDayOrder = NonNullable<inferRouterOutputs<AppRouter>['orders']['sameDay']['order']>;

interface SameDayOfferProps {
  order: SameDayOrder;
  /** Adding is on its way, or done (the screen is left right away). */
  adding: boolean;
  /** Place Order is on its way: the cart cannot go both ways. */
  placing: boolean;
  onAdd(): void;
}

export function SameDayOffer({ order, adding, placing, onAdd }: SameDayOfferProps) {
  const { t } = useTranslation();
  return (
    <Alert
      color="blue"
      variant="light"
      // An offer, not an error: said politely when the date brings it.
      role="status"
      data-testid="same-day"
      title={t('cart.sameDayTitle', { date: showDate(order.deliveryDate) })}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {t('cart.sameDayMessage', {
            orderNumber: formatOrderNumber(order.orderNumber),
            total: formatYen(order.totalPrice),
            time: order.cutoff,
            date: showDate(order.deliveryDate),
          })}
        </Text>
        <Button mih={44} onClick={onAdd} disabled={adding || placing}>
          {adding ? t('cart.addingToExisting') : t('cart.addToExisting')}
        </Button>
      </Stack>
    </Alert>
  );
}
