import { Box, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../shared/format';
import { type TaxSummaryOut, taxSummaryInput } from '../../../../../shared/schemas/tax-summary';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { MonthField } from '../../../components/dates/MonthField';
import { Loading } from '../../../components/LoadState';
import { businessToday, showMonth } from '../../../dates';
import { trpc } from '../../../trpc';
import { adminCrumbs, reportsCrumb } from '../money/crumbs';
import { InvoicesFailed } from '../money/InvoiceList';
import { JournalDownload } from './JournalDownload';

/** The month before this one, YYYY-MM: what the accountant usually asks for. */
function lastMonth(): string {
  const [y, m] = businessToday().split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 2, 1));
  return d.toISOString().slice(0, 7);
}

/** The quick choices: last month, and January to last month (of last month's year). */
function quickPeriods(): { key: 'lastMonth' | 'yearToDate'; from: string; to: string }[] {
  const last = lastMonth();
  return [
    { key: 'lastMonth', from: last, to: last },
    { key: 'yearToDate', from: `${last.slice(0, 4)}-01`, to: last },
  ];
}

/**
 * /admin/reports/tax-summary: a period's sales and consumption tax per rate (8%対象, 10%対象)
 * after the invoices cancelled in it and its credit notes, each shown on its own line, each
 * month of a longer period in a table of its own (ADR 114), and the workbook for the accountant
 * from the same figures (GET /api/data/tax-summary). An invoice cancelled after its month is
 * subtracted in the month of the cancellation (ADR 054), so a month already filed reads the
 * same later. The period is checked here with the server's own schema: a reversed or too long
 * one is said at the field and never fetched or downloaded.
 */
