import {
  Button,
  Center,
  Modal,
  Pagination,
  Paper,
  SimpleGrid,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toPickerDate } from '../../../../shared/format';
import type { OrderOut } from '../../../../shared/schemas/orders';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { trpc } from '../../trpc';
import { customerCrumbs } from './crumbs';
import { FetchFailed, Loading } from './LoadState';
import { OrderAgainButton } from './OrderAgainButton';
import { OrderDetailView } from './OrderDetailView';
import { OrderStatusBadge } from './OrderStatusBadge';

/** The optional page number of /customer/myorderlist/:pageNumber; anything else is page 1. */
export function pageFromParam(param: string | undefined): number {
  if (!param || !/^\d{1,6}$/.test(param)) return 1;
  return Math.max(1, Number(param));
}

export function historyPath(page: number): string {
  return page <= 1 ? '/customer/myorderlist' : `/customer/myorderlist/${page}`;
}

function DetailsModal({ order, onClose }: { order: OrderOut | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={order !== null}
      onClose={onClose}
      title={t('orders.detailsTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      {order && (
        <>
          <OrderDetailView order={order} />
          <SimpleGrid mt="lg" cols={{ base: 1, xs: 2 }} spacing="sm">
            <Button component={Link} to={`/customer/orderdetails/${order._id}`} variant="default">
              {t('orders.openPage')}
            </Button>
            <OrderAgainButton order={order} />
          </SimpleGrid>
        </>
      )}
    </Modal>
  );
}

/** /customer/myorderlist[/:pageNumber] 'ORDER HISTORY': the customer's orders, newest first. */
export function OrderHistoryScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const page = pageFromParam(useParams().pageNumber);
  const orders = trpc.orders.mine.useQuery(
    { pageNumber: page },
    { placeholderData: keepPreviousData },
  );
  const [open, setOpen] = useState<OrderOut | null>(null);
  const list = orders.data?.orders ?? [];
  const pages = orders.data?.pages ?? 1;

  return (
    <>
      <Breadcrumbs items={customerCrumbs(t, t('nav.orderHistory'))} />
      <Title order={2} mb="md">
        {t('orders.historyTitle')}
      </Title>
      {orders.isPending ? (
        <Loading />
      ) : orders.isError ? (
        <FetchFailed onRetry={() => void orders.refetch()} />
      ) : list.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Text fw={600}>{t('orders.none')}</Text>
        </Paper>
      ) : (
        <Paper withBorder radius="lg">
          <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('orders.delivery')}</Table.Th>
                <Table.Th>{t('orders.status')}</Table.Th>
                <Table.Th ta="right">{t('orders.action')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((order) => (
                <Table.Tr key={order._id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {toPickerDate(order.deliveryDate)}
                  </Table.Td>
                  <Table.Td>
                    <OrderStatusBadge isDelivered={order.isDelivered} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button size="xs" variant="light" onClick={() => setOpen(order)}>
                      {t('orders.details')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {pages > 1 && (
        <Center mt="md">
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={(next) => navigate(historyPath(next))}
            size="sm"
            siblings={1}
            boundaries={1}
            aria-label={t('orders.pages')}
          />
        </Center>
      )}
      <DetailsModal order={open} onClose={() => setOpen(null)} />
    </>
  );
}
