import { Alert, Anchor, Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { TFunction } from 'i18next';
import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatYen } from '../../../../../shared/format';
import type { ClosingCustomerOut, ClosingResultOut } from '../../../../../shared/schemas/billing';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/DataTable';
import { DateField } from '../../../components/dates/DateField';
import { DocumentLink } from '../../../components/documents/DocumentActions';
import { closingPdfUrl, printPath } from '../../../components/documents/paths';
import { notifyError, notifySuccess } from '../../../components/notify';
import { businessToday, showDate } from '../../../dates';
import { failureOf } from '../../../errors';
import { withKey } from '../../../keyed';
import { trpc } from '../../../trpc';
import { CustomerPicker, type PickedCustomer } from '../office/shared/CustomerPicker';
import { WholeBadge } from '../WholeBadge';
import { moneyErrorText, newKey } from './api';
import { adminCrumbs, reportsCrumb } from './crumbs';
import { InvoicesFailed } from './InvoiceList';
import { SendStatementsButton } from './SendStatementsButton';

const wrapLabel = { label: { whiteSpace: 'normal', overflow: 'visible' } } as const;

/** The last day of the month before `iso`'s month (when the server cannot say what is due). */
function lastMonthEnd(iso: string): string {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
}

/** 「20日締め」, 「月末締め」: a monthly customer's closing day beside its name in the picker. */
function closingDayLabel(t: TFunction, closingDay: number | null): string {
  return closingDay === null || closingDay >= 31
    ? t('money.closingDayMonthEnd')
    : t('money.closingDayOn', { day: closingDay });
}

/** 今回お買上額: what the statement bills for the period, deliveries and hand-made invoices. */
const purchasesOf = (c: ClosingCustomerOut) => c.amount + c.handMade;

/** A yen figure that reads as nothing when it is nothing (most rows have no fee or credit). */
const yenOrBlank = (n: number) => (n ? formatYen(n) : '');

/** A figure never breaks across lines. */
const yenColumn = {
  textAlign: 'right',
  cellsStyle: () => ({ whiteSpace: 'nowrap' }),
} as const;

/**
 * A header that may take two lines ("This period's / purchases"; 「今回お買上額」 kept whole,
 * broken only before its brackets): the table keeps every header on one line otherwise, and
 * headers as wide as their words made the closing wider than the page.
 */
const wrapping = (title: string): ReactNode => (
  <span style={{ whiteSpace: 'normal', wordBreak: 'keep-all' }}>{title}</span>
);

/** A column's own figure with a second, smaller one under it in grey (a credit under its deliveries). */
const twoFigures = (own: number, second: number): ReactNode => (
  <>
    {formatYen(own)}
    <Text size="xs" c="gray.7">
      {formatYen(second)}
    </Text>
  </>
);

/**
 * Two figures' headers, one under the other, for a column that holds both (ADR 080): its own,
 * then the smaller one's, as its cells show them.
 */
const twoTitles = (first: string, second: string): ReactNode => (
  <>
    <span style={{ display: 'block', whiteSpace: 'normal', wordBreak: 'keep-all' }}>{first}</span>
    <Text
      component="span"
      display="block"
      size="xs"
      fw={400}
      c="gray.7"
      style={{ whiteSpace: 'normal', wordBreak: 'keep-all' }}
    >
      {second}
    </Text>
  </>
);

/** More rows than a screen shows: those the preview draws at once. */
export const FIRST_ROWS = 40;
const NO_ROWS: ClosingCustomerOut[] = [];

/**
 * The preview's first rows at once, the rest in the next task, as a transition React draws in
 * slices between the browser's other work (ADR 095): at a month end a larger wholesaler's
 * preview lists hundreds of customers, and drawing them all (375 rows, 7,000 elements) kept the
 * table from showing for a second after its figures had come. The totals are the figures', never
 * the rows drawn so far.
 */
function useFirstRowsFirst(rows: ClosingCustomerOut[]): ClosingCustomerOut[] {
  const [limit, setLimit] = useState(FIRST_ROWS);
  const [of, setOf] = useState(rows);
  // Another preview (another date or customer): its first rows at once again.
  if (of !== rows) {
    setOf(rows);
    setLimit(FIRST_ROWS);
  }
  const more = limit < rows.length;
  useEffect(() => {
    if (!more) return;
    const id = window.setTimeout(() => startTransition(() => setLimit(Number.POSITIVE_INFINITY)));
    return () => window.clearTimeout(id);
  }, [more]);
  return more ? rows.slice(0, limit) : rows;
}

/**
 * 締め処理: pick a closing date (it opens on the closing due next, the server's `closing.due`)
 * and, if wanted, one monthly customer; preview what each statement bills, from the deliveries
 * and hand-made invoices to the amount due, with their totals; confirm the date, the number of
 * customers and the amounts, run it; then open each statement, or all of the date's statements
 * as one PDF. A date after today is previewed only: what it would bill so far, not yet run.
 */
