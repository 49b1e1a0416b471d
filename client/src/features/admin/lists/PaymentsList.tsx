import { Select } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, SortableTable } from '../../../components/SortableTable';
import { showDate } from '../../../dates';
import { trpc } from '../../../trpc';
import {
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

/** /admin/lists/payments: payments by method, route and date (no bulk action). */
export function PaymentsList() {
  const { t } = useTranslation();
  const s = useListState({ sort: 'date', dir: 'desc' });
  const [route, setRoute] = useState<string | null>(null);
  const [method, setMethod] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const routeOptions = useRouteOptions();
  const list = trpc.lists.payments.useQuery(
    {
      search: s.debounced,
      sort: s.sort.sort as 'date',
      dir: s.sort.dir,
      page: s.page,
      route: route ?? undefined,
      method: (method ?? undefined) as 'cash' | undefined,
      from,
      to,
    },
    { placeholderData: keepPreviousData },
  );
  const columns: Column<NonNullable<typeof list.data>['rows'][number]>[] = [
    { key: 'date', title: t('lists.cols.date'), sort: 'date', render: (r) => showDate(r.date) },
    {
      key: 'customer',
      title: t('lists.cols.customer'),
      sort: 'customer',
      render: (r) => r.restaurantName,
    },
    {
      key: 'invoice',
      title: t('lists.cols.invoice'),
      sort: 'invoice',
      render: (r) => r.invoiceNumber ?? '—',
    },
    {
      key: 'method',
      title: t('lists.cols.method'),
      sort: 'method',
      render: (r) => (r.method ? t(`lists.methods.${r.method}`) : '—'),
    },
    {
      key: 'collector',
      title: t('lists.cols.collector'),
      sort: 'collector',
      render: (r) => r.collectorName ?? '—',
    },
    { key: 'receipt', title: t('lists.cols.receipt'), render: (r) => r.receiptNumber ?? '—' },
    {
      key: 'amount',
      title: t('lists.cols.amount'),
      sort: 'amount',
      align: 'right',
      render: (r) => yen(r.amount),
      total: list.data ? yen(list.data.totals.amount) : null,
    },
  ];
  const reset = () => s.setPage(1);
  return (
    <ListFrame
      filters={
        <>
          <SearchBox value={s.search} onChange={s.setSearch} />
          <Select
            label={t('lists.filters.method')}
            placeholder={t('lists.filters.allMethods')}
            data={[
              { value: 'cash', label: t('lists.methods.cash') },
              { value: 'monthly', label: t('lists.methods.monthly') },
            ]}
            value={method}
            onChange={(v) => {
              setMethod(v);
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
          </>
        )
      }
    >
      <TableOrState query={list}>
        {list.data && (
          <>
            <SortableTable
              caption={t('lists.kinds.payments')}
              columns={columns}
              rows={list.data.rows}
              rowId={(r) => r._id}
              rowLabel={(r) => `${r.restaurantName} ${showDate(r.date)}`}
              sort={s.sort}
              onSort={s.setSort}
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
