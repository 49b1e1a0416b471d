import { Button, Select } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INVOICE_STATES } from '../../../../../shared/schemas/office-lists';
import { notifySuccess } from '../../../components/notify';
import { type Column, SortableTable } from '../../../components/SortableTable';
import { showDate } from '../../../dates';
import { trpc } from '../../../trpc';
import { WholeBadge } from '../WholeBadge';
import {
  BulkBar,
  codeOf,
  DateRange,
  Figure,
  ListFrame,
  Pages,
  RouteFilter,
  SearchBox,
  TableOrState,
  useListState,
  useRouteOptions,
  yen,
} from './shared';

type InvoiceState = (typeof INVOICE_STATES)[number];

// Past due is a warning, more than two months past due the credit-hold red (DESIGN §6).
const stateColor = {
  unpaid: 'blue',
  pastDue: 'orange',
  overdue: 'red',
  paid: 'green',
  cancelled: 'gray',
} as const;

/** /admin/lists/invoices: invoices by state, route and date, given a collector in bulk. */
export function InvoicesList() {
  const { t } = useTranslation();
  const s = useListState({ sort: 'due', dir: 'asc' });
  const [route, setRoute] = useState<string | null>(null);
  const [state, setState] = useState<string | null>('unpaid');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [collector, setCollector] = useState<string | null>(null);
  const routeOptions = useRouteOptions();
  const options = trpc.invoices.formOptions.useQuery();
  const utils = trpc.useUtils();
  const assign = trpc.invoices.assignCollector.useMutation();
  const list = trpc.lists.invoices.useQuery(
    {
      search: s.debounced,
      sort: s.sort.sort as 'due',
      dir: s.sort.dir,
      page: s.page,
      route: route ?? undefined,
      state: (state ?? undefined) as InvoiceState | undefined,
      from,
      to,
    },
    { placeholderData: keepPreviousData },
  );
  const columns: Column<NonNullable<typeof list.data>['rows'][number]>[] = [
    {
      key: 'number',
      title: t('lists.cols.invoice'),
      sort: 'number',
      render: (r) => r.number ?? '—',
    },
    {
      key: 'customer',
      title: t('lists.cols.customer'),
      sort: 'customer',
      render: (r) => r.restaurantName,
    },
    { key: 'date', title: t('lists.cols.issued'), sort: 'date', render: (r) => showDate(r.date) },
    {
      key: 'due',
      title: t('lists.cols.due'),
      sort: 'due',
      render: (r) => (r.dueDate ? showDate(r.dueDate) : '—'),
    },
    {
      key: 'state',
      title: t('lists.cols.status'),
      render: (r) => (
        <WholeBadge color={stateColor[r.state]} variant="outline">
          {t(`lists.invoiceState.${r.state}`)}
        </WholeBadge>
      ),
    },
    { key: 'collector', title: t('lists.cols.collector'), render: (r) => r.collectorName ?? '—' },
    {
      key: 'amount',
      title: t('lists.cols.amount'),
      sort: 'amount',
      align: 'right',
      render: (r) => yen(r.amount),
      total: list.data ? yen(list.data.totals.amount) : null,
    },
    {
      key: 'balance',
      title: t('lists.cols.balance'),
      sort: 'balance',
      align: 'right',
      render: (r) => yen(r.balance),
      total: list.data ? yen(list.data.totals.balance) : null,
    },
  ];
  const apply = async () => {
    if (!collector) return;
    try {
      const r = await assign.mutateAsync({ ids: [...s.selected], collector });
      s.setResult(r);
      s.setSelected(new Set(r.failed.map((f) => f.id)));
      if (r.done.length > 0) notifySuccess(t('lists.bulk.done', { count: r.done.length }));
      void utils.lists.invalidate();
      void utils.invoices.invalidate();
    } catch (error) {
      s.setResult({
        done: [],
        failed: [{ id: '', label: t('lists.kinds.invoices'), code: codeOf(error) }],
      });
    }
  };
  const reset = () => s.setPage(1);
  return (
    <ListFrame
      filters={
        <>
          <SearchBox value={s.search} onChange={s.setSearch} />
          <Select
            label={t('lists.filters.state')}
            placeholder={t('lists.filters.allStates')}
            data={INVOICE_STATES.map((v) => ({
              value: v,
              label: t(`lists.invoiceState.${v}`),
            }))}
            value={state}
            onChange={(v) => {
              setState(v);
              reset();
            }}
            clearable
          />
          <RouteFilter
            options={routeOptions}
            value={route}
            onChange={(v) => {
              setRoute(v);
              reset();
            }}
          />
          <DateRange
            from={from}
            to={to}
            onChange={(f, t2) => {
              setFrom(f);
              setTo(t2);
              reset();
            }}
          />
        </>
      }
      summary={
        list.data && (
          <>
            <Figure
              testId="total-count"
              label={t('lists.totals.count')}
              value={String(list.data.totals.count)}
            />
            <Figure
              testId="total-amount"
              label={t('lists.cols.amount')}
              value={yen(list.data.totals.amount)}
            />
            <Figure
              testId="total-balance"
              label={t('lists.cols.balance')}
              value={yen(list.data.totals.balance)}
            />
          </>
        )
      }
      bulk={
        <BulkBar count={s.selected.size} result={s.result} onCloseResult={() => s.setResult(null)}>
          <Select
            label={t('lists.bulk.chooseCollector')}
            data={(options.data?.collectors ?? []).map((e) => ({
              value: e._id,
              label: e.name || e.username,
            }))}
            value={collector}
            onChange={setCollector}
            w={220}
          />
          <Button
            onClick={apply}
            loading={assign.isPending}
            disabled={!collector || s.selected.size === 0}
          >
            {t('lists.bulk.assignCollector')}
          </Button>
        </BulkBar>
      }
    >
      <TableOrState query={list}>
        {list.data && (
          <>
            <SortableTable
              caption={t('lists.kinds.invoices')}
              columns={columns}
              rows={list.data.rows}
              rowId={(r) => r._id}
              rowLabel={(r) => `${r.number ?? ''} ${r.restaurantName}`.trim()}
              sort={s.sort}
              onSort={s.setSort}
              selected={s.selected}
              onSelect={s.setSelected}
              totalsLabel={t('lists.totals.row', { count: list.data.totals.count })}
              busy={list.isFetching}
            />
            <Pages data={list.data} onChange={s.setPage} />
          </>
        )}
      </TableOrState>
    </ListFrame>
  );
}
