import { Box, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../shared/format';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { MonthField } from '../../../components/dates/MonthField';
import { Loading } from '../../../components/LoadState';
import { businessToday, showMonth } from '../../../dates';
import { trpc } from '../../../trpc';
import { adminCrumbs, reportsCrumb } from '../money/crumbs';
import { InvoicesFailed } from '../money/InvoiceList';
import { JournalDownload } from './JournalDownload';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month before this one, YYYY-MM: what the accountant usually asks for. */
function lastMonth(): string {
  const [y, m] = businessToday().split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 2, 1));
  return d.toISOString().slice(0, 7);
}

/**
 * /admin/reports/tax-summary: one month's sales and consumption tax per rate (8%対象, 10%対象)
 * after the invoices cancelled in the month and its credit notes, each shown on its own line,
 * and the workbook for the accountant from the same figures (GET /api/data/tax-summary). An
 * invoice cancelled after its month is subtracted in the month of the cancellation (ADR 054),
 * so a month already filed reads the same later.
 */
export function TaxSummaryScreen() {
  const { t } = useTranslation();
  const [month, setMonth] = useState(lastMonth);
  const valid = MONTH.test(month);
  const summary = trpc.reports.taxSummary.useQuery(
    { from: month, to: month },
    { enabled: valid, staleTime: 30_000 },
  );
  const m = summary.data?.totals;
  const rows = m
    ? [
        { key: 'rate8', net: m.net8, tax: m.tax8 },
        { key: 'rate10', net: m.net10, tax: m.tax10 },
      ]
    : [];
  const href = `/api/data/tax-summary?from=${encodeURIComponent(month)}&to=${encodeURIComponent(month)}`;
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
          label={t('reports.taxSummary.monthPick')}
          value={month}
          onChange={setMonth}
          error={valid ? undefined : t('errors.settings.monthFormat')}
          w={200}
        />
        <Button component="a" href={valid ? href : undefined} download disabled={!valid}>
          {t('reports.taxSummary.download')}
        </Button>
      </Group>
      {!valid ? null : summary.isPending ? (
        <Loading />
      ) : summary.isError || !m ? (
        <InvoicesFailed onRetry={() => void summary.refetch()} />
      ) : (
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h4" mb="xs" data-testid="tax-month">
            {showMonth(month)}
          </Title>
          {/* Scrolls sideways on a phone; focusable so a keyboard can scroll it too. */}
          <Box
            role="region"
            aria-label={t('reports.taxSummary.tableLabel', { month: showMonth(month) })}
            tabIndex={0}
            style={{ overflowX: 'auto' }}
          >
            <Table
              striped
              miw={440}
              aria-label={t('reports.taxSummary.tableLabel', { month: showMonth(month) })}
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
            {t('reports.taxSummary.cancellationsDeducted', {
              count: m.cancelledInvoices,
              amount: formatYen(m.cancellations),
            })}
          </Text>
          <Text size="sm" data-testid="tax-credits">
            {t('reports.taxSummary.creditsDeducted', {
              count: m.creditNotes,
              amount: formatYen(m.credits),
            })}
          </Text>
          <Text size="sm" c="gray.7">
            {t('reports.taxSummary.invoicesCount', { count: m.invoices })}
          </Text>
        </Paper>
      )}
      <JournalDownload month={valid ? month : undefined} />
    </>
  );
}
