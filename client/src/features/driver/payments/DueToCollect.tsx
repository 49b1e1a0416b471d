import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../shared/format';
import { trpc } from '../../../trpc';

/**
 * For the driver's job card: "collect before unloading" with the overdue amount (invoices more
 * than two months past due), when there is one. Not every due: money not yet late (today's cash
 * delivery, this month's invoice) is not asked for at the door. Only what this driver can record
 * on his Payments screen is asked for; overdue invoices another collector or the office holds
 * are said on a line of their own, not asked for (ADR 079). The server splits the amounts.
 * Pass every customer id on the screen to `useDues` once, then render one per card.
 */
export function useDues(customerIds: string[]) {
  return trpc.invoices.duesForCustomers.useQuery(
    { customerIds },
    { enabled: customerIds.length > 0, staleTime: 5 * 60_000 },
  );
}

export function CollectBeforeUnloading({
  customerId,
  dues,
}: {
  customerId: string | null | undefined;
  dues: ReturnType<typeof useDues>['data'];
}) {
  const { t } = useTranslation();
  const row = dues?.find((d) => d.customerId === customerId);
  if (!row?.overdue) return null;
  const toCollect = row.overdueToCollect > 0;
  const heldElsewhere = (heldBy: string | null, amount: number) => {
    const vars = { amount: formatYen(amount), name: heldBy ?? '' };
    if (toCollect) {
      return heldBy ? t('money.alsoOverdueHeldBy', vars) : t('money.alsoOverdueHeldByOffice', vars);
    }
    return heldBy ? t('money.overdueHeldBy', vars) : t('money.overdueHeldByOffice', vars);
  };
  return (
    <Alert color={toCollect ? 'red' : 'orange'} variant="light" p="xs">
      <Stack gap={4}>
        {toCollect && (
          <Text size="sm" fw={600}>
            {t('money.collectBeforeUnloading', { amount: formatYen(row.overdueToCollect) })}
          </Text>
        )}
        {row.overdueHeldElsewhere.map((h) => (
          <Text size="sm" key={h.heldBy ?? ''} data-testid="job-overdue-held-elsewhere">
            {heldElsewhere(h.heldBy, h.amount)}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
