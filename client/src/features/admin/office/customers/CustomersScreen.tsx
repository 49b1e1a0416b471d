import {
  Anchor,
  Button,
  Group,
  Modal,
  Pagination,
  SimpleGrid,
  Skeleton,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { CustomerKind, CustomerOut } from '../../../../../../shared/schemas/office';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { FetchFailed } from '../../../../components/LoadState';
import type { TKey } from '../../../../i18n';
import { trpc } from '../../../../trpc';
import { AdminSidebarLayout, officeCrumbs } from '../../AdminSidebarLayout';
import { ImportModal } from '../shared/ImportModal';
import { useAfterChange } from '../shared/useOfficeMutation';
import { CustomerCard } from './CustomerCard';
import { CustomerForm } from './CustomerForm';
import { CustomerHistory } from './customerHistory';
import { EmptyCustomers } from './EmptyCustomers';

/** Which screen: the unified one with tabs, or one of the breadcrumb targets. */
export type CustomersView = 'unified' | 'all' | 'monthly' | 'web';

const TABS = ['cash', 'monthly', 'baddebt'] as const;
type Tab = (typeof TABS)[number];

const VIEW_KIND: Record<Exclude<CustomersView, 'unified'>, CustomerKind> = {
  all: 'all',
  monthly: 'monthly',
  web: 'web',
};
const VIEW_TITLE: Record<CustomersView, TKey> = {
  unified: 'nav.customers',
  all: 'nav.allCustomers',
  monthly: 'nav.monthlyCustomers',
  web: 'nav.webCustomers',
};

/** /admin/customer/unified (tabs Cash, Monthly, Bad Debt) and /admin/customer[/monthly|/web]. */
export function CustomersScreen({ view }: { view: CustomersView }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const route = params.get('route') ?? undefined;
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'cash';
  const kind: CustomerKind = view === 'unified' ? tab : VIEW_KIND[view];
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword.trim(), 200);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<CustomerOut | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CustomerOut | null>(null);
  const [history, setHistory] = useState<CustomerOut | null>(null);
  const [importing, setImporting] = useState(false);
  const after = useAfterChange();
  const remove = trpc.customers.remove.useMutation();
  const routes = trpc.routes.list.useQuery();

  // One page of cards from the server (the list is built once per change there).
  const list = trpc.customers.list.useQuery(
    { kind, route, keyword: debounced || undefined, pageNumber: page },
    { placeholderData: keepPreviousData },
  );
  const data = list.data && !Array.isArray(list.data) ? list.data : null;
  const shown = data?.customers ?? [];
  const total = data?.total ?? 0;
  const pages = data?.pages ?? 1;
  const current = data?.page ?? 1;
  const routeName = route ? routes.data?.find((r) => r._id === route)?.name : undefined;
  const typeLabel = t(`office.customers.kind.${kind}`);

  const setTab = (value: string | null) => {
    const next = new URLSearchParams(params);
    next.set('tab', value ?? 'cash');
    setParams(next, { replace: true });
    setPage(1);
  };

  const title = routeName ? `${t(VIEW_TITLE[view])} · ${routeName}` : t(VIEW_TITLE[view]);
  const crumbs = officeCrumbs(
    t,
    t(VIEW_TITLE[view]),
    view === 'unified' ? [] : [{ label: t('nav.customers'), link: '/admin/customer/unified' }],
  );

  const body = list.isPending ? (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" aria-busy="true">
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} h={170} radius="md" />
      ))}
    </SimpleGrid>
  ) : list.isError ? (
    <FetchFailed onRetry={() => void list.refetch()} />
  ) : total === 0 ? (
    <EmptyCustomers
      kind={kind}
      typeLabel={typeLabel}
      searched={debounced !== ''}
      onRoute={route !== undefined}
      noRoutes={routes.data?.length === 0}
      onAdd={() => setEditing('new')}
      onImport={() => setImporting(true)}
      onClearSearch={() => {
        setKeyword('');
        setPage(1);
      }}
    />
  ) : (
    <>
      <Text size="sm" c="dimmed">
        {t('office.customers.count', { count: total })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {shown.map((c) => (
          <CustomerCard
            key={c._id}
            customer={c}
            onEdit={() => setEditing(c)}
            onDelete={() => setDeleting(c)}
            onHistory={() => setHistory(c)}
          />
        ))}
      </SimpleGrid>
      {pages > 1 && (
        <Group justify="center">
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
          />
        </Group>
      )}
    </>
  );

  return (
    <AdminSidebarLayout
      title={title}
      crumbs={crumbs}
      actions={
        <>
          <Button variant="default" component={Link} to="/admin/lists/customers">
            {t('lists.title')}
          </Button>
          <Button variant="default" onClick={() => setImporting(true)}>
            {t('office.import.button')}
          </Button>
          <Button onClick={() => setEditing('new')}>{t('office.customers.add')}</Button>
        </>
      }
    >
      <Group gap="md" aria-label={t('office.customers.views')} component="nav">
        <Anchor component={Link} to="/admin/customer" size="sm">
          {t('nav.allCustomers')}
        </Anchor>
        <Anchor component={Link} to="/admin/customer/monthly" size="sm">
          {t('nav.monthlyCustomers')}
        </Anchor>
        <Anchor component={Link} to="/admin/customer/web" size="sm">
          {t('nav.webCustomers')}
        </Anchor>
        <Anchor component={Link} to="/admin/customer/routes" size="sm">
          {t('nav.routes')}
        </Anchor>
      </Group>
      <TextInput
        type="search"
        label={t('office.customers.search')}
        placeholder={t('office.customers.searchHint')}
        value={keyword}
        onChange={(e) => {
          setKeyword(e.currentTarget.value);
          setPage(1);
        }}
      />
      {view === 'unified' ? (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="sm">
            <Tabs.Tab value="cash">{t('office.customers.tabs.cash')}</Tabs.Tab>
            <Tabs.Tab value="monthly">{t('office.customers.tabs.monthly')}</Tabs.Tab>
            <Tabs.Tab value="baddebt">{t('office.customers.tabs.baddebt')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value={tab}>{body}</Tabs.Panel>
        </Tabs>
      ) : (
        body
      )}

      {editing && (
        <CustomerForm
          customer={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('office.customers.confirmDelete')}
        message={`${deleting?.restaurantName ?? ''} — ${t('common.undoWarning')}`}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync({ id: deleting._id });
            after.done('office.customers.deleted');
          } catch (error) {
            after.failed(error);
          }
        }}
        onClose={() => setDeleting(null)}
      />
      <Modal
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={history !== null}
        onClose={() => setHistory(null)}
        title={t('office.customers.historyTitle', { name: history?.restaurantName ?? '' })}
        size="xl"
        centered
      >
        {history && <CustomerHistory id={history._id} />}
      </Modal>
      {importing && <ImportModal kind="customers" onClose={() => setImporting(false)} />}
    </AdminSidebarLayout>
  );
}
