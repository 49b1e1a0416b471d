import './print.css';
import {
  Alert,
  Button,
  Center,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { OfficeOrderPageOut } from '../../../../../shared/schemas/doorstep';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { DataTable } from '../../../components/DataTable';
import { FetchFailed, Loading } from '../../../components/LoadState';
import { localName, unitLabel } from '../../../components/localName';
import { RunCard } from '../../../components/standing/RunCard';
import { showDate } from '../../../dates';
import { trpc } from '../../../trpc';
import { DispatchDialog } from './DispatchDialog';
import { OfficeOrderCard } from './OfficeOrderCard';
import { PlaceForModal } from './PlaceForModal';
import { adminCrumbs } from './shared';

const TABS = ['new', 'frozen', 'dispatched'] as const;
type Tab = (typeof TABS)[number];

function OrderGrid({
  page,
  allowDispatch,
  selected,
  onSelect,
  empty,
}: {
  page: OfficeOrderPageOut;
  allowDispatch: boolean;
  selected?: Set<string>;
  onSelect?: (id: string, on: boolean) => void;
  empty: string;
}) {
  const grid = useRef<HTMLDivElement>(null);
  const emptyText = useRef<HTMLParagraphElement>(null);
  // An order dispatched or deleted from its popup takes its card, and the keyboard's focus with
  // it, off the page once the list comes back: the focus goes to the card now in its place (or
  // the last one, or the 'no orders' line), not to the top of the page.
  const gone = useRef<{ id: string; index: number } | null>(null);
  useEffect(() => {
    const left = gone.current;
    if (!left || page.orders.some((o) => o._id === left.id)) return;
    gone.current = null;
    const views = grid.current?.querySelectorAll<HTMLElement>('[data-view-order]') ?? [];
    const next = views[Math.min(left.index, views.length - 1)] ?? emptyText.current;
    next?.focus();
  }, [page.orders]);

  if (page.orders.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl" ref={emptyText} tabIndex={-1}>
        {empty}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" ref={grid}>
      {page.orders.map((o, index) => (
        <OfficeOrderCard
          key={o._id}
          order={o}
          allowDispatch={allowDispatch}
          selected={selected?.has(o._id)}
          onSelect={onSelect ? (on) => onSelect(o._id, on) : undefined}
          onGone={() => {
            gone.current = { id: o._id, index };
          }}
        />
      ))}
    </SimpleGrid>
  );
}

function Pages({ page, onChange }: { page: OfficeOrderPageOut; onChange: (p: number) => void }) {
  const { t } = useTranslation();
  if (page.pages <= 1) return null;
  return (
    <Center mt="lg">
      <Pagination
        total={page.pages}
        value={page.page}
        onChange={onChange}
        getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
        getItemProps={(n) => ({ 'aria-label': t('webOrders.page', { page: n }) })}
      />
    </Center>
  );
}

function NewOrdersTab() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? '';
  const route = params.get('route') ?? '';
  const [pageNumber, setPageNumber] = useState(1);
  const dates = trpc.orders.pendingDates.useQuery(undefined, { refetchInterval: 30_000 });
  const list = trpc.orders.list.useQuery(
    { deliveryDate: date, route, pageNumber },
    { refetchInterval: 30_000 },
  );
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dispatching, setDispatching] = useState(false);
  const canSelect = date !== '' && route !== '';

  // A selection belongs to one date and one route.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the filter changes
  useEffect(() => setSelected(new Set()), [date, route]);

  const setFilter = (key: 'date' | 'route', value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
    setPageNumber(1);
  };

  const pickListHref = useMemo(() => {
    const q = new URLSearchParams();
    q.set('date', date || dates.data?.next || '');
    if (route) q.set('route', route);
    return `/admin/orders/picklist?${q}`;
  }, [date, route, dates.data?.next]);

  return (
    <>
      <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
        <Select
          label={t('orders.deliveryDate')}
          placeholder={t('webOrders.allDates')}
          data={(dates.data?.dates ?? []).map((d) => ({
            value: d.date,
            label: t('webOrders.dateWithCount', { date: showDate(d.date), count: d.count }),
          }))}
          value={date || null}
          onChange={(v) => setFilter('date', v)}
          clearable
          w={220}
        />
        <Select
          label={t('webOrders.route')}
          placeholder={t('webOrders.allRoutes')}
          data={dates.data?.routes ?? []}
          value={route || null}
          onChange={(v) => setFilter('route', v)}
          clearable
          w={200}
        />
        <Button component={Link} to={pickListHref} variant="default">
          {t('webOrders.printPickList')}
        </Button>
      </Group>
      {canSelect ? (
        <Group mb="md" gap="sm">
          <Button
            variant="default"
            size="xs"
            onClick={() =>
              setSelected(
                selected.size === (list.data?.orders.filter((o) => !o.onHold).length ?? 0)
                  ? new Set()
                  : new Set(list.data?.orders.filter((o) => !o.onHold).map((o) => o._id)),
              )
            }
          >
            {t('webOrders.selectAll')}
          </Button>
          <Text size="sm">{t('webOrders.selected', { count: selected.size })}</Text>
          <Button
            size="xs"
            color="green"
            disabled={selected.size === 0}
            onClick={() => setDispatching(true)}
          >
            {t('webOrders.dispatchSelected')}
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed" mb="md">
          {t('webOrders.selectHint')}
        </Text>
      )}
      {list.isError ? (
        <FetchFailed onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Loading />
      ) : (
        <>
          <OrderGrid
            page={list.data}
            allowDispatch
            selected={selected}
            onSelect={
              canSelect
                ? (id, on) => {
                    const next = new Set(selected);
                    if (on) next.add(id);
                    else next.delete(id);
                    setSelected(next);
                  }
                : undefined
            }
            empty={t('webOrders.noPending')}
          />
          <Pages page={list.data} onChange={setPageNumber} />
        </>
      )}
      <DispatchDialog
        opened={dispatching}
        orderIds={[...selected]}
        onClose={() => setDispatching(false)}
        onDone={() => setSelected(new Set())}
      />
    </>
  );
}

