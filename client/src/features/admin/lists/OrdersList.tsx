import { Button, Select } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifySuccess } from '../../../components/notify';
import { type Column, cellLinkClass, SortableTable } from '../../../components/SortableTable';
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

const statusColor = { pending: 'gray', onHold: 'orange', dispatched: 'green' } as const;

/** /admin/lists/orders: orders by status, route and delivery date, dispatched in bulk. */
export function OrdersList() {
  const { t } = useTranslation();
  const s = useListState({ sort: 'date', dir: 'desc' });
  const [route, setRoute] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const routeOptions = useRouteOptions();
  const utils = trpc.useUtils();
  const dispatch = trpc.orders.dispatchSelected.useMutation();
  const list = trpc.lists.orders.useQuery(
    {
      search: s.debounced,
      sort: s.sort.sort as 'date',
      dir: s.sort.dir,
      page: s.page,
      route: route ?? undefined,
      status: (status ?? undefined) as 'pending' | undefined,
      from,
      to,
    },
    { placeholderData: keepPreviousData },
  );
  const columns: Column<NonNullable<typeof list.data>['rows'][number]>[] = [
    {
      key: 'number',
      title: t('lists.cols.number'),
      sort: 'number',
      render: (r) => (
        <Link to={`/admin/orders/${r._id}`} className={cellLinkClass}>
          #{r.orderNumber}
        </Link>
      ),
    },
    {
      key: 'customer',
      title: t('lists.cols.customer'),
      sort: 'customer',
      render: (r) => r.restaurantName,
    },
    {
      key: 'route',
      title: t('lists.cols.route'),
      sort: 'route',
      render: (r) => r.routeName ?? '—',
    },
    {
      key: 'date',
      title: t('lists.cols.deliveryDate'),
      sort: 'date',
      render: (r) => showDate(r.deliveryDate),
    },
    {
      key: 'status',
      title: t('lists.cols.status'),
      sort: 'status',
      render: (r) => (
        <WholeBadge color={statusColor[r.status]} variant="outline">
          {t(`lists.orderStatus.${r.status}`)}
        </WholeBadge>
      ),
    },
    {
      key: 'total',
      title: t('lists.cols.total'),
      sort: 'total',
      align: 'right',
      render: (r) => yen(r.total),
      total: list.data ? yen(list.data.totals.total) : null,
    },
  ];
  const apply = async () => {
    try {
      const r = await dispatch.mutateAsync({ ids: [...s.selected] });
      s.setResult(r);
      s.setSelected(new Set(r.failed.map((f) => f.id)));
      if (r.done.length > 0) notifySuccess(t('lists.bulk.done', { count: r.done.length }));
      void utils.lists.invalidate();
      void utils.orders.invalidate();
      void utils.invoices.invalidate();
    } catch (error) {
      s.setResult({
        done: [],
        failed: [{ id: '', label: t('lists.kinds.orders'), code: codeOf(error) }],
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
            label={t('lists.filters.status')}
            placeholder={t('lists.filters.allStatuses')}
            data={(['pending', 'onHold', 'dispatched'] as const).map((v) => ({
              value: v,
              label: t(`lists.orderStatus.${v}`),
            }))}
            value={status}
            onChange={(v) => {
              setStatus(v);
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
              label={t('lists.cols.total')}
              value={yen(list.data.totals.total)}
            />
          </>
        )
      }
      bulk={
        <BulkBar count={s.selected.size} result={s.result} onCloseResult={() => s.setResult(null)}>
          <Button
            onClick={apply}
            loading={dispatch.isPending}
            disabled={s.selected.size === 0}
            color="green"
          >
            {t('lists.bulk.dispatch')}
          </Button>
        </BulkBar>
      }
    >
      <TableOrState query={list}>
        {list.data && (
          <>
            <SortableTable
              caption={t('lists.kinds.orders')}
              columns={columns}
              rows={list.data.rows}
              rowId={(r) => r._id}
              rowLabel={(r) => `#${r.orderNumber} ${r.restaurantName}`}
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
