import { Button, Card, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfficeOrderOut } from '../../../../../shared/schemas/doorstep';
import { Money } from '../../../components/Money';
import { showDate } from '../../../dates';
import { OfficeOrderDetail } from './OfficeOrderDetail';
import { OrderActions } from './OrderActions';
import { OrderFlags, StatusBadge } from './shared';

/**
 * The admin order card (spec §2): delivery date, customer username, 'Dispatched' or 'Pending',
 * 'View Order' opening the printable 'Order Detail' popup; plus the order number and total.
 */
export function OfficeOrderCard({
  order,
  allowDispatch,
  selected,
  onSelect,
  onGone,
}: {
  order: OfficeOrderOut;
  allowDispatch: boolean;
  selected?: boolean;
  /** Given when the card can be picked for dispatching many at once. */
  onSelect?: (on: boolean) => void;
  /** After the order was dispatched or deleted from its popup: the card is about to leave. */
  onGone?: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Card withBorder radius="md" padding="md" data-testid="order-card">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            {onSelect && (
              <Checkbox
                checked={!!selected}
                // A held order waits for its release before it can be dispatched.
                disabled={order.onHold}
                onChange={(e) => onSelect(e.currentTarget.checked)}
                aria-label={t('webOrders.selectOrder', { number: order.orderNumber })}
              />
            )}
            <Text fw={700}>#{order.orderNumber}</Text>
          </Group>
          <StatusBadge isDelivered={order.isDelivered} />
        </Group>
        <Text size="sm">
          {t('orders.deliveryDate')}: <b>{showDate(order.deliveryDate)}</b>
        </Text>
        <Text size="sm">
          {order.user.username} · {order.user.restaurantName || t('orders.deletedRestaurant')}
        </Text>
        <Text size="sm" c="dimmed">
          {order.user.route?.name ?? '-'}
        </Text>
        <OrderFlags order={order} />
        <Group justify="space-between" mt={4}>
          <Money amount={order.totalPrice} fw={600} />
          <Button
            size="xs"
            variant="light"
            onClick={() => setOpen(true)}
            data-view-order
            // Ten cards say 'View Order': the name says which order.
            aria-label={t('webOrders.viewOrderOf', {
              number: order.orderNumber,
              name: order.user.restaurantName || t('orders.deletedRestaurant'),
            })}
          >
            {t('webOrders.viewOrder')}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('nav.orderDetail')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack>
          <OfficeOrderDetail order={order} />
          <OrderActions
            order={order}
            allowDispatch={allowDispatch}
            inModal
            onGone={() => {
              setOpen(false);
              onGone?.();
            }}
          />
        </Stack>
      </Modal>
    </Card>
  );
}
