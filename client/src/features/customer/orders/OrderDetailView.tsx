import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatOrderNumber } from '../../../../../shared/format';
import type { OrderOut } from '../../../../../shared/schemas/orders';
import { DetailField, OrderLinesTable } from '../../../components/OrderDetailParts';
import { showDate } from '../../../dates';
import { OrderStatusBadge } from './OrderStatusBadge';
import { useOrderDate } from './useOrderDate';

/** An order as its customer sees it: restaurant, delivery date, message, lines, total. */
export function OrderDetailView({ order }: { order: OrderOut }) {
  const { t } = useTranslation();
  const orderDate = useOrderDate();
  const restaurant =
    order.user.restaurantName || order.customer?.restaurantName || t('orders.deletedRestaurant');
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2 }} spacing="sm" verticalSpacing="xs">
        <DetailField label={t('buyer.number')}>
          <Text span fw={700} data-testid="order-number">
            {formatOrderNumber(order.orderNumber)}
          </Text>
        </DetailField>
        <DetailField label={t('buyer.orderDate')}>{orderDate(order.createdAt)}</DetailField>
        <DetailField label={t('orders.restaurant')}>{restaurant}</DetailField>
        <DetailField label={t('orders.deliveryDate')}>{showDate(order.deliveryDate)}</DetailField>
        {order.placedBy && (
          <DetailField label={t('people.placedBy')}>
            <Text span size="sm" data-testid="placed-by">
              {order.placedBy}
            </Text>
          </DetailField>
        )}
        <DetailField label={t('orders.status')}>
          <OrderStatusBadge
            isDelivered={order.isDelivered}
            onHold={order.onHold}
            arrivedAt={order.arrivedAt}
          />
        </DetailField>
        <DetailField label={t('orders.message')}>
          {order.customMessage ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {order.customMessage}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {t('orders.noMessage')}
            </Text>
          )}
        </DetailField>
      </SimpleGrid>
      <OrderLinesTable order={order} />
    </Stack>
  );
}
