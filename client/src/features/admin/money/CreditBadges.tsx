import { Badge, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../shared/format';
import { notifyError, notifySuccess } from '../../../components/notify';
import { trpc } from '../../../trpc';
import { WholeBadge } from '../WholeBadge';
import { moneyErrorText } from './api';

// Pieces the office's other screens (customer card, web orders) show beside a customer or an
// order: the overdue flag (spec §9) and credit hold's "On hold" with its Release action.

/** 'Overdue over 2 months' when the customer has such an invoice; nothing otherwise. */
export function OverdueBadge({ customerId }: { customerId: string | null | undefined }) {
  const { t } = useTranslation();
  // One shared list for every badge on the screen, fresh for 5 minutes.
  const overdue = trpc.invoices.overdueCustomers.useQuery(undefined, { staleTime: 5 * 60_000 });
  const row = overdue.data?.find((c) => c.customerId === customerId);
  if (!row) return null;
  return (
    <WholeBadge wrap color="red.9" title={formatYen(row.overdueAmount)}>
      {t('money.overdueFlag')}
    </WholeBadge>
  );
}

/** 'On hold' with a Release button for a web order held by credit hold. */
export function HeldOrderBadge({ orderId, onHold }: { orderId: string; onHold: boolean }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const release = trpc.orders.release.useMutation({
    onSuccess: () => {
      notifySuccess(t('money.released'));
      void utils.orders.invalidate();
      void utils.credit.held.invalidate();
    },
    onError: (err) => notifyError(moneyErrorText(t, err, 'errors.common.mutationFailed')),
  });
  if (!onHold) return null;
  return (
    <Group gap={6} wrap="nowrap">
      <Badge color="#a8380b">{t('money.onHold')}</Badge>
      <Button
        size="compact-xs"
        variant="light"
        loading={release.isPending}
        onClick={() => release.mutate({ id: orderId })}
      >
        {t('money.release')}
      </Button>
    </Group>
  );
}
