import { Center, Pagination, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { FetchFailed, Loading } from '../../../components/LoadState';
import { RunCard } from '../../../components/standing/RunCard';
import { UsualOrders } from '../../../components/standing/UsualOrders';
import { trpc } from '../../../trpc';
import { OfficeOrderCard } from './OfficeOrderCard';
import { adminCrumbs } from './shared';

/** /admin/customer/orders/:id: one customer's orders, paged, with keyword. */
export function CustomerOrdersScreen() {
  const { t } = useTranslation();
  const userId = useParams().id ?? '';
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const pageNumber = Math.max(1, Number(params.get('pageNumber')) || 1);
  const [typed, setTyped] = useState(keyword);
  const list = trpc.orders.ofCustomer.useQuery(
    { userId, keyword, pageNumber },
    { enabled: userId !== '' },
  );
  const go = (k: string, p: number) => {
    const next = new URLSearchParams();
    if (k) next.set('keyword', k);
    if (p > 1) next.set('pageNumber', String(p));
    setParams(next);
  };
  const name = list.data?.customer.restaurantName ?? '';
  const customerId = list.data?.customer._id ?? '';
  return (
    <>
      <Breadcrumbs
        items={adminCrumbs(t, t('nav.customerOrders'), [
          { label: t('nav.customers'), link: '/admin/customer/unified' },
        ])}
      />
      <Title order={1} size="h3" mb="md">
        {name ? t('webOrders.customerOrdersTitle', { name }) : t('nav.customerOrders')}
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          go(typed.trim(), 1);
        }}
      >
        <TextInput
          type="search"
          placeholder={t('webOrders.searchOrders')}
          aria-label={t('webOrders.searchOrders')}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          mb="md"
          maw={360}
        />
      </form>
      {list.isError ? (
        <FetchFailed onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Loading />
      ) : list.data.orders.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('orders.none')}
        </Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {list.data.orders.map((o) => (
              <OfficeOrderCard key={o._id} order={o} allowDispatch />
            ))}
          </SimpleGrid>
          {list.data.pages > 1 && (
            <Center mt="lg">
              <Pagination
                total={list.data.pages}
                value={pageNumber}
                onChange={(p) => go(keyword, p)}
                getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
                getItemProps={(n) => ({ 'aria-label': t('webOrders.page', { page: n }) })}
              />
            </Center>
          )}
        </>
      )}
      {customerId && <StandingOfCustomer customerId={customerId} />}
    </>
  );
}

/** The customer's usual orders and coming standing runs, kept by the office (ADR 037). */
function StandingOfCustomer({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const runs = trpc.standing.upcomingFor.useQuery({ customerId });
  return (
    <Stack gap="md" mt="xl">
      <Title order={2} size="h4">
        {t('standing.forCustomer')}
      </Title>
      {(runs.data ?? []).map((r) => (
        <RunCard key={r.id} run={r} editable forCustomer />
      ))}
      <UsualOrders customerId={customerId} />
    </Stack>
  );
}
