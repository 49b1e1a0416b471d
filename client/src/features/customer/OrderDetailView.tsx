import { Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatOrderNumber, toPickerDate } from '../../../../shared/format';
import type { OrderOut } from '../../../../shared/schemas/orders';
import { unitLabel } from '../../components/localName';
import { Money } from '../../components/Money';
import { OrderStatusBadge } from './OrderStatusBadge';
import { useOrderDate } from './useOrderDate';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** An order as its customer sees it: restaurant, delivery date, message, lines, total. */
export function OrderDetailView({ order }: { order: OrderOut }) {
  const { t } = useTranslation();
  const orderDate = useOrderDate();
  const restaurant =
    order.user.restaurantName || order.customer?.restaurantName || t('orders.deletedRestaurant');
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2 }} spacing="sm" verticalSpacing="xs">
        <Field label={t('buyer.number')}>
          <Text span fw={700} data-testid="order-number">
            {formatOrderNumber(order.orderNumber)}
          </Text>
        </Field>
        <Field label={t('buyer.orderDate')}>{orderDate(order.createdAt)}</Field>
        <Field label={t('orders.restaurant')}>{restaurant}</Field>
        <Field label={t('orders.deliveryDate')}>{toPickerDate(order.deliveryDate)}</Field>
        <Field label={t('orders.status')}>
          <OrderStatusBadge isDelivered={order.isDelivered} />
        </Field>
        <Field label={t('orders.message')}>
          {order.customMessage ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {order.customMessage}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {t('orders.noMessage')}
            </Text>
          )}
        </Field>
      </SimpleGrid>
      {/* On a phone the unit price moves under the product name, so the table fits. */}
      <Table.ScrollContainer minWidth={300}>
        <Table striped withTableBorder fz="sm" horizontalSpacing={6} verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36}>{t('orders.serial')}</Table.Th>
              <Table.Th>{t('orders.product')}</Table.Th>
              <Table.Th ta="right">{t('orders.quantity')}</Table.Th>
              <Table.Th ta="right" visibleFrom="xs">
                {t('orders.unitPrice')}
              </Table.Th>
              <Table.Th ta="right">{t('orders.lineTotal')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.orderItems.map((line, index) => (
              <Table.Tr key={line._id}>
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td>
                  {line.name}
                  <Text size="xs" c="dimmed" hiddenFrom="xs" aria-hidden="true">
                    @ <Money amount={line.price} />
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {`${line.quantity} ${unitLabel(t, line.sku)}`}
                </Table.Td>
                <Table.Td ta="right" visibleFrom="xs">
                  <Money amount={line.price} />
                </Table.Td>
                <Table.Td ta="right">
                  <Money amount={line.total} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Text fw={600}>{t('orders.estimatedTotal')}</Text>
        <Money amount={order.totalPrice} fw={700} size="lg" />
      </Group>
    </Stack>
  );
}
