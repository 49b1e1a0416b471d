import { Button, Select } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type INVOICE_SORTS, INVOICE_STATES } from '../../../../../shared/schemas/office-lists';
import type { Column } from '../../../components/SortableTable';
import { showDate } from '../../../dates';
import { trpc } from '../../../trpc';
import { WholeBadge } from '../WholeBadge';
import { ANY_ROUTE_ANY_DAY, ChoiceFilter, RouteAndDates, routeAndDatesInput } from './filters';
import { ListTable } from './ListTable';
import { BulkBar, ListFrame, SearchBox, useListState, yen } from './shared';
import { TotalsSummary } from './TotalsSummary';
import { useBulkAction } from './useBulkAction';

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
  const s = useListState<(typeof INVOICE_SORTS)[number]>({ sort: 'due', dir: 'asc' });
  const [state, setState] = useState<string | null>('unpaid');
  const [place, setPlace] = useState(ANY_ROUTE_ANY_DAY);
  const [collector, setCollector] = useState<string | null>(null);
  const options = trpc.invoices.formOptions.useQuery();
  const utils = trpc.useUtils();
  const assign = trpc.invoices.assignCollector.useMutation();
  const list = trpc.lists.invoices.useQuery(
    {
      ...s.paging,
      ...routeAndDatesInput(place),
      state: (state ?? undefined) as InvoiceState | undefined,
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
  const bulk = useBulkAction(s, 'invoices', () => {
    void utils.lists.invalidate();
    void utils.invoices.invalidate();
  });
  const apply = async () => {
    if (!collector) return;
    await bulk((ids) => assign.mutateAsync({ ids, collector }));
  };
  return (
    <ListFrame
      filters={
        <>
          <SearchBox value={s.search} onChange={s.setSearch} />
          <ChoiceFilter
            label={t('lists.filters.state')}
            placeholder={t('lists.filters.allStates')}
            data={INVOICE_STATES.map((v) => ({
              value: v,
              label: t(`lists.invoiceState.${v}`),
            }))}
            value={state}
            onChange={s.refilter(setState)}
          />
          <RouteAndDates value={place} onChange={s.refilter(setPlace)} />
        </>
      }
      summary={
        list.data && (
          <TotalsSummary
            count={list.data.totals.count}
            figures={[
              {
                testId: 'total-amount',
                label: t('lists.cols.amount'),
                value: yen(list.data.totals.amount),
              },
              {
                testId: 'total-balance',
                label: t('lists.cols.balance'),
                value: yen(list.data.totals.balance),
              },
            ]}
          />
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
      <ListTable
        list={list}
        state={s}
        caption={t('lists.kinds.invoices')}
        columns={columns}
        rowLabel={(r) => `${r.number ?? ''} ${r.restaurantName}`.trim()}
        selectable
      />
    </ListFrame>
  );
}