function FrozenCountsTab() {
  const { t, i18n } = useTranslation();
  const dates = trpc.orders.pendingDates.useQuery();
  const [date, setDate] = useState<string | null>(null);
  const chosen = date ?? dates.data?.next ?? 'all';
  const counts = trpc.orders.itemQuantities.useQuery(
    { deliveryDate: chosen },
    { enabled: dates.isSuccess },
  );
  // The same options while the dates are the same: counts arriving must not redraw an open list.
  const options = useMemo(
    () => [
      { value: 'all', label: t('webOrders.allDates') },
      ...(dates.data?.dates ?? []).map((d) => ({
        value: d.date,
        label: t('webOrders.dateWithCount', { date: showDate(d.date), count: d.count }),
      })),
    ],
    [dates.data, t],
  );
  return (
    <>
      <Group align="flex-end" mb="md" gap="sm">
        <Select
          label={t('orders.deliveryDate')}
          data={options}
          value={chosen}
          onChange={(v) => setDate(v ?? 'all')}
          allowDeselect={false}
          w={240}
        />
        {chosen !== 'all' && (
          <Button component={Link} to={`/admin/orders/picklist?date=${chosen}`} variant="default">
            {t('webOrders.printPickList')}
          </Button>
        )}
      </Group>
      {counts.isError ? (
        <FetchFailed onRetry={() => void counts.refetch()} />
      ) : (
        <DataTable
          records={counts.data ?? []}
          fetching={counts.isLoading}
          idAccessor={(r) => `${r.itemName}|${r.sku}`}
          columns={[
            {
              accessor: 'itemName',
              title: t('webOrders.item'),
              render: (r) =>
                localName(
                  { name: r.itemName, nameNe: r.itemNameNe, nameJa: r.itemNameJa },
                  i18n.resolvedLanguage,
                ),
            },
            {
              accessor: 'totalQuantity',
              title: t('webOrders.totalQuantity'),
              textAlign: 'right',
            },
            // In the reader's words (袋, 缶, ケース), as the other screens show a unit.
            { accessor: 'sku', title: t('webOrders.unit'), render: (r) => unitLabel(t, r.sku) },
          ]}
        />
      )}
      <StandingOfDate date={chosen === 'all' ? null : chosen} />
    </>
  );
}

