import {
  Alert,
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  List,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatYen } from '../../../../../shared/format';
import type { BulkOut } from '../../../../../shared/schemas/office-lists';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { notifySuccess } from '../../../components/notify';
import {
  type Column,
  cellLinkClass,
  SortableTable,
  type SortState,
} from '../../../components/SortableTable';
import { DATE_INPUT_RANGE, showDate } from '../../../dates';
import { errorText } from '../../../errors';
import type { TKey } from '../../../i18n';
import { trpc } from '../../../trpc';
import { FetchFailed, Loading } from '../../customer/LoadState';
import { adminCrumbs } from '../orders/shared';

// /admin/lists/{customers|orders|invoices|payments} (ADR 044): the office's lists as tables,
// sorted, filtered and totalled by the server (every list is paged), with bulk actions on a
// selection where the office uses them.

const KINDS = ['customers', 'orders', 'invoices', 'payments'] as const;
type Kind = (typeof KINDS)[number];

const yen = (n: number) => formatYen(n);

/** The route filter's choices: every route, and customers without one. */
function useRouteOptions() {
  const { t } = useTranslation();
  const routes = trpc.routes.list.useQuery();
  return [
    { value: 'none', label: t('lists.filters.noRoute') },
    ...(routes.data ?? []).map((r) => ({ value: r._id, label: r.name })),
  ];
}

interface PagedResult {
  page: number;
  pages: number;
}

function Pages({ data, onChange }: { data: PagedResult; onChange(p: number): void }) {
  const { t } = useTranslation();
  if (data.pages <= 1) return null;
  return (
    <Center>
      <Pagination
        total={data.pages}
        value={data.page}
        onChange={onChange}
        getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
        getItemProps={(n) => ({ 'aria-label': t('lists.page', { page: n }) })}
      />
    </Center>
  );
}

