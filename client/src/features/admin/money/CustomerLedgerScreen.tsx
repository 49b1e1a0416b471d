import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatYen } from '../../../../../shared/format';
import { ledgerDescription } from '../../../../../shared/ledger-text';
import { type LedgerRow, ledgerInput, ledgerPeriodOf } from '../../../../../shared/schemas/ledger';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { DataTable } from '../../../components/DataTable';
import { LazyDateField } from '../../../components/dates/LazyDateField';
import { Loading } from '../../../components/LoadState';
import { businessToday, showDate } from '../../../dates';
import { trpc } from '../../../trpc';
import { adminCrumbs, paymentsCrumb } from './crumbs';
import { InvoicesFailed } from './InvoiceList';

/** A table row: the opening balance first, then the period's movements. */
type Line =
  | { key: string; opening: true; date: string; balance: number }
  | (LedgerRow & {
      key: string;
      opening?: false;
    });

/**
 * /admin/invoice/bycustomer/{id}/ledger: the customer's ledger (得意先元帳, ADR 074). For a
 * period: the balance brought forward, each invoice issued or cancelled, payment received and
 * bank fee written off in date order with the balance after it, the totals and the closing
 * balance; and the same rows as an Excel file (GET /api/data/ledger/{id}).
 */
export function CustomerLedgerScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [period, setPeriod] = useState(() => ledgerPeriodOf({}, businessToday()));
  const checked = ledgerInput.safeParse({ customerId: id, ...period });
  const issue = checked.success ? undefined : checked.error.issues[0];
  const problem = (field: 'from' | 'to') =>
    issue && (issue.path[0] ?? 'to') === field
      ? t(`errors.${issue.message}` as 'errors.customer.ledgerDate')
      : undefined;
  // The previous answer stays as a placeholder so the title keeps the restaurant's name while
  // a period is being typed (or is wrong); its rows are never shown for the new period.
  const ledger = trpc.customers.ledger.useQuery(
    { customerId: id, ...period },
    { enabled: checked.success, staleTime: 30_000, placeholderData: keepPreviousData },
  );
  const name = ledger.data?.customer.restaurantName;
  const l = ledger.isPlaceholderData ? undefined : ledger.data;
  const words = (key: string, params?: Record<string, string>) =>
    String(t(`ledger.desc.${key}` as never, (params ?? {}) as never));
  const href = `/api/data/ledger/${encodeURIComponent(id)}?from=${period.from}&to=${period.to}`;
  const lines: Line[] = l
    ? [
        { key: 'opening', opening: true, date: l.from, balance: l.openingBalance },
        ...l.rows.map((r, i) => ({ ...r, key: `${i}`, opening: false as const })),
      ]
    : [];
  const yen = (v: number) => (v ? formatYen(v) : '');
  return (
    <>
      <Breadcrumbs
        items={adminCrumbs(t, t('ledger.title'), [
          paymentsCrumb(t),
          {
            label: name ?? t('nav.customerInvoices'),
            link: `/admin/invoice/bycustomer/${id}`,
          },
        ])}
      />
      <Title order={1} size="h2" mb={4}>
        {t('ledger.title')}
        {name && ` — ${name}`}
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        {t('ledger.hint')}
      </Text>
      {/* Top-aligned: a field's error under it does not push the other field down; the button
          sits level with the fields' boxes, below their labels (one body line tall). */}
      <Group align="flex-start" mb="md" wrap="wrap">
        <LazyDateField
          label={t('ledger.from')}
          value={period.from}
          onChange={(from) => setPeriod((p) => ({ ...p, from }))}
          error={problem('from')}
          w={160}
        />
        <LazyDateField
          label={t('ledger.to')}
          value={period.to}
          onChange={(to) => setPeriod((p) => ({ ...p, to }))}
          error={problem('to')}
          w={160}
        />
        <Button
          component="a"
          href={checked.success ? href : undefined}
          download
          disabled={!checked.success}
          mt="calc(var(--mantine-font-size-md) * var(--mantine-line-height))"
        >
          {t('ledger.download')}
        </Button>
      </Group>
      {!checked.success ? null : ledger.isPending || ledger.isPlaceholderData ? (
        <Loading />
      ) : ledger.isError || !l ? (
        <InvoicesFailed onRetry={() => void ledger.refetch()} />
      ) : (
        <Stack>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Figure label={t('ledger.openingBalance')} value={formatYen(l.openingBalance)} />
            <Figure label={t('ledger.col.debit')} value={formatYen(l.totals.debit)} />
            <Figure label={t('ledger.col.credit')} value={formatYen(l.totals.credit)} />
            <Figure
              label={t('ledger.closingBalance')}
              value={formatYen(l.closingBalance)}
              testId="ledger-closing"
            />
          </SimpleGrid>
          <DataTable<Line>
            records={lines}
            idAccessor="key"
            minHeight={0}
            rowStyle={(r) => (r.opening ? { fontWeight: 600 } : undefined)}
            columns={[
              {
                accessor: 'date',
                title: t('ledger.col.date'),
                noWrap: true,
                render: (r) => showDate(r.date),
              },
              {
                accessor: 'number',
                title: t('ledger.col.document'),
                noWrap: true,
                render: (r) =>
                  r.opening || !r.number ? (
                    ''
                  ) : r.kind === 'invoice' || r.kind === 'cancellation' ? (
                    <Anchor component={Link} to={`/admin/print/invoice/${r.invoiceId}`} size="sm">
                      {r.number}
                    </Anchor>
                  ) : (
                    r.number
                  ),
              },
              {
                accessor: 'description',
                title: t('ledger.col.description'),
                // On a phone the table scrolls sideways rather than folding the description a
                // word a line (a payment's reads as six lines at its share of 390 px).
                cellsStyle: () => ({ minWidth: 260 }),
                render: (r) =>
                  r.opening ? t('ledger.openingBalance') : ledgerDescription(r, words, showDate),
                footer: t('ledger.totals'),
              },
              {
                accessor: 'debit',
                title: t('ledger.col.debit'),
                textAlign: 'right',
                noWrap: true,
                render: (r) => (r.opening ? '' : yen(r.debit)),
                footer: <Right>{formatYen(l.totals.debit)}</Right>,
              },
              {
                accessor: 'credit',
                title: t('ledger.col.credit'),
                textAlign: 'right',
                noWrap: true,
                render: (r) => (r.opening ? '' : yen(r.credit)),
                footer: <Right>{formatYen(l.totals.credit)}</Right>,
              },
              {
                accessor: 'balance',
                title: t('ledger.col.balance'),
                textAlign: 'right',
                noWrap: true,
                render: (r) => formatYen(r.balance),
                footer: <Right>{formatYen(l.closingBalance)}</Right>,
              },
            ]}
          />
          {l.rows.length === 0 && (
            <Text size="sm" c="gray.7">
              {t('ledger.empty')}
            </Text>
          )}
        </Stack>
      )}
    </>
  );
}

/** A footer's figure, right-aligned as the rows' are (the table aligns its rows' cells only). */
function Right({ children }: { children: string }) {
  return <div style={{ textAlign: 'right' }}>{children}</div>;
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text fw={700} size="lg" ta="right" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}
