import { Alert, Anchor, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatYen } from '../../../../../shared/format';
import type { ClosingCustomerOut, ClosingResultOut } from '../../../../../shared/schemas/billing';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/DataTable';
import { DateField } from '../../../components/dates/DateField';
import { DocumentLink } from '../../../components/documents/DocumentActions';
import { closingPdfUrl } from '../../../components/documents/paths';
import { notifyError, notifySuccess } from '../../../components/notify';
import { businessToday, showDate } from '../../../dates';
import { failureOf } from '../../../errors';
import { withKey } from '../../../keyed';
import { trpc } from '../../../trpc';
import { WholeBadge } from '../WholeBadge';
import { moneyErrorText, newKey } from './api';
import { adminCrumbs, reportsCrumb } from './crumbs';
import { InvoicesFailed } from './InvoiceList';

const wrapLabel = { label: { whiteSpace: 'normal', overflow: 'visible' } } as const;

/** The last day of the month before `iso`'s month (when the server cannot say what is due). */
function lastMonthEnd(iso: string): string {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
}

/**
 * 締め処理: pick a closing date (today at the latest; it opens on the closing due next, the
 * server's `closing.due`) and, if wanted, one customer; preview what it bills, confirm the
 * date, the number of customers and the amount, run it; then open each statement, or all of the
 * date's statements as one PDF.
 */
