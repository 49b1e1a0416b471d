import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatOrderNumber, formatYen } from '../../../../../shared/format';
import { localName } from '../../../components/localName';
import { showDate, showInstant } from '../../../dates';
import { trpc } from '../../../trpc';

/** How many days back the server lists cancelled orders (server/orders/cancelled-orders.ts). */
const DAYS = 60;

/**
 * The history's cancelled orders (ADR 043, amended): a cancelled order is removed, so it is not
 * among the orders above; the trail keeps it, and here it is shown, marked cancelled, with who
 * cancelled it and when.
 */
export function CancelledOrders() {
  const { t, i18n } = useTranslation();
  const cancelled = trpc.orders.cancelledMine.useQuery(undefined, { staleTime: 30_000 });
  const list = cancelled.data ?? [];
  if (list.length === 0) return null;
  return (
    <Stack gap="xs" mt="xl" component="section" aria-label={t('orders.cancelledTitle')}>
      <Title order={2} size="h4">
        {t('orders.cancelledTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('orders.cancelledHint', { days: DAYS })}
      </Text>
      {list.map((o) => (
        <Paper key={o.id} withBorder radius="md" p="sm" data-testid="cancelled-order">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="nowrap">
              <Text fw={700}>{formatOrderNumber(o.orderNumber)}</Text>
              <Badge color="red" variant="light" tt="none" size="md">
                {t('orders.cancelledBadge')}
              </Badge>
            </Group>
            <Text c="dimmed" td="line-through">
              {formatYen(o.total)}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {t(o.by === 'customer' ? 'orders.cancelledByYou' : 'orders.cancelledByOffice', {
              date: showDate(o.deliveryDate),
              when: showInstant(o.cancelledAt),
            })}
          </Text>
          {o.lines.length > 0 && (
            <Text size="sm">
              {o.lines.map((l) => `${localName(l, i18n.language)} × ${l.quantity}`).join(', ')}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
