import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Customers see Pending until the order is dispatched, then Accepted (spec §4 Order); an order
 * placed on credit hold says it waits for the office's review until the office releases it.
 */
export function OrderStatusBadge({
  isDelivered,
  onHold = false,
}: {
  isDelivered: boolean;
  onHold?: boolean;
}) {
  const { t } = useTranslation();
  if (!isDelivered && onHold) {
    return (
      <Badge color="orange" variant="light" tt="none" size="md" data-testid="on-hold-badge">
        {t('orders.onHold')}
      </Badge>
    );
  }
  return (
    <Badge color={isDelivered ? 'green' : 'yellow'} variant="light" tt="none" size="md">
      {isDelivered ? t('orders.accepted') : t('orders.pending')}
    </Badge>
  );
}
