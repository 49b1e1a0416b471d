import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Anchor, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatYen } from '../../../../shared/format';
import { showDate } from '../../dates';
import { trpc } from '../../trpc';

/** The figures follow the day while the dashboard stays open. */
const POLL_MS = 60_000;

function Figure(props: { label: string; value: string; detail?: React.ReactNode; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={props.testId}>
      <Text size="sm" c="gray.7">
        {props.label}
      </Text>
      <Text fz={26} fw={700} lh={1.3}>
        {props.value}
      </Text>
      {props.detail && (
        <Text size="sm" c="gray.7" component="div">
          {props.detail}
        </Text>
      )}
    </Paper>
  );
}

type Dashboard = {
  days: { date: string; amount: number }[];
  deliveredDays: { date: string; amount: number }[];
};

/** The 30 days in one sentence, for a reader who cannot see the bars. */
function chartSummary(t: TFunction, d: Dashboard): string {
  const ordered = d.days.reduce((sum, x) => sum + x.amount, 0);
  const delivered = d.deliveredDays.reduce((sum, x) => sum + x.amount, 0);
  if (ordered === 0 && delivered === 0) return t('reports.dashboard.chartSummaryNone');
  const busiest = d.days.reduce<Dashboard['days'][number] | undefined>(
    (best, x) => (best && best.amount >= x.amount ? best : x),
    undefined,
  );
  return t('reports.dashboard.chartSummary', {
    ordered: formatYen(ordered),
    delivered: formatYen(delivered),
    day: showDate(busiest?.date ?? ''),
    amount: formatYen(busiest?.amount ?? 0),
  });
}

/** The owner's day (docs/decisions/039): today's figures and the last 30 days. */
export function OwnerDay() {
  const { t } = useTranslation();
  const day = trpc.reports.dashboard.useQuery(undefined, {
    refetchInterval: POLL_MS,
    staleTime: POLL_MS,
  });
  if (day.isError) {
    return (
      <Text c="red.8" mt="md" role="alert">
        {t('reports.dashboard.failed')}
      </Text>
    );
  }
  const d = day.data;
  if (!d) return null;
  const short = d.cashToday.collected - d.cashToday.handedOver;
  return (
    <Stack component="section" aria-labelledby="owner-day" gap="sm" mt="lg">
      <Title order={2} size="h3" id="owner-day">
        {t('reports.dashboard.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        <Figure
          testId="day-orders"
          label={t('reports.dashboard.ordersToday')}
          value={String(d.placedToday.count)}
          detail={
            <>
              {formatYen(d.placedToday.amount)}
              <br />
              {/* Orders placed last night for today are not today's orders, but they are the
                  morning's work: said beside the count so a 0 here is not read as "nothing to do". */}
              <Anchor component={Link} to="/admin/orders" size="sm" data-testid="day-waiting">
                {t('reports.dashboard.waitingWebOrders', { count: d.waitingWebOrders })}
              </Anchor>
            </>
          }
        />
        <Figure
          testId="day-deliveries"
          label={t('reports.dashboard.deliveredVsPending')}
          value={`${d.deliveriesToday.delivered} / ${d.deliveriesToday.delivered + d.deliveriesToday.pending}`}
          detail={
            <>
              {t('reports.dashboard.deliveredOfPending', {
                delivered: d.deliveriesToday.delivered,
                pending: d.deliveriesToday.pending,
              })}
              <br />
              {d.deliveriesToday.leftOver > 0 && (
                <>
                  <Text span c="orange.9" size="sm" data-testid="day-left-over">
                    {t('reports.dashboard.leftOver', { count: d.deliveriesToday.leftOver })}
                  </Text>
                  <br />
                </>
              )}
              {t('reports.dashboard.sales', {
                amount: formatYen(d.deliveriesToday.deliveredAmount),
              })}
            </>
          }
        />
        <Figure
          testId="day-cash"
          label={t('reports.dashboard.cash')}
          value={formatYen(d.cashToday.collected)}
          detail={
            <>
              {t('reports.dashboard.cashCollectedHanded', {
                collected: formatYen(d.cashToday.collected),
                handed: formatYen(d.cashToday.handedOver),
              })}
              {short > 0 && (
                <>
                  <br />
                  <Text span c="red.8" size="sm">
                    {t('reports.dashboard.cashShort', { amount: formatYen(short) })}
                  </Text>
                </>
              )}
            </>
          }
        />
        <Figure
          testId="day-overdue"
          label={t('reports.dashboard.overdue')}
          value={formatYen(d.overdue.amount)}
          detail={
            <Anchor component={Link} to="/admin/reports/aging" size="sm">
              {t('reports.dashboard.overdueInvoices', { count: d.overdue.invoices })}
            </Anchor>
          }
        />
        <Figure
          testId="day-silent"
          label={t('reports.dashboard.silent')}
          value={String(d.silent.count)}
          detail={
            <>
              {t('reports.dashboard.silentCount', { count: d.silent.count })}
              {d.silent.customers.length > 0 && (
                <>
                  <br />
                  {d.silent.customers.map((c) => c.restaurantName).join(', ')}
                </>
              )}
            </>
          }
        />
      </SimpleGrid>
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h5" mb="sm">
          {t('reports.dashboard.chartTitle')}
        </Title>
        <VisuallyHidden id="owner-day-chart-summary">{chartSummary(t, d)}</VisuallyHidden>
        <BarChart
          // The chart is a tab stop whose arrow keys show each day's figures (recharts'
          // keyboard layer): it says what it is, and its summary is read after its name.
          // (recharts passes aria-* on to its <svg> but does not type them; its own `title`
          // would also show as the browser's tooltip over the bars.)
          barChartProps={{
            ...({
              'aria-label': t('reports.dashboard.chartLabel'),
              'aria-describedby': 'owner-day-chart-summary',
            } as Record<string, string>),
          }}
          h={220}
          // What was ordered on each day beside what really reached the restaurants that day
          // (orders delivered early or late count on the day they arrived).
          data={d.days.map((x) => ({
            date: x.date.slice(5),
            amount: x.amount,
            delivered: d.deliveredDays.find((y) => y.date === x.date)?.amount ?? 0,
          }))}
          dataKey="date"
          series={[
            { name: 'amount', label: t('reports.dashboard.chartAmount'), color: 'blue.6' },
            { name: 'delivered', label: t('reports.dashboard.chartDelivered'), color: 'teal.6' },
          ]}
          valueFormatter={(v) => formatYen(v)}
          tickLine="y"
          // Two colours a day: the legend says which is the orders and which the deliveries.
          withLegend
        />
      </Paper>
    </Stack>
  );
}