/** What a bulk action did: how many changed, and each item left unchanged with why. */
function BulkResult({ result, onClose }: { result: BulkOut; onClose(): void }) {
  const { t } = useTranslation();
  if (result.failed.length === 0) return null;
  return (
    <Alert
      color="orange"
      role="alert"
      withCloseButton
      closeButtonLabel={t('common.close')}
      onClose={onClose}
      title={t('lists.bulk.failedTitle', { count: result.failed.length })}
    >
      <Text size="sm">{t('lists.bulk.done', { count: result.done.length })}</Text>
      <List size="sm">
        {result.failed.map((f) => (
          <List.Item key={f.id}>
            {f.label}:{' '}
            {errorText(t, { data: { appCode: f.code, params: f.params } }, 'errors.common.generic')}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** Filters, the totals summary, the table and its pages: the frame every list shares. */
function ListFrame({
  filters,
  summary,
  bulk,
  children,
}: {
  filters: ReactNode;
  summary: ReactNode;
  bulk?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 4 }}
        spacing="sm"
        component="fieldset"
        style={{ border: 0, padding: 0, margin: 0 }}
        aria-label={t('lists.filters.title')}
      >
        {filters}
      </SimpleGrid>
      <Group gap="lg" role="status" aria-live="polite" aria-label={t('lists.totals.title')}>
        {summary}
      </Group>
      {bulk}
      {children}
    </Stack>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Text size="sm" data-testid={testId}>
      {label}: <strong>{value}</strong>
    </Text>
  );
}

function SearchBox({ value, onChange }: { value: string; onChange(v: string): void }) {
  const { t } = useTranslation();
  return (
    <TextInput
      type="search"
      label={t('lists.filters.search')}
      placeholder={t('lists.filters.searchHint')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

function DateBox({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
}) {
  return (
    <TextInput
      type="date"
      {...DATE_INPUT_RANGE}
      label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/** The route filter every list offers ("no route" included in the options). */
function RouteFilter({
  options,
  value,
  onChange,
}: {
  options: { value: string; label: string }[];
  value: string | null;
  onChange(v: string | null): void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('lists.filters.route')}
      placeholder={t('lists.filters.allRoutes')}
      data={options}
      value={value}
      onChange={onChange}
      clearable
    />
  );
}

/** From and to dates, side by side; either may be empty. */
function DateRange({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange(from: string, to: string): void;
}) {
  const { t } = useTranslation();
  return (
    <Group grow gap="xs" align="flex-end">
      <DateBox label={t('lists.filters.from')} value={from} onChange={(v) => onChange(v, to)} />
      <DateBox label={t('lists.filters.to')} value={to} onChange={(v) => onChange(from, v)} />
    </Group>
  );
}

/** Shared list state: search (debounced), sort, page; a change of filter goes to page 1. */
function useListState(initial: SortState) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [sort, setSort] = useState<SortState>(initial);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [result, setResult] = useState<BulkOut | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at page 1
  useEffect(() => setPage(1), [debounced]);
  return {
    search,
    setSearch,
    debounced,
    sort,
    setSort: (s: SortState) => {
      setSort(s);
      setPage(1);
    },
    page,
    setPage,
    selected,
    setSelected,
    result,
    setResult,
  };
}

const statusColor = { pending: 'gray', onHold: 'orange', dispatched: 'green' } as const;
const stateColor = { unpaid: 'blue', overdue: 'red', paid: 'green', cancelled: 'gray' } as const;

// --- Customers --------------------------------------------------------------------------------

function CustomersList() {
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

function codeOf(error: unknown): string {
  const data = (error as { data?: { appCode?: string } } | null)?.data;
  return data?.appCode ?? 'common.generic';
}

function BulkBar({
  count,
  result,
  onCloseResult,
  children,
}: {
  count: number;
  result: BulkOut | null;
  onCloseResult(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="wrap" role="group" aria-label={t('lists.bulk.title')}>
        <Text size="sm" mb={8} data-testid="selected-count">
          {t('lists.bulk.selected', { count })}
        </Text>
        {children}
      </Group>
      {result && <BulkResult result={result} onClose={onCloseResult} />}
    </Stack>
  );
}

function TableOrState({
  query,
  children,
}: {
  query: { isPending: boolean; isError: boolean; refetch(): unknown; data?: { rows: unknown[] } };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError && !query.data) return <FetchFailed onRetry={() => void query.refetch()} />;
  if (query.isPending) return <Loading />;
  if (query.data && query.data.rows.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('lists.none')}
      </Text>
    );
  }
  return <>{children}</>;
}

// --- Orders -----------------------------------------------------------------------------------

function OrdersList() {
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
        <Badge color={statusColor[r.status]} variant="outline">
          {t(`lists.orderStatus.${r.status}`)}
        </Badge>
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

// --- Invoices ---------------------------------------------------------------------------------

function InvoicesList() {
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
      state: (state ?? undefined) as 'unpaid' | undefined,
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
        <Badge color={stateColor[r.state]} variant="outline">
          {t(`lists.invoiceState.${r.state}`)}
        </Badge>
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
            data={(['unpaid', 'overdue', 'paid', 'cancelled'] as const).map((v) => ({
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

// --- Payments ---------------------------------------------------------------------------------

function PaymentsList() {
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

const SCREENS: Record<Kind, () => ReactNode> = {
  customers: CustomersList,
  orders: OrdersList,
  invoices: InvoicesList,
  payments: PaymentsList,
};

/** /admin/lists/:kind: one tab per list; each tab's filters live while it is shown. */
export function ListsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { kind: raw } = useParams();
  const kind: Kind = (KINDS as readonly string[]).includes(raw ?? '') ? (raw as Kind) : 'orders';
  const Screen = SCREENS[kind];
  return (
    <>
      <Breadcrumbs items={adminCrumbs(t, t('lists.title'))} />
      <Title order={1} size="h3" mb="md">
        {t('lists.title')}
      </Title>
      <Tabs
        value={kind}
        onChange={(v) => navigate(`/admin/lists/${v ?? 'orders'}`, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {KINDS.map((k) => (
            <Tabs.Tab key={k} value={k}>
              {t(`lists.kinds.${k}` as TKey)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={kind}>
          <Screen key={kind} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
