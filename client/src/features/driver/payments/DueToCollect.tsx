import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../shared/format';
import { trpc } from '../../../trpc';

/**
 * For the driver's job card: "collect before unloading" with the amount due, when the
 * customer's account is overdue by more than two months. Pass every customer id on the screen
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
      {t('money.collectBeforeUnloading', { amount: formatYen(row.totalDues) })}
    </Alert>
  );
}
