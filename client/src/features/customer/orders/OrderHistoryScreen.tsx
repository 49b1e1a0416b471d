import {
  Alert,
  Button,
  Center,
  Group,
  Modal,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { formatOrderNumber } from '../../../../../shared/format';
import type { OrderOut } from '../../../../../shared/schemas/orders';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { FetchFailed, Loading } from '../../../components/LoadState';
import { Money } from '../../../components/Money';
import { useBackCloses } from '../../../components/useBackCloses';
import { showDate } from '../../../dates';
import { usePhone } from '../../../shell/FloatingActions';
import { trpc } from '../../../trpc';
import { customerCrumbs } from '../crumbs';
import { CancelledOrders } from './CancelledOrders';
import { OrderAgainButton } from './OrderAgainButton';
import { ChangeLink } from './OrderChange';
import { OrderDetailView } from './OrderDetailView';
import { OrderStatusBadge } from './OrderStatusBadge';
import { ReportProblemLink } from './ReportProblemLink';
import { useOrderDate } from './useOrderDate';

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
  // On a phone the details fill the screen: inside the popup's margins the lines' table had
  // 292 of its 300 px at 360 px wide and cut the totals behind a sideways scroll.
  const phone = usePhone();
  // The phone's Back button closes the popup and the history stays on its page.
  useBackCloses(order !== null, onClose);
  return (
    <Modal
      opened={order !== null}
      onClose={onClose}
      fullScreen={phone}
      title={
        order ? `${t('orders.detailsTitle')} ${formatOrderNumber(order.orderNumber)}` : undefined
      }
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      {order && (
        <>
          <OrderDetailView order={order} />
          <ChangeLink orderId={order._id} />
          <SimpleGrid mt="lg" cols={{ base: 1, xs: 2 }} spacing="sm">
            <Button component={Link} to={`/customer/orderdetails/${order._id}`} variant="default">
              {t('orders.openPage')}
            </Button>
            <OrderAgainButton order={order} />
            <ReportProblemLink order={order} />
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
  const phone = usePhone();
  const orderDate = useOrderDate();
  const list = orders.data?.orders ?? [];
  const pages = orders.data?.pages ?? 1;
  // An order just cancelled from its page (ADR 043).
  const cancelled = (useLocation().state as { cancelled?: number } | null)?.cancelled;

  return (
    <>
      <Breadcrumbs items={customerCrumbs(t, t('nav.orderHistory'))} />
      <Title order={1} size="h2" mb="md">
        {t('orders.historyTitle')}
      </Title>
      {cancelled !== undefined && (
        <Alert color="green" variant="light" role="status" mb="md" data-testid="order-cancelled">
          {t('orders.cancelled', { orderNumber: formatOrderNumber(cancelled) })}
        </Alert>
      )}
      {orders.isPending ? (
        <Loading />
      ) : orders.isError ? (
        <FetchFailed onRetry={() => void orders.refetch()} />
      ) : list.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Stack align="center" gap="sm">
            <Text fw={600}>{t('orders.none')}</Text>
            <Text size="sm" c="dimmed">
              {t('buyer.emptyHistoryHint')}
            </Text>
            <Button component={Link} to="/customer/regularorder" size="md">
              {t('buyer.browseProducts')}
            </Button>
          </Stack>
        </Paper>
      ) : phone ? (
        <Stack gap="xs" data-testid="order-rows">
          {list.map((order) => (
            <Paper key={order._id} withBorder radius="md" p="sm" data-testid="order-row">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={700}>{formatOrderNumber(order.orderNumber)}</Text>
                <Money amount={order.totalPrice} fw={700} />
              </Group>
              <Text size="sm" c="dimmed">
                {t('buyer.ordered')} {orderDate(order.createdAt)} · {t('orders.delivery')}{' '}
                <Text span c="var(--mantine-color-text)" fw={600} inherit>
                  {showDate(order.deliveryDate)}
                </Text>
              </Text>
              <Group justify="space-between" mt={6}>
                <OrderStatusBadge
                  isDelivered={order.isDelivered}
                  onHold={order.onHold}
                  arrivedAt={order.arrivedAt}
                />
                <Button mih={44} variant="light" onClick={() => setOpen(order)}>
                  {t('orders.details')}
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Paper withBorder radius="lg">
          <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('buyer.number')}</Table.Th>
                <Table.Th>{t('buyer.ordered')}</Table.Th>
                <Table.Th>{t('orders.delivery')}</Table.Th>
                <Table.Th ta="right">{t('buyer.total')}</Table.Th>
                <Table.Th>{t('orders.status')}</Table.Th>
                <Table.Th ta="right">{t('orders.action')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((order) => (
                <Table.Tr key={order._id} data-testid="order-row">
                  <Table.Td fw={700}>{formatOrderNumber(order.orderNumber)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{orderDate(order.createdAt)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {showDate(order.deliveryDate)}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amount={order.totalPrice} />
                  </Table.Td>
                  <Table.Td>
                    <OrderStatusBadge
                      isDelivered={order.isDelivered}
                      onHold={order.onHold}
                      arrivedAt={order.arrivedAt}
                    />
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
      {page === 1 && !orders.isPending && !orders.isError && <CancelledOrders />}
      {pages > 1 && (
        <Center mt="md">
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={(next) => navigate(historyPath(next))}
            size={phone ? 'xl' : 'md'}
            siblings={phone ? 0 : 1}
            boundaries={1}
            aria-label={t('orders.pages')}
            getItemProps={(n) => ({ 'aria-label': t('shell.page', { page: n }) })}
            getControlProps={(control) => ({
              'aria-label':
                control === 'previous'
                  ? t('shell.previousPage')
                  : control === 'next'
                    ? t('shell.nextPage')
                    : control === 'first'
                      ? t('shell.firstPage')
                      : t('shell.lastPage'),
            })}
          />
        </Center>
      )}
      <DetailsModal order={open} onClose={() => setOpen(null)} />
    </>
  );
}