/** The standing orders of a date (the next delivery day by default), beside the placed ones. */
function StandingOfDate({ date }: { date: string | null }) {
  const { t } = useTranslation();
  const calendar = trpc.settings.deliveryCalendar.useQuery(undefined, { enabled: date === null });
  const day = date ?? calendar.data?.earliest ?? '';
  const runs = trpc.standing.forDate.useQuery({ deliveryDate: day }, { enabled: day !== '' });
  if (!day) return null;
  return (
    <Stack gap="sm" mt="xl" component="section" aria-label={t('standing.officeTitle')}>
      <Title order={2} size="h4">
        {t('standing.officeTitle')} — {showDate(day)}
      </Title>
      {runs.data && runs.data.length > 0 && (
        <Text size="sm" data-testid="standing-counts">
          {t('standing.officeCounts', {
            drafts: runs.data.filter((r) => r.status === 'draft' && !r.skip).length,
            placed: runs.data.filter((r) => r.status === 'confirmed').length,
            skipped: runs.data.filter((r) => r.status === 'skipped' || r.skip).length,
          })}
        </Text>
      )}
      {runs.data && runs.data.length === 0 ? (
        <Text c="dimmed">{t('standing.officeNone')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {(runs.data ?? []).map((r) => (
            <Stack key={r.id} gap={4}>
              <Text fw={600}>{r.restaurantName}</Text>
              <RunCard run={r} editable forCustomer named />
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function DispatchedTab() {
  const { t } = useTranslation();
  const [pageNumber, setPageNumber] = useState(1);
  const list = trpc.orders.delivered.useQuery({ pageNumber, keyword: '' });
  if (list.isError) return <FetchFailed onRetry={() => void list.refetch()} />;
  if (!list.data) return <Loading />;
  return (
    <>
      <OrderGrid page={list.data} allowDispatch={false} empty={t('webOrders.noDispatched')} />
      <Pages page={list.data} onChange={setPageNumber} />
    </>
  );
}

/** /admin/orders: New Orders, Frozen Counts and Dispatched. */
export function WebOrdersScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'new';
  const [placing, setPlacing] = useState(false);
  const count = trpc.orders.pendingWebCount.useQuery(undefined, { refetchInterval: 30_000 });

  return (
    <>
      <Breadcrumbs items={adminCrumbs(t, t('nav.webOrders'))} />
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1} size="h3">
          {t('webOrders.title')}
        </Title>
        <Group gap="sm">
          <Button variant="default" component={Link} to="/admin/lists/orders">
            {t('lists.title')}
          </Button>
          <Button variant="default" component={Link} to="/admin/settings">
            {t('settings.title')}
          </Button>
          <Button onClick={() => setPlacing(true)}>{t('webOrders.placeFor')}</Button>
        </Group>
      </Group>
      {count.data && count.data.count > 0 && (
        // A standing count, not an error: read as status, not interrupted as an alert.
        <Alert color="yellow" variant="light" mb="md" role="status">
          {t('home.pendingWebOrders', { count: count.data.count })}
        </Alert>
      )}
      <Tabs
        value={tab}
        onChange={(v) => {
          const next = new URLSearchParams(params);
          next.set('tab', v ?? 'new');
          setParams(next, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="new">{t('webOrders.tabNew')}</Tabs.Tab>
          <Tabs.Tab value="frozen">{t('webOrders.tabFrozen')}</Tabs.Tab>
          <Tabs.Tab value="dispatched">{t('webOrders.tabDispatched')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="new">
          <NewOrdersTab />
        </Tabs.Panel>
        <Tabs.Panel value="frozen">
          <FrozenCountsTab />
        </Tabs.Panel>
        <Tabs.Panel value="dispatched">
          <DispatchedTab />
        </Tabs.Panel>
      </Tabs>
      <PlaceForModal opened={placing} onClose={() => setPlacing(false)} />
    </>
  );
}
