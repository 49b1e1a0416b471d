import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatYen } from '../../../../../shared/format';
import {
  AGING_BUCKETS,
  type AgingOut,
  type OverdueCustomerOut,
} from '../../../../../shared/schemas/invoices';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { DataTable } from '../../../components/DataTable';
import { Loading } from '../../../components/LoadState';
import { showDate } from '../../../dates';
import { trpc } from '../../../trpc';
import { INVOICE_QUERY } from './api';
import { HeldOrderBadge } from './CreditBadges';
import { adminCrumbs, reportsCrumb } from './crumbs';
import { InvoicesFailed } from './InvoiceList';

/**
 * Unpaid invoices by age: the aging report with its chart (every customer with money pending,
 * current included), the customers more than 60 days overdue (the same invoices as the 61-90 and
 * over-90 columns), held orders.
 */
export function AgingScreen() {
  const { t } = useTranslation();
  const aging = trpc.invoices.aging.useQuery(undefined, INVOICE_QUERY);
  const overdue = trpc.invoices.overdueCustomers.useQuery(undefined, INVOICE_QUERY);
  const held = trpc.credit.held.useQuery();
  const money = (v: number) => formatYen(v);
  type Row = AgingOut['customers'][number];
  return (
    <>
      <Breadcrumbs items={adminCrumbs(t, t('money.aging'), [reportsCrumb(t)])} />
      <Title order={1} size="h2" mb="md">
        {t('money.aging')}
      </Title>
      {aging.isPending ? (
        <Loading />
      ) : aging.isError ? (
        <InvoicesFailed onRetry={() => void aging.refetch()} />
      ) : (
        <Stack>
          <Paper withBorder p="md" radius="md">
            <Text fw={600}>{t('money.agingChart')}</Text>
            <Text size="sm" c="gray.7" mb="sm">
              {t('money.total')}: {money(aging.data.totals.total)}
            </Text>
            <BarChart
              h={220}
              data={AGING_BUCKETS.map((b) => ({
                bucket: t(`money.buckets.${b}`),
                amount: aging.data.totals[b],
              }))}
              dataKey="bucket"
              series={[{ name: 'amount', label: t('money.pending'), color: 'red.6' }]}
              valueFormatter={money}
            />
          </Paper>
          <DataTable<Row>
            records={aging.data.customers}
            idAccessor={(r) => r.customerId ?? 'none'}
            maxHeight={480}
            columns={[
              { accessor: 'customerCode', title: t('money.customerCode') },
              { accessor: 'restaurantName', title: t('money.restaurant') },
              ...AGING_BUCKETS.map((b) => ({
                accessor: b,
                title: t(`money.buckets.${b}`),
                textAlign: 'right' as const,
                render: (r: Row) => money(r[b]),
              })),
              {
                accessor: 'total',
                title: t('money.total'),
                textAlign: 'right',
                render: (r) => <strong>{money(r.total)}</strong>,
              },
            ]}
          />
          <div>
            <Title order={2} size="h4">
              {t('money.overdueCustomers')}
            </Title>
            <Text size="sm" c="gray.7">
              {t('money.overdueCustomersHint')}
            </Text>
          </div>
          <DataTable<OverdueCustomerOut>
            records={overdue.data ?? []}
            fetching={overdue.isPending}
            idAccessor="customerId"
            noRecordsText={t('money.noOverdue')}
            columns={[
              { accessor: 'customerCode', title: t('money.customerCode') },
              { accessor: 'restaurantName', title: t('money.restaurant') },
              {
                accessor: 'oldestDueDate',
                title: t('money.dueDate'),
                render: (r) => showDate(r.oldestDueDate ?? ''),
              },
              {
                accessor: 'overdueAmount',
                title: t('money.overdueFlag'),
                textAlign: 'right',
                render: (r) => money(r.overdueAmount),
              },
              {
                accessor: 'open',
                title: t('money.actions'),
                render: (r) => (
                  <Button
                    size="compact-xs"
                    variant="light"
                    component={Link}
                    to={`/admin/invoice/bycustomer/${r.customerId}`}
                  >
                    {money(r.totalDues)}
                  </Button>
                ),
              },
            ]}
          />
          <Title order={2} size="h4">
            {t('money.heldOrders')}
          </Title>
          <DataTable
            records={held.data ?? []}
            fetching={held.isPending}
            idAccessor="_id"
            noRecordsText={t('money.noHeld')}
            columns={[
              {
                accessor: 'orderNumber',
                title: t('money.orderNumber'),
                render: (r) => `#${r.orderNumber}`,
              },
              { accessor: 'restaurantName', title: t('money.restaurant') },
              {
                accessor: 'deliveryDate',
                title: t('money.deliveryDate'),
                render: (r) => showDate(r.deliveryDate ?? ''),
              },
              {
                accessor: 'totalPrice',
                title: t('money.amount'),
                textAlign: 'right',
                render: (r) => money(r.totalPrice),
              },
              {
                accessor: 'release',
                title: t('money.actions'),
                render: (r) => <HeldOrderBadge orderId={r._id} onHold />,
              },
            ]}
          />
        </Stack>
      )}
    </>
  );
}
