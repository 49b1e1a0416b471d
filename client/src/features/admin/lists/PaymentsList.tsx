import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PAYMENT_SORTS } from '../../../../../shared/schemas/office-lists';
import type { Column } from '../../../components/SortableTable';
import { showDate } from '../../../dates';
import { trpc } from '../../../trpc';
import { ANY_ROUTE_ANY_DAY, MethodFilter, RouteAndDates, routeAndDatesInput } from './filters';
import { ListTable } from './ListTable';
import { ListFrame, SearchBox, useListState, yen } from './shared';
import { TotalsSummary } from './TotalsSummary';

/** /admin/lists/payments: payments by method, route and date (no bulk action). */
export function PaymentsList() {
  const { t } = useTranslation();
  const s = useListState<(typeof PAYMENT_SORTS)[number]>({ sort: 'date', dir: 'desc' });
  const [method, setMethod] = useState<string | null>(null);
  const [place, setPlace] = useState(ANY_ROUTE_ANY_DAY);
  const list = trpc.lists.payments.useQuery(
    {
      ...s.paging,
      ...routeAndDatesInput(place),
      method: (method ?? undefined) as 'cash' | undefined,
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
  return (
    <ListFrame
      filters={
        <>
          <SearchBox value={s.search} onChange={s.setSearch} />
          <MethodFilter value={method} onChange={s.refilter(setMethod)} />
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
            ]}
          />
        )
      }
    >
      <ListTable
        list={list}
        state={s}
        caption={t('lists.kinds.payments')}
        columns={columns}
        rowLabel={(r) => `${r.restaurantName} ${showDate(r.date)}`}
      />
    </ListFrame>
  );
}
