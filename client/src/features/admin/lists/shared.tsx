import {
  Alert,
  Center,
  Group,
  List,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../shared/format';
import type { BulkOut } from '../../../../../shared/schemas/office-lists';
import { DateField } from '../../../components/dates/DateField';
import { FetchFailed, Loading } from '../../../components/LoadState';
import type { SortState } from '../../../components/SortableTable';
import { errorText } from '../../../errors';
import { trpc } from '../../../trpc';

// What the office's four lists share (ADR 044): the frame (filters, totals, bulk bar, table and
// pages), the filters, the list state and the loading, failed and empty states.

export const yen = (n: number) => formatYen(n);

/** The route filter's choices: every route, and customers without one. */
export function useRouteOptions() {
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

export function Pages({ data, onChange }: { data: PagedResult; onChange(p: number): void }) {
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
export function ListFrame({
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

export function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Text size="sm" data-testid={testId}>
      {label}: <strong>{value}</strong>
    </Text>
  );
}

export function SearchBox({ value, onChange }: { value: string; onChange(v: string): void }) {
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
  return <DateField label={label} value={value} onChange={onChange} />;
}

/** The route filter every list offers ("no route" included in the options). */
export function RouteFilter({
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
export function DateRange({
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

/**
 * Shared list state: search (debounced), sort, page; a change of filter goes to page 1.
 * `S` is the list's server sort keys, so `paging` is what its query takes as it is.
 */
export function useListState<S extends string>(initial: { sort: S; dir: SortState['dir'] }) {
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
    /** Search, sort and page as every list's query takes them (the table only offers S). */
    paging: { search: debounced, sort: sort.sort as S, dir: sort.dir, page },
    /** A filter's setter that also goes back to page 1: the old page may not exist any more. */
    refilter:
      <T,>(set: (v: T) => void) =>
      (v: T) => {
        set(v);
        setPage(1);
      },
    selected,
    setSelected,
    result,
    setResult,
  };
}

export type ListState = ReturnType<typeof useListState<string>>;

export function codeOf(error: unknown): string {
  const data = (error as { data?: { appCode?: string } } | null)?.data;
  return data?.appCode ?? 'common.generic';
}

export function BulkBar({
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

export function TableOrState({
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
