import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../shared/format';
import type { InvoiceOut } from '../../../../../shared/schemas/invoices';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { DataTable } from '../../../components/DataTable';
import { westernDigitsTyped } from '../../../components/westernDigitsTyped';
import { businessToday, showDate } from '../../../dates';
import { trpc } from '../../../trpc';
import { INVOICE_QUERY } from '../money/api';
import { adminCrumbs, reportsCrumb } from '../money/crumbs';
import { InvoicesFailed } from '../money/InvoiceList';

/** /admin/reports/payment: the projected collection of a payment day, and the next 31 days. */
export function PaymentReportScreen() {
  const { t } = useTranslation();
  const [day, setDay] = useState<number | string>(Number(businessToday().slice(8)));
  const valid = typeof day === 'number' && day >= 1 && day <= 31;
  const query = trpc.invoices.byDate.useQuery(
    { paymentDate: String(day) },
    { ...INVOICE_QUERY, enabled: valid },
  );
  const forecast = trpc.invoices.forecast.useQuery(undefined, INVOICE_QUERY);
  return (
    <>
      <Breadcrumbs items={adminCrumbs(t, t('nav.paymentCollection'), [reportsCrumb(t)])} />
      <Title order={1} size="h2" mb="md">
        {t('nav.paymentCollection')}
      </Title>
      <Stack>
        <Paper withBorder p="md" radius="md">
          <Text fw={600} mb="xs">
            {t('money.forecast')}
          </Text>
          {/* What the forecast counts, so its total is not read against the aging report's. */}
          <Text size="sm" c="dimmed" mb="xs" data-testid="forecast-hint">
            {t('money.forecastHint')}
          </Text>
          {forecast.data && (
            <>
              <Text size="sm" c="gray.7" mb="sm">
                {t('money.totalToCollect', { amount: formatYen(forecast.data.total) })}
              </Text>
              <BarChart
                h={220}
                data={forecast.data.days.map((d) => ({ date: showDate(d.date), amount: d.amount }))}
                dataKey="date"
                series={[{ name: 'amount', label: t('money.amount'), color: 'blue.6' }]}
                valueFormatter={(v) => formatYen(v)}
                tickLine="y"
              />
            </>
          )}
        </Paper>
        <NumberInput
          label={t('money.paymentDay')}
          value={day}
          onChange={setDay}
          onChangeCapture={westernDigitsTyped}
          min={1}
          max={31}
          allowDecimal={false}
          maw={200}
        />
        {query.isError ? (
          <InvoicesFailed onRetry={() => void query.refetch()} />
        ) : (
          <>
            {query.data && (
              <Text fw={700} size="lg">
                {t('money.totalToCollect', { amount: formatYen(query.data.totalAmountToCollect) })}
              </Text>
            )}
            <DataTable<InvoiceOut>
              records={query.data?.invoices ?? []}
              fetching={valid && query.isPending}
              idAccessor="_id"
              noRecordsText={t('money.noneToCollect')}
              columns={[
                {
                  accessor: 'code',
                  title: t('money.customerCode'),
                  render: (r) => r.customer?.customerCode ?? t('money.unknown'),
                },
                {
                  accessor: 'restaurant',
                  title: t('money.restaurant'),
                  render: (r) => r.customer?.restaurantName ?? t('money.deletedRestaurant'),
                },
                {
                  accessor: 'dueDate',
                  title: t('money.dueDate'),
                  render: (r) => showDate(r.dueDate ?? ''),
                },
                {
                  accessor: 'pendingAmount',
                  title: t('money.pending'),
                  textAlign: 'right',
                  render: (r) => formatYen(r.pendingAmount),
                },
              ]}
            />
          </>
        )}
      </Stack>
    </>
  );
}
