import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../shared/format';
import { trpc } from '../../../trpc';

/**
 * For the driver's job card: "collect before unloading" with the overdue amount (invoices more
 * than two months past due), when there is one. Not every due: money not yet late (today's cash
 * delivery, this month's invoice) is not asked for at the door. Pass every customer id on the screen
 * to `useDues` once, then render one per card.
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
  return (
    <Alert color="red" variant="light" p="xs">
      {t('money.collectBeforeUnloading', { amount: formatYen(row.overdueAmount) })}
    </Alert>
  );
}