export function ClosingScreen() {
  const { t } = useTranslation();
  const today = businessToday();
  // The closing due next (not a date already closed), until the office picks another.
  const due = trpc.closing.due.useQuery(undefined, { retry: false });
  const [picked, setPicked] = useState<string | null>(null);
  const date = picked ?? due.data?.closingDate ?? (due.isError ? lastMonthEnd(today) : '');
  const [customerId, setCustomerId] = useState<string | null>(null);
  // The one customer chosen, for the confirmation's words. The run is for 掛売り customers: the
  // picker offers only those (the server refuses a cash one).
  const [chosen, setChosen] = useState<PickedCustomer | null>(null);
  // No date (a typed one refused): the field says why, and nothing is read or shown below it.
  const wellFormed = /^\d{4}-\d{2}-\d{2}$/.test(date);
  // A date still to come is previewed (the month end checked days before it), never run: the
  // server refuses the run too (invoice.closingInFuture).
  const future = wellFormed && date > today;
  const input = { closingDate: date, ...(customerId ? { customerId } : {}) };
  const preview = trpc.closing.preview.useQuery(input, { enabled: wellFormed, retry: false });
  const [result, setResult] = useState<ClosingResultOut | null>(null);
  const [confirming, setConfirming] = useState(false);
  const key = useRef(newKey());
  const utils = trpc.useUtils();
  // A run leaves nothing to close, so Run closing is disabled when the dialog hands the focus
  // back to it, and the focus fell to the page. The result's title takes it once the dialog has
  // closed (this effect runs after the dialog's own, in the same commit), once per run.
  const resultTitle = useRef<HTMLHeadingElement>(null);
  const focusedResult = useRef<ClosingResultOut | null>(null);
  useEffect(() => {
    if (!result || confirming || focusedResult.current === result) return;
    focusedResult.current = result;
    resultTitle.current?.focus();
  }, [result, confirming]);

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
  const closedRows = (preview.data?.customers ?? []).filter((c) => c.issued);
  const closedCount = closedRows.length;
  // The totals row adds up the statements this run makes; with none left to make, those the
  // date's closing made. Its amount due is the sum of theirs, as the statements will say.
  const totalled = open.length > 0 ? open : closedRows;
  const sumOf = (pick: (c: ClosingCustomerOut) => number) =>
    totalled.reduce((s, c) => s + pick(c), 0);
  const purchases = open.reduce((s, c) => s + purchasesOf(c), 0);
  const amountDue = open.reduce((s, c) => s + c.amountDue, 0);
  // A figure of the totals row, right-aligned under its column as the rows' figures are (the
  // table aligns its rows' cells, not its footer's).
  const figure = (value: ReactNode): ReactNode =>
    totalled.length > 0 ? <div style={{ textAlign: 'right' }}>{value}</div> : undefined;
  const footer = (n: number): ReactNode => figure(formatYen(n));
  const rows = preview.data?.customers ?? NO_ROWS;
  const drawn = useFirstRowsFirst(rows);
  const anyCredit = rows.some((c) => c.credit !== 0);
  const anyAdjustment = rows.some((c) => c.adjustments !== 0);
  // Other invoices a statement counts (hand-made, ADR 034; cash, ADR 091) are the exception: their
  // column shows only when a row has some, so the usual table fits a laptop's width.
  const anyHandMade = rows.some((c) => c.handMade !== 0);
  // Two or three of them at once (ADR 080): the credit deducted goes under the deliveries it is
  // deducted from, the bank fees under the payments they settle beside, each in the cell's
  // second line, so the table still fits a 1024 px laptop. Nothing is left out, only stacked.
  const crowded = [anyCredit, anyHandMade, anyAdjustment].filter(Boolean).length >= 2;
  /**
   * A figure's column and, when some row has it, its second figure (the credit beside the
   * deliveries, the fees beside the payments): in a column of its own, or under it when crowded.
   */
  const withSecond = (
    own: { accessor: 'amount' | 'paymentsReceived'; title: string; shown(n: number): ReactNode },
    second: { accessor: 'credit' | 'adjustments'; title: string; any: boolean },
  ) => {
    const under = second.any && crowded;
    const main = {
      accessor: own.accessor,
      title: under ? twoTitles(own.title, second.title) : wrapping(own.title),
      ...yenColumn,
      render: (c: ClosingCustomerOut) =>
        under && c[second.accessor]
          ? twoFigures(c[own.accessor], c[second.accessor])
          : own.shown(c[own.accessor]),
      footer: under
        ? figure(
            twoFigures(
              sumOf((c) => c[own.accessor]),
              sumOf((c) => c[second.accessor]),
            ),
          )
        : footer(sumOf((c) => c[own.accessor])),
    };
    const beside = {
      accessor: second.accessor,
      title: wrapping(second.title),
      ...yenColumn,
      render: (c: ClosingCustomerOut) => yenOrBlank(c[second.accessor]),
      footer: footer(sumOf((c) => c[second.accessor])),
    };
    return second.any && !under ? [main, beside] : [main];
  };
  const runnable = wellFormed && !future && open.length > 0 && !preview.isFetching;
  const statements = (result?.results ?? []).filter((r) => r.statementId);
  return (
    <>
      <Breadcrumbs items={adminCrumbs(t, t('money.closing'), [reportsCrumb(t)])} />
      <Title order={1} size="h3" mb="md">
        {t('money.closing')}
      </Title>
      <Group mb="md" align="flex-start">
        <DateField
          label={t('money.closingDate')}
          value={date}
          onChange={(next) => {
            setPicked(next);
            setResult(null);
          }}
        />
        {/* Monthly customers only, searched on the server as the office types (ADR 094). */}
        <CustomerPicker
          label={t('money.closingCustomer')}
          placeholder={t('money.closingAllCustomers')}
          monthly
          note={(c) => closingDayLabel(t, c.closingDay ?? null)}
          clearable
          w={320}
          value={customerId}
          onChange={(v, c) => {
            setCustomerId(v);
            setChosen(c);
            setResult(null);
          }}
          description={customerId ? t('money.closingOneHint') : t('money.closingAllHint')}
          comboboxProps={{ withinPortal: true }}
        />
        <Stack gap={4} mt={25} maw={220}>
          <Button
            onClick={() => setConfirming(true)}
            disabled={!runnable}
            aria-describedby={future ? 'closing-run-reason' : undefined}
          >
            {t('money.runClosing')}
          </Button>
          {future && (
            <Text size="xs" c="dimmed" id="closing-run-reason" data-testid="closing-run-reason">
              {t('money.closingRunFrom', { date: showDate(date) })}
            </Text>
          )}
        </Stack>
      </Group>
      {preview.isError ? (
        failureOf(preview.error)?.code && failureOf(preview.error)?.code !== 'common.network' ? (
          <Alert color="red" role="alert" mb="lg" data-testid="closing-refused">
            {moneyErrorText(t, preview.error, 'errors.common.fetchFailed')}
          </Alert>
        ) : (
          <InvoicesFailed onRetry={() => void preview.refetch()} />
        )
      ) : !wellFormed ? null : (
        <Stack gap="xs" mb="lg">
          {future && (
            // A day still to come: what it would bill so far, read only.
            <Alert
              color="blue"
              variant="light"
              data-testid="closing-future"
              title={t('money.closingPreviewOnly', { date: showDate(date) })}
            >
              {t('money.closingPreviewOnlyText', {
                date: showDate(date),
                today: showDate(today),
              })}
            </Alert>
          )}
          <Group gap="sm">
            <Text size="sm" data-testid="closing-total">
              {open.length === 0 && closedCount > 0
                ? // Everything of this date is made: "to close: 0 · ¥0" above the table of what
                  // was made read as if the run had billed nothing.
                  t('money.closingAllMade', { count: closedCount })
                : t('money.closingPreviewTotal', {
                    count: open.length,
                    purchases: formatYen(purchases),
                    amountDue: formatYen(amountDue),
                  })}
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
            {closedCount > 0 && !result && <SendStatementsButton closingDate={date} />}
          </Group>
          <DataTable<ClosingCustomerOut>
            // Its scroll box is a tab stop: named for what it lists, not after the screen's title.
            label={t('money.closingPreviewTable', { date: showDate(date) })}
            records={drawn}
            fetching={(wellFormed && preview.isPending) || (picked === null && due.isPending)}
            idAccessor="customerId"
            // 7 px each side of a cell rather than 10 (ADR 080): with every column of a statement
            // shown, the 60 px it gives back keep the table within a 1024 px laptop.
            horizontalSpacing={7}
            // The figures of a statement, left to right as it reads: this period's deliveries
            // and hand-made invoices, the previous balance less what was paid, the amount due.
            columns={[
              {
                accessor: 'restaurantName',
                title: t('money.customer'),
                // The code above the name and the period under it, not columns of their own:
                // the table fits the page (the period is most often the same on every row).
                render: (c) => (
                  <>
                    <Text size="xs" c="gray.7">
                      {c.customerCode}
                    </Text>
                    {c.restaurantName}
                    <Text size="xs" c="gray.7">
                      <span style={{ whiteSpace: 'nowrap' }}>{showDate(c.periodStart)} –</span>{' '}
                      <span style={{ whiteSpace: 'nowrap' }}>{showDate(c.periodEnd)}</span>
                    </Text>
                  </>
                ),
                footer:
                  totalled.length > 0
                    ? t(open.length > 0 ? 'money.closingTotalsToRun' : 'money.closingTotalsMade', {
                        count: totalled.length,
                      })
                    : undefined,
              },
              {
                accessor: 'orders',
                title: wrapping(t('money.orders')),
                textAlign: 'right',
                footer: figure(sumOf((c) => c.orders)),
              },
              ...withSecond(
                {
                  accessor: 'amount',
                  title: t('money.closingColDeliveries'),
                  shown: formatYen,
                },
                { accessor: 'credit', title: t('money.creditApplied'), any: anyCredit },
              ),
              ...(anyHandMade
                ? [
                    {
                      accessor: 'handMade',
                      title: wrapping(t('money.closingColHandMade')),
                      ...yenColumn,
                      // Billed by hand only (ADR 034): the amount, and the invoices to open.
                      render: (c: ClosingCustomerOut) =>
                        c.handMade ? (
                          <Stack gap={0} align="flex-end">
                            <span>{formatYen(c.handMade)}</span>
                            {c.handMadeInvoices.map((i) => (
                              <Anchor
                                key={i.id}
                                component={Link}
                                to={printPath('admin', 'invoice', i.id)}
                                size="xs"
                              >
                                {i.number ?? t('money.invoice')}
                              </Anchor>
                            ))}
                          </Stack>
                        ) : (
                          ''
                        ),
                      footer: footer(sumOf((c) => c.handMade)),
                    },
                  ]
                : []),
              {
                accessor: 'purchases',
                title: wrapping(t('money.closingColPurchases')),
                ...yenColumn,
                render: (c) => formatYen(purchasesOf(c)),
                footer: footer(sumOf(purchasesOf)),
              },
              {
                accessor: 'previousBalance',
                title: wrapping(t('money.closingColPrevious')),
                ...yenColumn,
                render: (c) => formatYen(c.previousBalance),
                footer: footer(sumOf((c) => c.previousBalance)),
              },
              // A fee under the payments: they show, ¥0 too, so the fee reads as the second.
              ...withSecond(
                {
                  accessor: 'paymentsReceived',
                  title: t('money.closingColPayments'),
                  shown: yenOrBlank,
                },
                {
                  accessor: 'adjustments',
                  title: t('money.closingColAdjustments'),
                  any: anyAdjustment,
                },
              ),
              {
                accessor: 'amountDue',
                title: wrapping(t('money.closingColAmountDue')),
                ...yenColumn,
                // No statement for this customer (nothing billed, nothing owed): no amount.
                // Its due date under it, not a column of its own: the table fits the page.
                render: (c) => (
                  <>
                    {(c.closed || c.statement) && (
                      <Text fw={700} size="sm">
                        {formatYen(c.amountDue)}
                      </Text>
                    )}
                    {c.dueDate && (
                      // The label may go above the date (「支払期日」, a long Nepali one), the
                      // date itself is never broken.
                      <Text size="xs" c="gray.7" style={{ whiteSpace: 'normal' }}>
                        {t('money.historyField.dueDate', {
                          value: showDate(c.dueDate).replaceAll(' ', '\u00a0'),
                        })}
                      </Text>
                    )}
                  </>
                ),
                footer: figure(
                  <span data-testid="closing-total-due">
                    {formatYen(sumOf((c) => c.amountDue))}
                  </span>,
                ),
              },
              {
                accessor: 'closed',
                // No heading drawn (the badge says it), but one read out with each cell.
                title: <VisuallyHidden>{t('money.closingColMade')}</VisuallyHidden>,
                // Nothing to add up; the totals row's cell is a header the table draws, so it
                // carries the column's name for a screen reader rather than naming nothing.
                footer:
                  totalled.length > 0 ? (
                    <VisuallyHidden>{t('money.closingColMade')}</VisuallyHidden>
                  ) : undefined,
                // Closed: what its closing made, the statement to open and its invoices, one
                // under the other (side by side they pushed the table past the page's width).
                render: (c) =>
                  c.closed ? (
                    <Stack gap={4} align="flex-start">
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
                    </Stack>
                  ) : null,
              },
            ]}
          />
        </Stack>
      )}
      {result && (
        <Stack gap="xs" data-testid="closing-result">
          <Title order={2} size="h4" ref={resultTitle} tabIndex={-1}>
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
            <SendStatementsButton closingDate={result.closingDate} />
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
          chosen && chosen._id === customerId
            ? t('money.closingConfirmOne', {
                date: showDate(date),
                name: chosen.restaurantName,
                purchases: formatYen(purchases),
                amountDue: formatYen(amountDue),
              })
            : t('money.closingConfirm', {
                date: showDate(date),
                count: open.length,
                purchases: formatYen(purchases),
                amountDue: formatYen(amountDue),
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
