import { Button, Checkbox, Select } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../components/notify';
import { type Column, SortableTable } from '../../../components/SortableTable';
import { showDate } from '../../../dates';
import { trpc } from '../../../trpc';
import {
  BulkBar,
  codeOf,
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

/** /admin/lists/customers: customers by route and payment method, moved to a route in bulk. */
export function CustomersList() {
  const { t } = useTranslation();
  const s = useListState({ sort: 'name', dir: 'asc' });
  const [route, setRoute] = useState<string | null>(null);
  const [method, setMethod] = useState<string | null>(null);
  const [withDues, setWithDues] = useState(false);
  const [target, setTarget] = useState<string | null>(null);
  const routeOptions = useRouteOptions();
  const utils = trpc.useUtils();
  const move = trpc.customers.assignRoute.useMutation();
  const list = trpc.lists.customers.useQuery(
    {
      search: s.debounced,
      sort: s.sort.sort as 'name',
      dir: s.sort.dir,
      page: s.page,
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
  const apply = async () => {
    if (!target || s.selected.size === 0) return;
    try {
      const r = await move.mutateAsync({ ids: [...s.selected], route: target });
      s.setResult(r);
      s.setSelected(new Set(r.failed.map((f) => f.id)));
      if (r.done.length > 0) notifySuccess(t('lists.bulk.done', { count: r.done.length }));
      void utils.lists.invalidate();
      void utils.customers.invalidate();
    } catch (error) {
      s.setResult({
        done: [],
        failed: [{ id: '', label: t('lists.kinds.customers'), code: codeOf(error) }],
      });
    }
  };
  return (
    <ListFrame
      filters={
        <>
          <SearchBox value={s.search} onChange={s.setSearch} />
          <RouteFilter
            options={routeOptions}
            value={route}
            onChange={(v) => {
              setRoute(v);
              s.setPage(1);
            }}
          />
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
              s.setPage(1);
            }}
            clearable
          />
          <Checkbox
            mt={{ base: 0, sm: 30 }}
            label={t('lists.filters.withDues')}
            checked={withDues}
            onChange={(e) => {
              setWithDues(e.currentTarget.checked);
              s.setPage(1);
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
              label={t('lists.cols.dues')}
              value={yen(list.data.totals.dues)}
            />
          </>
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
      <TableOrState query={list}>
        {list.data && (
          <>
            <SortableTable
              caption={t('lists.kinds.customers')}
              columns={columns}
              rows={list.data.rows}
              rowId={(r) => r._id}
              rowLabel={(r) => r.restaurantName}
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
