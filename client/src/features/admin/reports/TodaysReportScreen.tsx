import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { DateField } from '../../../components/dates/DateField';
import { FetchFailed, Loading } from '../../../components/LoadState';
import { businessToday, showInstantTime } from '../../../dates';
import { trpc } from '../../../trpc';
import { adminCrumbs } from '../orders/shared';

/** /admin/reports/todays: delivered jobs of a day grouped by driver, with a chart. */
export function TodaysReportScreen() {
  const { t } = useTranslation();
  const calendar = trpc.settings.deliveryCalendar.useQuery();
  const [picked, setPicked] = useState('');
  const date = picked || calendar.data?.today || businessToday();
  const report = trpc.reports.deliveries.useQuery({ date }, { refetchInterval: 60_000 });
  const unknown = t('orderTrack.unknown');
  const chart = (report.data?.orderTrack ?? []).map((g) => ({
    driver: g.deliveredBy?.username ?? unknown,
    count: g.count,
  }));

  return (
    <>
      <Breadcrumbs
        items={adminCrumbs(t, t('nav.todaysDeliveries'), [
          { label: t('nav.reports'), link: '/admin/reports' },
        ])}
      />
      <Group justify="space-between" align="flex-end" mb="md" wrap="wrap">
        <Title order={1} size="h3">
          {t('nav.todaysDeliveries')}
        </Title>
        <DateField label={t('reports.date')} value={date} onChange={setPicked} w={180} />
      </Group>
      {report.isError ? (
        <FetchFailed onRetry={() => void report.refetch()} />
      ) : !report.data ? (
        <Loading />
      ) : (
        <Stack gap="lg">
          <Text fw={700} size="lg" data-testid="total-orders">
            {t('reports.totalOrders', { count: report.data.totalOrders })}
          </Text>
          {chart.length > 0 && (
            <Paper withBorder p="md">
              <Title order={2} size="h5" mb="sm">
                {t('reports.perDriver')}
              </Title>
              <BarChart
                h={Math.max(160, chart.length * 48)}
                data={chart}
                dataKey="driver"
                orientation="vertical"
                yAxisProps={{ width: 90 }}
                xAxisProps={{ allowDecimals: false }}
                series={[{ name: 'count', label: t('reports.deliveries'), color: 'green.6' }]}
                withBarValueLabel
              />
            </Paper>
          )}
          {report.data.orderTrack.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {t('orders.none')}
            </Text>
          ) : (
            report.data.orderTrack.map((g) => (
              <Paper key={g._id ?? 'unknown'} withBorder p="md">
                <Group mb="xs">
                  <Title order={2} size="h5">
                    {g.deliveredBy?.username ?? unknown}
                  </Title>
                  <Badge>{t('reports.count', { count: g.count })}</Badge>
                </Group>
                <Table striped fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('orderTrack.restaurant')}</Table.Th>
                      <Table.Th>{t('reports.paymentMethod')}</Table.Th>
                      <Table.Th>{t('orderTrack.deliveredAt')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {g.orders.map((o) => (
                      <Table.Tr key={o._id}>
                        <Table.Td>{o.restaurantName || t('orderTrack.deletedRestaurant')}</Table.Td>
                        <Table.Td>
                          {o.paymentMethod === 'monthly'
                            ? t('orderTrack.monthly')
                            : o.paymentMethod === 'cash'
                              ? t('orderTrack.cash')
                              : unknown}
                        </Table.Td>
                        <Table.Td>{showInstantTime(o.deliveredAt)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Paper>
            ))
          )}
        </Stack>
      )}
    </>
  );
}
