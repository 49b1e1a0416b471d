import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { shownPhone } from '../../../../../shared/phone';
import type { OfficeOrderOut } from '../../../../../shared/schemas/doorstep';
import { DetailField, OrderLinesTable } from '../../../components/OrderDetailParts';
import { showDate } from '../../../dates';
import { OrderFlags, StatusBadge } from './shared';

/** The office's order detail: the customer's phone, billing code and route, then the lines. */
export function OfficeOrderDetail({ order }: { order: OfficeOrderOut }) {
  const { t } = useTranslation();
  const restaurant =
    order.user.restaurantName || order.customer?.restaurantName || t('orders.deletedRestaurant');
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
        <DetailField label={t('webOrders.orderNumberLabel')}>#{order.orderNumber}</DetailField>
        <DetailField label={t('orders.deliveryDate')}>{showDate(order.deliveryDate)}</DetailField>
        <DetailField label={t('orders.status')}>
          <StatusBadge isDelivered={order.isDelivered} />
        </DetailField>
        <DetailField label={t('orders.restaurant')}>{restaurant}</DetailField>
        <DetailField label={t('webOrders.username')}>{order.user.username}</DetailField>
        {order.placedBy && (
          <DetailField label={t('people.placedBy')}>
            <Text span size="sm" data-testid="placed-by">
              {order.placedBy}
            </Text>
          </DetailField>
        )}
        <DetailField label={t('webOrders.phone')}>
          {shownPhone(order.user.phoneNumber) || '-'}
        </DetailField>
        <DetailField label={t('webOrders.billingCode')}>
          {order.user.customerCode || t('webOrders.unknown')}
        </DetailField>
        <DetailField label={t('webOrders.route')}>{order.user.route?.name ?? '-'}</DetailField>
        {order.isDelivered && (
          <DetailField label={t('webOrders.deliveredBy')}>
            {order.deliveredBy ?? t('webOrders.unknown')}
          </DetailField>
        )}
      </SimpleGrid>
      <OrderFlags order={order} />
      {order.customMessage && (
        <DetailField label={t('orders.message')}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {order.customMessage}
          </Text>
        </DetailField>
      )}
      <OrderLinesTable order={order} />
    </Stack>
  );
}
