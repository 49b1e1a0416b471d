import { Button } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ORDER_SORTS, ORDER_STATUSES } from '../../../../../shared/schemas/office-lists';
import { type Column, cellLinkClass } from '../../../components/SortableTable';
import { showDate } from '../../../dates';
import { trpc } from '../../../trpc';
import { WholeBadge } from '../WholeBadge';
import { ANY_ROUTE_ANY_DAY, ChoiceFilter, RouteAndDates, routeAndDatesInput } from './filters';
import { ListTable } from './ListTable';
import { BulkBar, ListFrame, SearchBox, useListState, yen } from './shared';
import { TotalsSummary } from './TotalsSummary';
import { useBulkAction } from './useBulkAction';

type OrderStatus = (typeof ORDER_STATUSES)[number];

const statusColor = { pending: 'gray', onHold: 'orange', dispatched: 'green' } as const;

/** /admin/lists/orders: orders by status, route and delivery date, dispatched in bulk. */
export function OrdersList() {
  const { t } = useTranslation();
  const s = useListState<(typeof ORDER_SORTS)[number]>({ sort: 'date', dir: 'desc' });
  const [status, setStatus] = useState<string | null>(null);
  const [place, setPlace] = useState(ANY_ROUTE_ANY_DAY);
  const utils = trpc.useUtils();
  const dispatch = trpc.orders.dispatchSelected.useMutation();
  const list = trpc.lists.orders.useQuery(
    {
      ...s.paging,
      ...routeAndDatesInput(place),
      status: (status ?? undefined) as OrderStatus | undefined,
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
  const bulk = useBulkAction(s, 'orders', () => {
    void utils.lists.invalidate();
    void utils.orders.invalidate();
    void utils.invoices.invalidate();
  });
  const apply = () => bulk((ids) => dispatch.mutateAsync({ ids }));
  return (
    <ListFrame
      filters={
        <>
          <SearchBox value={s.search} onChange={s.setSearch} />
          <ChoiceFilter
            label={t('lists.filters.status')}
            placeholder={t('lists.filters.allStatuses')}
            data={ORDER_STATUSES.map((v) => ({ value: v, label: t(`lists.orderStatus.${v}`) }))}
            value={status}
            onChange={s.refilter(setStatus)}
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
                label: t('lists.cols.total'),
                value: yen(list.data.totals.total),
              },
            ]}
          />
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
      <ListTable
        list={list}
        state={s}
        caption={t('lists.kinds.orders')}
        columns={columns}
        rowLabel={(r) => `#${r.orderNumber} ${r.restaurantName}`}
        selectable
      />
    </ListFrame>
  );
}
