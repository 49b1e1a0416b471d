import './print.css';
import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { FetchFailed, Loading } from '../../../components/LoadState';
import { trpc } from '../../../trpc';
import { OfficeOrderDetail } from './OfficeOrderDetail';
import { OrderActions } from './OrderActions';
import { adminCrumbs } from './shared';

/** /admin/orders/:id: one order, printable as 'Order Detail'. */
export function OrderDetailScreen() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const navigate = useNavigate();
  const order = trpc.orders.officeById.useQuery({ id }, { enabled: id !== '' });
  return (
    <>
      <Breadcrumbs
        items={adminCrumbs(t, t('nav.orderDetail'), [
          { label: t('nav.webOrders'), link: '/admin/orders' },
        ])}
      />
      <Title order={1} size="h3" mb="md">
        {t('nav.orderDetail')}
      </Title>
      {order.isError ? (
        <FetchFailed onRetry={() => void order.refetch()} />
      ) : !order.data ? (
        <Loading />
      ) : (
        <Paper withBorder p="md">
          <Stack>
            <OfficeOrderDetail order={order.data} />
            <OrderActions
              order={order.data}
              allowDispatch
              onGone={() => navigate('/admin/orders')}
            />
          </Stack>
        </Paper>
      )}
    </>
  );
}
