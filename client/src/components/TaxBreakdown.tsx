import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RateTotal } from '../../../shared/tax';
import { Money } from './Money';

// Totals as a qualified invoice shows them (DESIGN §7): per rate the subtotal and its tax, then
// the total; items at the reduced rate carry ※, explained by the legend under the totals.

/** The mark of a reduced-rate (8%) item. */
export const REDUCED_MARK = '※';

export function reducedMark(rate: number): string {
  return rate === 8 ? ` ${REDUCED_MARK}` : '';
}

export function TaxBreakdown({
  rows,
  total,
  totalLabel,
  testId,
}: {
  rows: RateTotal[];
  total: number;
  totalLabel?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      {rows.map((r) => (
        <Stack gap={0} key={r.rate} data-testid={`tax-rate-${r.rate}`}>
          <Group justify="space-between">
            <Text size="sm">
              {t('orders.taxSubtotal', { rate: r.rate })}
              {reducedMark(r.rate)}
            </Text>
            <Money amount={r.net} size="sm" />
          </Group>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('orders.taxAmount', { rate: r.rate })}
            </Text>
            <Money amount={r.tax} size="sm" c="dimmed" />
          </Group>
        </Stack>
      ))}
      <Group justify="space-between">
        <Text fw={600}>{totalLabel ?? t('orders.totalWithTax')}</Text>
        <Money amount={total} fw={700} size="lg" data-testid={testId ?? 'order-total'} />
      </Group>
      {rows.some((r) => r.rate === 8) && (
        <Text size="xs" c="dimmed">
          {t('orders.reducedLegend')}
        </Text>
      )}
    </Stack>
  );
}
