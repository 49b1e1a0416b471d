import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showInstant } from '../../../dates';

/**
 * Customers see Pending until the order is dispatched, then Accepted (spec §4 Order); an order
 * placed on credit hold says it waits for the office's review until the office releases it.
 * Accepted stays the word once the goods have arrived too (the spec's contract), so the time
 * they arrived follows it: without it a restaurant cannot tell a delivered order from one on the
 * van.
 */
export function OrderStatusBadge({
  isDelivered,
  onHold = false,
  arrivedAt,
}: {
  isDelivered: boolean;
  onHold?: boolean;
  /** When it reached the restaurant (business time zone); null or absent until then. */
  arrivedAt?: string | null;
}) {
  const { t } = useTranslation();
  if (!isDelivered && onHold) {
    return (
      <Badge color="orange" variant="light" tt="none" size="md" data-testid="on-hold-badge">
        {t('orders.onHold')}
      </Badge>
    );
  }
  const badge = (
    <Badge color={isDelivered ? 'green' : 'yellow'} variant="light" tt="none" size="md">
      {isDelivered ? t('orders.accepted') : t('orders.pending')}
    </Badge>
  );
  if (!isDelivered || !arrivedAt) return badge;
  return (
    <Group gap={6} wrap="wrap" component="span">
      {badge}
      <Text span size="sm" fw={600} c="green.9" data-testid="arrived-at">
        <span aria-hidden="true">· </span>
        {t('orders.arrived', { time: showInstant(arrivedAt) })}
      </Text>
    </Group>
  );
}
