import { Table, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderOut } from '../../../shared/schemas/orders';
import { rateRows } from '../../../shared/tax-columns';
import { dynamicT } from '../i18n';
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

type OrderLine = OrderOut['orderItems'][number];

/**
 * What a line was handed over as: the delivered quantity when the driver recorded one (short,
 * refused, damaged, substituted), else as ordered. A delivered order's totals follow it.
 */
export const deliveredQuantityOf = (line: OrderLine): number =>
  line.deliveredQuantity ?? line.quantity;

/**
 * The line's note once delivered otherwise than ordered: "8 of 10 delivered — short", or for
 * goods handed over instead of another line "substitute for Rice" (the slip's words, ADR 050).
 */
function deliveredNote(
  t: TFunction,
  line: OrderLine,
  lines: readonly OrderLine[],
  language: string | undefined,
): string | null {
  if (line.substituteFor) {
    const replaced = lines.find((l) => l._id === line.substituteFor);
    return replaced ? t('documents.substituteFor', { name: localName(replaced, language) }) : null;
  }
  const delivered = deliveredQuantityOf(line);
  if (delivered === line.quantity) return null;
  const reason = line.shortReason ?? 'short';
  return t('orders.deliveredOf', {
    delivered,
    ordered: line.quantity,
    reason: dynamicT(t)(`documents.shortReason.${reason}`, { defaultValue: reason }),
  });
}

/**
 * The lines (serial, product, quantity with its unit, prices) and the total. A line delivered
 * otherwise than ordered shows what was delivered, why, and its amount, so the lines add up to
 * the subtotals per rate (which follow the delivery).
 */
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
            {order.orderItems.map((line, index) => {
              const delivered = deliveredQuantityOf(line);
              const note = deliveredNote(t, line, order.orderItems, i18n.resolvedLanguage);
              return (
                <Table.Tr key={line._id} data-testid="order-line">
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>
                    {localName(line, i18n.resolvedLanguage)}
                    {reducedMark(line.taxRate)}
                    {note && (
                      <Text size="xs" c="orange.9" fw={600} data-testid="delivered-note">
                        {note}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed" hiddenFrom="xs" aria-hidden="true">
                      @ <Money amount={line.price} />
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {`${delivered} ${unitLabel(t, line.sku)}`}
                    {delivered !== line.quantity && (
                      // The ordered quantity, struck through: the note above says it in words.
                      <Text size="xs" c="dimmed" td="line-through" aria-hidden="true">
                        {`${line.quantity} ${unitLabel(t, line.sku)}`}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" visibleFrom="xs">
                    <Money amount={line.price} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amount={line.price * delivered} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <TaxBreakdown rows={rateRows(order)} total={order.totalPrice} />
    </>
  );
}
