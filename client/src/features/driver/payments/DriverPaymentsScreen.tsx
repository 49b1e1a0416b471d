import { Alert, Button, Group, List, Text, Title } from '@mantine/core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatYen } from '../../../../../shared/format';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { showInstant } from '../../../dates';
import { trpc } from '../../../trpc';
import { INVOICE_QUERY } from '../../admin/money/api';
import { InvoiceCards, InvoicesFailed, Loading } from '../../admin/money/InvoiceList';
import { useAuth } from '../../auth/AuthContext';
import { useDriverSync } from '../deliveries/useDriverSync';
import {
  type CachedInvoices,
  loadInvoices,
  queuedPayments,
  saveInvoices,
  subscribePayments,
} from './outbox';

/**
 * /driver/payments 'PAYMENTS': the invoices assigned to this driver (spec §2). Without signal
 * it shows the list from the last visit (kept on the phone) and payments taken then wait in the
 * phone's queue with the time they were taken (ADR 023, ADR 038).
 */
export function DriverPaymentsScreen() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const driverId = user?._id ?? '';
  useDriverSync();
  const query = trpc.invoices.mine.useQuery(undefined, {
    ...INVOICE_QUERY,
    // Without signal, no retries: the kept list shows at once.
    retry: (count) => navigator.onLine && count < INVOICE_QUERY.retry,
  });
  type Mine = NonNullable<typeof query.data>;
  const [cached, setCached] = useState<CachedInvoices<Mine> | null>(null);
  const waiting = useSyncExternalStore(subscribePayments, queuedPayments, queuedPayments);
  const utils = trpc.useUtils();
  const refresh = () => {
    void utils.invoices.mine.invalidate();
    void utils.handovers.invalidate();
  };
  useEffect(() => {
    if (!driverId) return;
    void loadInvoices<Mine>(driverId).then((c) => setCached((now) => now ?? c ?? null));
  }, [driverId]);
  useEffect(() => {
    if (!query.data || !driverId) return;
    const syncedAt = new Date(query.dataUpdatedAt).toISOString();
    setCached({ data: query.data, syncedAt });
    void saveInvoices(driverId, query.data, syncedAt);
  }, [query.data, query.dataUpdatedAt, driverId]);

  const data = query.data ?? (query.isError || !navigator.onLine ? cached?.data : undefined);
  const fromPhone = !query.data && !!data && !!cached;
  return (
    <>
      <Breadcrumbs
        items={[
          { label: t('nav.home'), link: '/driver' },
          { label: t('money.crumbCustomers') },
          { label: t('money.crumbMonthly') },
          { label: t('money.crumbInvoices') },
        ]}
      />
      <Group justify="space-between" mb="md">
        <div>
          <Title order={1} size="h2">
            {t('money.paymentsTitle')}
          </Title>
          {data && (
            <Text c="gray.7" size="sm">
              {t('money.invoicesCount', { count: data.invoices.length })} ·{' '}
              {formatYen(data.totalDues)}
            </Text>
          )}
        </div>
        <Button component={Link} to="/driver/payments/handover" variant="light">
          {t('money.myHandover')}
        </Button>
      </Group>
      {waiting.length > 0 && (
        <Alert
          color="orange"
          variant="light"
          mb="sm"
          role="status"
          title={t('money.paymentsWaiting', { count: waiting.length })}
        >
          <List size="sm" data-testid="payments-waiting">
            {waiting.map((p) => (
              <List.Item key={p.key}>
                {p.restaurantName} · {formatYen(p.amount)} · {showInstant(p.takenAt)}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {fromPhone && cached && (
        <Alert color="gray" variant="light" mb="sm" role="status">
          {t('money.invoicesOffline', { time: showInstant(cached.syncedAt) })}
        </Alert>
      )}
      {data ? (
        <InvoiceCards invoices={data.invoices} staff={false} emptyType="" onChanged={refresh} />
      ) : query.isError ? (
        <InvoicesFailed onRetry={() => void query.refetch()} />
      ) : (
        <Loading />
      )}
    </>
  );
}
