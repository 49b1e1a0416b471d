import { Button, Checkbox, Select } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CUSTOMER_SORTS } from '../../../../../shared/schemas/office-lists';
import type { Column } from '../../../components/SortableTable';
import { showDate } from '../../../dates';
import { trpc } from '../../../trpc';
import { MethodFilter } from './filters';
import { ListTable } from './ListTable';
import {
  BulkBar,
  ListFrame,
  RouteFilter,
  SearchBox,
  useListState,
  useRouteOptions,
  yen,
} from './shared';
import { TotalsSummary } from './TotalsSummary';
import { useBulkAction } from './useBulkAction';

/** /admin/lists/customers: customers by route and payment method, moved to a route in bulk. */
export function CustomersList() {
  const { t } = useTranslation();
  const s = useListState<(typeof CUSTOMER_SORTS)[number]>({ sort: 'name', dir: 'asc' });
  const [route, setRoute] = useState<string | null>(null);
  const [method, setMethod] = useState<string | null>(null);
  const [withDues, setWithDues] = useState(false);
  const [target, setTarget] = useState<string | null>(null);
  const routeOptions = useRouteOptions();
  const utils = trpc.useUtils();
  const move = trpc.customers.assignRoute.useMutation();
  const list = trpc.lists.customers.useQuery(
    {
      ...s.paging,
      route: route ?? undefined,
      method: (method ?? undefined) as 'cash' | undefined,
      withDues,
    },
    { placeholderData: keepPreviousData },
  );
  const columns: Column<NonNullable<typeof list.data>['rows'][number]>[] = [
    { key: 'code', title: t('lists.cols.code'), sort: 'code', render: (r) => r.customerCode },
    { key: 'name', title: t('lists.cols.customer'), sort: 'name', render: (r) => r.restaurantName },
    {
      key: 'route',
      title: t('lists.cols.route'),
      sort: 'route',
      render: (r) => r.routeName ?? t('lists.filters.noRoute'),
    },
    {
      key: 'method',
      title: t('lists.cols.method'),
      sort: 'method',
      render: (r) => t(`lists.methods.${r.paymentMethod}`),
    },
    {
      key: 'lastOrder',
      title: t('lists.cols.lastOrder'),
      sort: 'lastOrder',
      render: (r) => (r.lastOrder ? showDate(r.lastOrder) : '—'),
    },
    {
      key: 'dues',
      title: t('lists.cols.dues'),
      sort: 'dues',
      align: 'right',
      render: (r) => yen(r.dues),
      total: list.data ? yen(list.data.totals.dues) : null,
    },
  ];
  const bulk = useBulkAction(s, 'customers', () => {
    void utils.lists.invalidate();
    void utils.customers.invalidate();
  });
  const apply = async () => {
    if (!target || s.selected.size === 0) return;
    await bulk((ids) => move.mutateAsync({ ids, route: target }));
  };
  return (
    <ListFrame
      filters={
        <>
          <SearchBox value={s.search} onChange={s.setSearch} />
          <RouteFilter options={routeOptions} value={route} onChange={s.refilter(setRoute)} />
          <MethodFilter value={method} onChange={s.refilter(setMethod)} />
          <Checkbox
            mt={{ base: 0, sm: 30 }}
            label={t('lists.filters.withDues')}
            checked={withDues}
            onChange={(e) => s.refilter(setWithDues)(e.currentTarget.checked)}
          />
        </>
      }
      summary={
        list.data && (
          <TotalsSummary
            count={list.data.totals.count}
            figures={[
              {
                testId: 'total-amount',
                label: t('lists.cols.dues'),
                value: yen(list.data.totals.dues),
              },
            ]}
          />
        )
      }
      bulk={
        <BulkBar count={s.selected.size} result={s.result} onCloseResult={() => s.setResult(null)}>
          <Select
            label={t('lists.bulk.chooseRoute')}
            data={routeOptions.filter((o) => o.value !== 'none')}
            value={target}
            onChange={setTarget}
            w={220}
          />
          <Button
            onClick={apply}
            loading={move.isPending}
            disabled={!target || s.selected.size === 0}
          >
            {t('lists.bulk.moveToRoute')}
          </Button>
        </BulkBar>
      }
    >
      <ListTable
        list={list}
        state={s}
        caption={t('lists.kinds.customers')}
        columns={columns}
        rowLabel={(r) => r.restaurantName}
        selectable
      />
    </ListFrame>
  );
}
