import { Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { displayPhone, toPickerDate } from '../../../../../shared/format';
import type { OfficeOrderOut } from '../../../../../shared/schemas/doorstep';
import { Money } from '../../../components/Money';
import { OrderFlags, StatusBadge } from './shared';

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

/** The office's order detail: the customer's phone, billing code and route, then the lines. */
export function OfficeOrderDetail({ order }: { order: OfficeOrderOut }) {
  const { t } = useTranslation();
  const restaurant =
    order.user.restaurantName || order.customer?.restaurantName || t('orders.deletedRestaurant');
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
        <Field label={t('webOrders.orderNumberLabel')}>#{order.orderNumber}</Field>
        <Field label={t('orders.deliveryDate')}>{toPickerDate(order.deliveryDate)}</Field>
        <Field label={t('orders.status')}>
          <StatusBadge isDelivered={order.isDelivered} />
        </Field>
        <Field label={t('orders.restaurant')}>{restaurant}</Field>
        <Field label={t('webOrders.username')}>{order.user.username}</Field>
        <Field label={t('webOrders.phone')}>{displayPhone(order.user.phoneNumber) || '-'}</Field>
        <Field label={t('webOrders.billingCode')}>
          {order.user.customerCode || t('webOrders.unknown')}
        </Field>
        <Field label={t('webOrders.route')}>{order.user.route?.name ?? '-'}</Field>
        {order.isDelivered && (
          <Field label={t('webOrders.deliveredBy')}>
            {order.deliveredBy ?? t('webOrders.unknown')}
          </Field>
        )}
      </SimpleGrid>
      <OrderFlags order={order} />
      {order.customMessage && (
        <Field label={t('orders.message')}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {order.customMessage}
          </Text>
        </Field>
      )}
      <Table.ScrollContainer minWidth={320}>
        <Table striped withTableBorder fz="sm" horizontalSpacing={6} verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>{t('orders.serial')}</Table.Th>
              <Table.Th>{t('orders.product')}</Table.Th>
              <Table.Th ta="right">{t('orders.quantity')}</Table.Th>
              <Table.Th ta="right">{t('orders.unitPrice')}</Table.Th>
              <Table.Th ta="right">{t('orders.lineTotal')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.orderItems.map((line, index) => (
              <Table.Tr key={line._id}>
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td>{line.name}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {`${line.quantity} ${line.sku}`}
                </Table.Td>
                <Table.Td ta="right">
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
