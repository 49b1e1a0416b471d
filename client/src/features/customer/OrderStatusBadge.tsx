import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Customers see Pending until the order is dispatched, then Accepted (spec §4 Order). */
export function OrderStatusBadge({ isDelivered }: { isDelivered: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={isDelivered ? 'green' : 'yellow'} variant="light" tt="none" size="md">
      {isDelivered ? t('orders.accepted') : t('orders.pending')}
    </Badge>
  );
}