export function TaxSummaryScreen() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState(() => ({ from: lastMonth(), to: lastMonth() }));
  const checked = taxSummaryInput.safeParse(period);
  const valid = checked.success;
  const issue = checked.success ? undefined : checked.error.issues[0];
  const problem = (field: 'from' | 'to') =>
    issue && (issue.path[0] ?? 'to') === field
      ? t(`errors.${issue.message}` as 'errors.settings.monthFormat')
      : undefined;
  const { from, to } = period;
  const single = from === to;
  // One month reads as before (2026年10月); a longer period as both ends (2026年4月～2027年3月).
  const shown = single
    ? showMonth(from)
    : t('reports.taxSummary.period', { from: showMonth(from), to: showMonth(to) });
  const summary = trpc.reports.taxSummary.useQuery(period, { enabled: valid, staleTime: 30_000 });
  const m = summary.data?.totals;
  const rows = m
    ? [
        { key: 'rate8', net: m.net8, tax: m.tax8 },
        { key: 'rate10', net: m.net10, tax: m.tax10 },
      ]
    : [];
  const href = `/api/data/tax-summary?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  return (
    <>
      <Breadcrumbs items={adminCrumbs(t, t('reports.taxSummary.title'), [reportsCrumb(t)])} />
      <Title order={1} size="h2" mb="xs">
        {t('reports.taxSummary.title')}
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        {t('reports.taxSummary.hint')}
      </Text>
      <Group align="flex-end" mb="md" wrap="wrap">
        <MonthField
          label={t('reports.taxSummary.from')}
          value={from}
          // A start after the end moves the end with it: one month stays one pick.
          onChange={(next) => setPeriod((p) => ({ from: next, to: p.to < next ? next : p.to }))}
          error={problem('from')}
          w={200}
        />
        <MonthField
          label={t('reports.taxSummary.to')}
          value={to}
          onChange={(next) => setPeriod((p) => ({ ...p, to: next }))}
          error={problem('to')}
          w={200}
        />
        <Button component="a" href={valid ? href : undefined} download disabled={!valid}>
          {t('reports.taxSummary.download')}
        </Button>
      </Group>
      <Group gap="xs" mt={-4} mb="md" wrap="wrap">
        {quickPeriods().map((q) => (
          <Button
            key={q.key}
            variant="light"
            size="xs"
            onClick={() => setPeriod({ from: q.from, to: q.to })}
          >
            {t(`reports.taxSummary.${q.key}`)}
          </Button>
        ))}
      </Group>
      {!valid ? null : summary.isPending ? (
        <Loading />
      ) : summary.isError || !m ? (
        <InvoicesFailed onRetry={() => void summary.refetch()} />
      ) : (
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h4" mb="xs" data-testid="tax-month">
            {shown}
          </Title>
          {/* Scrolls sideways on a phone; focusable so a keyboard can scroll it too. */}
          <Box
            role="region"
            aria-label={t('reports.taxSummary.tableLabel', { month: shown })}
            tabIndex={0}
            style={{ overflowX: 'auto' }}
          >
            <Table
              striped
              miw={440}
              aria-label={t('reports.taxSummary.tableLabel', { month: shown })}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('reports.taxSummary.rate')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('reports.taxSummary.net')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('reports.taxSummary.tax')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('reports.taxSummary.gross')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.key} data-testid={`tax-row-${r.key}`}>
                    <Table.Th scope="row">
                      {t(`reports.taxSummary.${r.key}` as 'reports.taxSummary.rate8')}
                    </Table.Th>
                    <Table.Td ta="right">{formatYen(r.net)}</Table.Td>
                    <Table.Td ta="right">{formatYen(r.tax)}</Table.Td>
                    <Table.Td ta="right">{formatYen(r.net + r.tax)}</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr data-testid="tax-row-total">
                  <Table.Th scope="row">{t('reports.taxSummary.totalRow')}</Table.Th>
                  <Table.Td ta="right" fw={700}>
                    {formatYen(m.net8 + m.net10)}
                  </Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {formatYen(m.tax8 + m.tax10)}
                  </Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {formatYen(m.total)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Box>
          <Text size="sm" mt="sm" data-testid="tax-cancellations">
            {t(
              single
                ? 'reports.taxSummary.cancellationsDeducted'
                : 'reports.taxSummary.cancellationsDeductedPeriod',
              {
                count: m.cancelledInvoices,
                amount: formatYen(m.cancellations),
              },
            )}
          </Text>
          <Text size="sm" data-testid="tax-credits">
            {t(
              single
                ? 'reports.taxSummary.creditsDeducted'
                : 'reports.taxSummary.creditsDeductedPeriod',
              {
                count: m.creditNotes,
                amount: formatYen(m.credits),
              },
            )}
          </Text>
          <Text size="sm" c="gray.7">
            {t(
              single
                ? 'reports.taxSummary.invoicesCount'
                : 'reports.taxSummary.invoicesCountPeriod',
              { count: m.invoices },
            )}
          </Text>
          {single ? null : <EachMonth months={summary.data.months} totals={m} period={shown} />}
        </Paper>
      )}
      <JournalDownload months={valid ? period : undefined} />
    </>
  );
}

/**
 * Each month of the period with its figures and the period's total below (ADR 114): what the
 * accountant adds up for a quarter's or a year's return. Scrolls sideways on a phone, focusable
 * so a keyboard can scroll it too, as the table above.
 */
function EachMonth({
  months,
  totals,
  period,
}: {
  months: TaxSummaryOut['months'];
  totals: TaxSummaryOut['totals'];
  period: string;
}) {
  const { t } = useTranslation();
  const label = t('reports.taxSummary.monthsLabel', { period });
  const cells = (f: TaxSummaryOut['totals'], bold?: boolean) =>
    [f.net8, f.tax8, f.net10, f.tax10, f.total].map((n, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: the five columns never move
      <Table.Td key={i} ta="right" fw={bold ? 700 : undefined}>
        {formatYen(n)}
      </Table.Td>
    ));
  return (
    <>
      <Title order={3} size="h5" mt="lg" mb="xs">
        {t('reports.taxSummary.monthsTitle')}
      </Title>
      <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
        <Table striped miw={640} aria-label={label} data-testid="tax-months">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('reports.taxSummary.month')}</Table.Th>
              {(['net8', 'tax8', 'net10', 'tax10', 'total'] as const).map((k) => (
                <Table.Th key={k} scope="col" ta="right">
                  {t(`reports.taxSummary.${k}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {months.map((m) => (
              <Table.Tr key={m.month} data-testid={`tax-month-${m.month}`}>
                <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
                  {showMonth(m.month)}
                </Table.Th>
                {cells(m)}
              </Table.Tr>
            ))}
            <Table.Tr data-testid="tax-months-total">
              <Table.Th scope="row">{t('reports.taxSummary.totalRow')}</Table.Th>
              {cells(totals, true)}
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Box>
    </>
  );
}
