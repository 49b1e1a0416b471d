import { Anchor, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatYen } from '../../../../../shared/format';
import type { ClosingCustomerOut, ClosingResultOut } from '../../../../../shared/schemas/billing';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { DataTable } from '../../../components/DataTable';
import { notifyError, notifySuccess } from '../../../components/notify';
import { businessToday, DATE_INPUT_RANGE, showDate } from '../../../dates';
import { keyedClient, withKey } from '../../../keyed';
import { trpc } from '../../../trpc';
import { moneyErrorText, newKey } from './api';
import { adminCrumbs, reportsCrumb } from './crumbs';
import { InvoicesFailed } from './InvoiceList';

/** The last day of the month before `iso`'s month (the usual closing to run). */
function lastMonthEnd(iso: string): string {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
}

/** 締め処理: pick a closing date, preview what it bills, run it, open the invoices it made. */
export function ClosingScreen() {
  const { t } = useTranslation();
  const [date, setDate] = useState(lastMonthEnd(businessToday()));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const preview = trpc.closing.preview.useQuery({ closingDate: date }, { enabled: valid });
  const [result, setResult] = useState<ClosingResultOut | null>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef(newKey());
  const utils = trpc.useUtils();

  const run = async () => {
    setBusy(true);
    try {
      const r = await keyedClient.closing.run.mutate({ closingDate: date }, withKey(key.current));
      key.current = newKey();
      setResult(r);
      notifySuccess(t('money.closingDone', { count: r.invoiced }));
      void utils.closing.invalidate();
      void utils.invoices.invalidate();
    } catch (err) {
      key.current = newKey();
      notifyError(moneyErrorText(t, err, 'money.operationFailed'));
    } finally {
      setBusy(false);
    }
  };

  const open = (preview.data?.customers ?? []).filter((c) => !c.closed && c.orders > 0);
  return (
    <>
      <Breadcrumbs items={adminCrumbs(t, t('money.closing'), [reportsCrumb(t)])} />
      <Title order={1} size="h3" mb="md">
        {t('money.closing')}
      </Title>
      <Group mb="md" align="flex-end">
        <TextInput
          type="date"
          {...DATE_INPUT_RANGE}
          label={t('money.closingDate')}
          value={date}
          onChange={(e) => {
            setDate(e.currentTarget.value);
            setResult(null);
          }}
        />
        <Button onClick={run} loading={busy} disabled={!valid || open.length === 0}>
          {t('money.runClosing')}
        </Button>
      </Group>
      {preview.isError ? (
        <InvoicesFailed onRetry={() => void preview.refetch()} />
      ) : (
        <Stack gap="xs" mb="lg">
          <Text size="sm" data-testid="closing-total">
            {t('money.closingPreview', { count: open.length })}:{' '}
            {formatYen(preview.data?.total ?? 0)}
          </Text>
          <DataTable<ClosingCustomerOut>
            records={preview.data?.customers ?? []}
            fetching={preview.isPending}
            idAccessor="customerId"
            columns={[
              { accessor: 'customerCode', title: t('money.code') },
              { accessor: 'restaurantName', title: t('money.customer') },
              {
                accessor: 'periodStart',
                title: t('money.period'),
                render: (c) => `${c.periodStart} – ${c.periodEnd}`,
              },
              { accessor: 'orders', title: t('money.orders'), textAlign: 'right' },
              {
                accessor: 'amount',
                title: t('money.amountWithTax'),
                textAlign: 'right',
                render: (c) => formatYen(c.amount),
              },
              {
                accessor: 'credit',
                title: t('money.creditApplied'),
                textAlign: 'right',
                render: (c) => (c.credit ? formatYen(c.credit) : ''),
              },
              {
                accessor: 'dueDate',
                title: t('money.dueDate'),
                render: (c) => (c.dueDate ? showDate(c.dueDate) : ''),
              },
              {
                accessor: 'closed',
                title: '',
                render: (c) =>
                  c.closed ? (
                    <Badge color="gray.8" variant="outline">
                      {t('money.alreadyClosed')}
                    </Badge>
                  ) : null,
              },
            ]}
          />
        </Stack>
      )}
      {result && (
        <Stack gap="xs" data-testid="closing-result">
          <Title order={2} size="h4">
            {t('money.closingResult', { count: result.invoiced })}
          </Title>
          <DataTable<ClosingResultOut['results'][number]>
            records={result.results}
            idAccessor="customerId"
            columns={[
              { accessor: 'restaurantName', title: t('money.customer') },
              {
                accessor: 'invoiceNumber',
                title: t('money.invoice'),
                render: (r) =>
                  r.invoiceNumber ? (
                    <Anchor component={Link} to={`/admin/invoice/bycustomer/${r.customerId}`}>
                      {r.invoiceNumber}
                    </Anchor>
                  ) : (
                    ''
                  ),
              },
              { accessor: 'statementNumber', title: t('money.statement') },
              {
                accessor: 'amount',
                title: t('money.amountWithTax'),
                textAlign: 'right',
                render: (r) => formatYen(r.amount),
              },
              {
                accessor: 'amountDue',
                title: t('money.amountDue'),
                textAlign: 'right',
                render: (r) => formatYen(r.amountDue),
              },
              {
                accessor: 'dueDate',
                title: t('money.dueDate'),
                render: (r) => (r.dueDate ? showDate(r.dueDate) : ''),
              },
            ]}
          />
        </Stack>
      )}
    </>
  );
}
