import { Button, Group, Tabs, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { InvoiceOut, InvoiceTab } from '../../../../../shared/schemas/invoices';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { ClosingStatements } from '../../../components/documents/ClosingStatements';
import { Loading } from '../../../components/LoadState';
import { trpc } from '../../../trpc';
import { INVOICE_QUERY } from './api';
import { InvoiceForm } from './InvoiceForm';
import { InvoiceCards, InvoicesFailed } from './InvoiceList';

type Tab = 'cash' | 'monthly' | 'done';
const TABS: Tab[] = ['cash', 'monthly', 'done'];

/** /admin/invoice: tabs Cash, Monthly and Done (spec §2). */
export function InvoicesScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = (TABS as string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'cash';
  const [editing, setEditing] = useState<InvoiceOut | null | undefined>(undefined);
  const utils = trpc.useUtils();
  const refresh = () => void utils.invoices.invalidate();

  return (
    <>
      <Breadcrumbs
        items={[{ label: t('nav.home'), link: '/admin' }, { label: t('nav.payments') }]}
      />
      <Group justify="space-between" mb="md">
        <Title order={1} size="h2">
          {t('nav.payments')}
        </Title>
        <Group gap="xs">
          <Button variant="default" component={Link} to="/admin/lists/invoices">
            {t('lists.title')}
          </Button>
          <Button variant="default" component={Link} to="/admin/invoice/followups">
            {t('money.followUps')}
          </Button>
          <Button
            variant="default"
            component={Link}
            to="/admin/invoice/bank-import"
            // A long name in some language takes a second line on a phone, never the page's width.
            maw="100%"
            h="auto"
            py={10}
            styles={{ label: { whiteSpace: 'normal' } }}
          >
            {t('bankImport.link')}
          </Button>
          <Button onClick={() => setEditing(null)}>{t('money.newInvoice')}</Button>
        </Group>
      </Group>
      <Group mb="md">
        <ClosingStatements />
      </Group>
      <Tabs
        value={tab}
        onChange={(v) => setParams(v && v !== 'cash' ? { tab: v } : {})}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="cash">{t('money.tabs.cash')}</Tabs.Tab>
          <Tabs.Tab value="monthly">{t('money.tabs.monthly')}</Tabs.Tab>
          <Tabs.Tab value="done">{t('money.tabs.done')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="cash">
          <OpenInvoices kind="cash" onEdit={setEditing} onChanged={refresh} />
        </Tabs.Panel>
        <Tabs.Panel value="monthly">
          <OpenInvoices kind="monthly" onEdit={setEditing} onChanged={refresh} />
        </Tabs.Panel>
        <Tabs.Panel value="done">
          <DoneInvoices onChanged={refresh} />
        </Tabs.Panel>
      </Tabs>
      {editing !== undefined && (
        <InvoiceForm invoice={editing} onClose={() => setEditing(undefined)} onSaved={refresh} />
      )}
    </>
  );
}

function OpenInvoices({
  kind,
  onEdit,
  onChanged,
}: {
  kind: InvoiceTab;
  onEdit(invoice: InvoiceOut): void;
  onChanged(): void;
}) {
  const { t } = useTranslation();
  const query = trpc.invoices.list.useInfiniteQuery(
    { kind },
    {
      ...INVOICE_QUERY,
      initialCursor: 1,
      getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
    },
  );
  if (query.isPending) return <Loading />;
  if (query.isError) return <InvoicesFailed onRetry={() => void query.refetch()} />;
  return (
    <InvoiceCards
      invoices={query.data.pages.flatMap((p) => p.invoices)}
      staff
      emptyType={t(kind === 'cash' ? 'money.kindCash' : 'money.kindMonthly')}
      onChanged={onChanged}
      onEdit={onEdit}
      hasMore={query.hasNextPage}
      onMore={() => void query.fetchNextPage()}
      loadingMore={query.isFetchingNextPage}
    />
  );
}

function DoneInvoices({ onChanged }: { onChanged(): void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const query = trpc.invoices.completed.useInfiniteQuery(
    { keyword: keyword.trim() },
    {
      ...INVOICE_QUERY,
      initialCursor: 1,
      getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
    },
  );
  return (
    <>
      <TextInput
        mb="md"
        maw={360}
        label={t('money.search')}
        value={keyword}
        onChange={(e) => setKeyword(e.currentTarget.value)}
      />
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <InvoicesFailed onRetry={() => void query.refetch()} />
      ) : (
        <InvoiceCards
          invoices={query.data.pages.flatMap((p) => p.invoices)}
          staff
          emptyType={t('money.kindDone')}
          onChanged={onChanged}
          hasMore={query.hasNextPage}
          onMore={() => void query.fetchNextPage()}
          loadingMore={query.isFetchingNextPage}
        />
      )}
    </>
  );
}