export function ClosingScreen() {
  const { t } = useTranslation();
  const today = businessToday();
  // The closing due next (not a date already closed), until the office picks another.
  const due = trpc.closing.due.useQuery(undefined, { retry: false });
  const [picked, setPicked] = useState<string | null>(null);
  const date = picked ?? due.data?.closingDate ?? (due.isError ? lastMonthEnd(today) : '');
  const [customerId, setCustomerId] = useState<string | null>(null);
  // No date (a typed one refused): the field says why, and nothing is read or shown below it.
  const wellFormed = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const future = wellFormed && date > today;
  const valid = wellFormed && !future;
  const input = { closingDate: date, ...(customerId ? { customerId } : {}) };
  const preview = trpc.closing.preview.useQuery(input, { enabled: valid, retry: false });
  const options = trpc.invoices.formOptions.useQuery(undefined, { staleTime: 60_000 });
  const [result, setResult] = useState<ClosingResultOut | null>(null);
  const [confirming, setConfirming] = useState(false);
  const key = useRef(newKey());
  const utils = trpc.useUtils();

  const run = async () => {
    try {
      const r = await utils.client.closing.run.mutate(input, withKey(key.current));
      key.current = newKey();
      // Stay on the date just closed (the closing due next moves on when refetched).
      setPicked(date);
      setResult(r);
      notifySuccess(t('money.closingDone', { count: r.invoiced }));
      void utils.closing.invalidate();
      void utils.invoices.invalidate();
      void utils.documents.invalidate();
    } catch (err) {
      // The server answered (a refusal): the next attempt is a new one. No answer: a retry
      // keeps the key, so a run that did happen is not made twice.
      if (failureOf(err)?.code !== 'common.network') key.current = newKey();
      notifyError(moneyErrorText(t, err, 'money.operationFailed'));
    }
  };

  // A customer with only a balance or a hand-made invoice gets a statement too.
  const open = (preview.data?.customers ?? []).filter(
    (c) => !c.closed && (c.orders > 0 || c.statement),
  );
  const total = open.reduce((s, c) => s + c.amount, 0);
  const closedCount = (preview.data?.customers ?? []).filter((c) => c.issued).length;
  const chosen = options.data?.customers.find((c) => c._id === customerId);
  const statements = (result?.results ?? []).filter((r) => r.statementId);
  return (
    <>
      <Breadcrumbs items={adminCrumbs(t, t('money.closing'), [reportsCrumb(t)])} />
      <Title order={1} size="h3" mb="md">
        {t('money.closing')}
      </Title>
      <Group mb="md" align="flex-start">
        <DateField
          // No closing of a day that has not ended: the calendar offers today at the latest.
          max={today}
          outsideError={(day) =>
            day > today ? t('money.closingFuture', { date: showDate(today) }) : null
          }
          label={t('money.closingDate')}
          value={date}
          onChange={(next) => {
            setPicked(next);
            setResult(null);
          }}
          error={future ? t('money.closingFuture', { date: showDate(today) }) : null}
        />
        <Select
          label={t('money.closingCustomer')}
          placeholder={t('money.closingAllCustomers')}
          searchable
          clearable
          w={320}
          data={(options.data?.customers ?? []).map((c) => ({
            value: c._id,
            label: `${c.customerCode} · ${c.restaurantName}`,
          }))}
          value={customerId}
          onChange={(v) => {
            setCustomerId(v);
            setResult(null);
          }}
          description={customerId ? t('money.closingOneHint') : t('money.closingAllHint')}
          comboboxProps={{ withinPortal: true }}
        />
        <Button
          mt={25}
          onClick={() => setConfirming(true)}
          disabled={!valid || open.length === 0 || preview.isFetching}
        >
          {t('money.runClosing')}
        </Button>
      </Group>
      {preview.isError ? (
        failureOf(preview.error)?.code && failureOf(preview.error)?.code !== 'common.network' ? (
          <Alert color="red" role="alert" mb="lg" data-testid="closing-refused">
            {moneyErrorText(t, preview.error, 'errors.common.fetchFailed')}
          </Alert>
        ) : (
          <InvoicesFailed onRetry={() => void preview.refetch()} />
        )
      ) : future ? (
        // Nothing is read for a day that has not come: say why, not "no data".
        <Alert color="blue" variant="light" mb="lg" data-testid="closing-future">
          {t('money.closingFutureEmpty', { date: showDate(today) })}
        </Alert>
      ) : !wellFormed ? null : (
        <Stack gap="xs" mb="lg">
          <Group gap="sm">
            <Text size="sm" data-testid="closing-total">
              {t('money.closingPreviewTotal', { count: open.length, amount: formatYen(total) })}
            </Text>
            {closedCount > 0 && !result && (
              // The statements already made for this date, all in one PDF, any time later.
              <Button
                component="a"
                href={closingPdfUrl(date)}
                download
                size="xs"
                variant="light"
                h="auto"
                py={6}
                // A long date and count in Japanese: the label wraps on a phone, never cut.
                styles={wrapLabel}
                data-testid="closing-made-pdf"
              >
                {t('money.closingStatementsPdf', { date: showDate(date), count: closedCount })}
              </Button>
            )}
          </Group>
          <DataTable<ClosingCustomerOut>
            records={preview.data?.customers ?? []}
            fetching={(valid && preview.isPending) || (picked === null && due.isPending)}
            idAccessor="customerId"
            columns={[
              { accessor: 'customerCode', title: t('money.code') },
              { accessor: 'restaurantName', title: t('money.customer') },
              {
                accessor: 'periodStart',
                title: t('money.period'),
                render: (c) => `${showDate(c.periodStart)} – ${showDate(c.periodEnd)}`,
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
                // Closed: what its closing made, the statement to open and its invoices.
                render: (c) =>
                  c.closed ? (
                    <Group gap="xs" wrap="nowrap">
                      <WholeBadge color="gray.8" variant="outline">
                        {t('money.alreadyClosed')}
                      </WholeBadge>
                      {c.issued && (
                        <DocumentLink
                          kind="statement"
                          id={c.issued.statementId}
                          number={c.issued.statementNumber ?? ''}
                          area="admin"
                        />
                      )}
                      {c.issued && c.issued.invoices.length > 0 && (
                        <Anchor
                          component={Link}
                          to={`/admin/invoice/bycustomer/${c.customerId}`}
                          size="sm"
                        >
                          {c.issued.invoices.map((i) => i.number ?? '').join(', ')}
                        </Anchor>
                      )}
                    </Group>
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
          <Group gap="sm">
            <Button
              component="a"
              href={closingPdfUrl(result.closingDate)}
              download
              variant="light"
              h="auto"
              py={8}
              styles={wrapLabel}
              disabled={statements.length === 0}
              aria-disabled={statements.length === 0 || undefined}
              data-testid="closing-statements-pdf"
            >
              {t('money.closingStatementsPdf', {
                date: showDate(result.closingDate),
                count: statements.length,
              })}
            </Button>
          </Group>
          <DataTable<ClosingResultOut['results'][number]>
            records={result.results}
            idAccessor="customerId"
            columns={[
              { accessor: 'restaurantName', title: t('money.customer') },
              {
                accessor: 'invoiceNumber',
                title: t('money.invoice'),
                // Two when the period held orders of both price bases (ADR 053).
                render: (r) =>
                  r.invoiceNumber ? (
                    <Anchor component={Link} to={`/admin/invoice/bycustomer/${r.customerId}`}>
                      {r.invoices.length > 1
                        ? r.invoices.map((i) => i.number).join(', ')
                        : r.invoiceNumber}
                    </Anchor>
                  ) : (
                    ''
                  ),
              },
              {
                accessor: 'statementNumber',
                title: t('money.statement'),
                render: (r) =>
                  r.statementId ? (
                    <DocumentLink
                      kind="statement"
                      id={r.statementId}
                      number={r.statementNumber ?? ''}
                      area="admin"
                    />
                  ) : (
                    ''
                  ),
              },
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
      <ConfirmDialog
        opened={confirming}
        title={t('money.closingConfirmTitle')}
        message={
          chosen
            ? t('money.closingConfirmOne', {
                date: showDate(date),
                name: chosen.restaurantName,
                amount: formatYen(total),
              })
            : t('money.closingConfirm', {
                date: showDate(date),
                count: open.length,
                amount: formatYen(total),
              })
        }
        confirmLabel={t('money.runClosing')}
        cancelLabel={t('money.closingBack')}
        onClose={() => setConfirming(false)}
        onConfirm={run}
      />
    </>
  );
}
