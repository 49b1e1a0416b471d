import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderOut } from '../../../shared/schemas/orders';
import { rateRows } from '../../../shared/tax-columns';
import { localName, unitLabel } from './localName';
import { Money } from './Money';
import { reducedMark, TaxBreakdown } from './TaxBreakdown';

// The parts of an order's detail that the customer's view and the office's view share.

/** A small caption over a value. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
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

/** The lines (serial, product, quantity with its unit, prices) and the estimated total. */
export function OrderLinesTable({
  order,
}: {
  order: Pick<OrderOut, 'orderItems' | 'totalPrice' | 'net8' | 'tax8' | 'net10' | 'tax10'>;
}) {
  const { t, i18n } = useTranslation();
  return (
    <>
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
                  {localName({ name: line.name, nameNe: line.nameNe }, i18n.resolvedLanguage)}
                  {reducedMark(line.taxRate)}
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
      <TaxBreakdown rows={rateRows(order)} total={order.totalPrice} />
    </>
  );
}
