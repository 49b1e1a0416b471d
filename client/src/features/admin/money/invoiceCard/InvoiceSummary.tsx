import { Badge, Group, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../../shared/format';
import type { InvoiceOut } from '../../../../../../shared/schemas/invoices';
import { showDate, showInstantDate } from '../../../../dates';
import { StatusChip } from './StatusChip';

// What the card always shows, folded or not: whose invoice, its state and what is owed.

export function InvoiceSummary({ invoice, name }: { invoice: InvoiceOut; name: string }) {
  const { t } = useTranslation();
  const cancelled = invoice.cancelled ?? null;
  const fee = invoice.payments
    .filter((p) => p.kind === 'bank_fee')
    .reduce((sum, p) => sum + p.amount, 0);
  const c = invoice.customer;
  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Group gap={6}>
            <Badge variant="outline" color="gray.8">
              {c?.customerCode ?? invoice.deletedCustomer?.customerCode ?? t('money.unknown')}
            </Badge>
            {invoice.number && (
              <Badge variant="outline" color="gray.8">
                {invoice.number}
              </Badge>
            )}
            {invoice.overdue ? (
              <Badge color="red.9" variant="filled">
                {t('money.overdueFlag')}
              </Badge>
            ) : (
              // Late at all is a warning: the red flag is kept for the credit hold (DESIGN §6).
              invoice.pastDue && (
                <Badge color="orange" variant="light" data-testid="invoice-past-due">
                  {t('money.pastDueFlag')}
                </Badge>
              )
            )}
          </Group>
          <Text fw={700} mt={4} component="h2" size="md" m={0}>
            {name}
          </Text>
          {!c && invoice.deletedCustomer && (
            <Text size="xs" c="gray.7">
              {t('money.formerCustomer', {
                name: invoice.deletedCustomer.restaurantName,
                code: invoice.deletedCustomer.customerCode,
              })}
            </Text>
          )}
          <Text size="sm" c="gray.7">
            {invoice.dueDate
              ? t('money.due', { date: showDate(invoice.dueDate) })
              : t('money.noDueDate')}
          </Text>
        </div>
        {cancelled ? (
          <Badge color="red.9" variant="filled" data-testid="invoice-cancelled">
            {t('money.cancel.flag')}
          </Badge>
        ) : (
          <StatusChip status={invoice.status} />
        )}
      </Group>
      {cancelled && (
        <Text size="sm" mt="xs" c="red.9" data-testid="invoice-cancel-reason">
          {t('money.cancel.line', {
            // The business's date of the instant (00:00–09:00 JST is still the day before in UTC).
            date: showInstantDate(cancelled.at),
            by: cancelled.by,
            reason: cancelled.reason,
          })}
        </Text>
      )}

      <SimpleGrid cols={3} mt="sm" spacing="xs">
        <Amount label={t('money.amount')} value={invoice.amount} />
        {/* Money received; a bank fee written off (ADR 069) settles but was not received. */}
        <Amount label={t('money.paid')} value={invoice.paidAmount - fee} />
        {/* A cancelled invoice is not owed (ADR 034): its balance is not shown as unpaid. */}
        {cancelled ? (
          <Amount label={t('money.cancel.notOwed')} value={0} testId="invoice-not-owed" />
        ) : (
          <Amount label={t('money.pending')} value={invoice.pendingAmount} strong />
        )}
      </SimpleGrid>
      {fee > 0 && (
        <Text size="sm" mt={4} c="dimmed" data-testid="invoice-bank-fee">
          {t('money.bankFee.deducted', { amount: formatYen(fee) })}
        </Text>
      )}
      {invoice.note && (
        <Text size="sm" mt="xs">
          {invoice.note}
        </Text>
      )}
    </>
  );
}

function Amount({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: number;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div data-testid={testId}>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text fw={strong ? 700 : 500}>{formatYen(value)}</Text>
    </div>
  );
}
