import './print.css';
import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { formatOrderNumber } from '../../../../../shared/format';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { FetchFailed, Loading } from '../../../components/LoadState';
import { PrintIcon } from '../../../components/shopIcons';
import { errorText, httpStatusOf } from '../../../errors';
import { trpc } from '../../../trpc';
import { customerCrumbs } from '../crumbs';
import { OrderAgainButton } from './OrderAgainButton';
import { ChangeableUntil, OrderChangeActions } from './OrderChange';
import { OrderDetailView } from './OrderDetailView';
import { OrderedElsewhere } from './OrderPlacedScreen';
import { ReportProblemLink } from './ReportProblemLink';

/** Prints the page titled 'Order Detail' (spec §2), then gives the tab its title back. */
export function printWithTitle(title: string): void {
  const previous = document.title;
  const restore = () => {
    document.title = previous;
    window.removeEventListener('afterprint', restore);
  };
  document.title = title;
  window.addEventListener('afterprint', restore);
  window.print();
}

/** /customer/orderdetails/:id: one of the customer's orders, printable. */
export function OrderDetailsScreen() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const order = trpc.orders.byId.useQuery({ id }, { enabled: id !== '' });
  // Checkout's 'Add to that order' comes here with the order's number.
  const state = useLocation().state as { added?: number; elsewhere?: boolean } | null;
  const added = state?.added;

  return (
    <>
      <Breadcrumbs
        items={customerCrumbs(t, t('nav.orderDetails'), [
          { label: t('nav.orderHistory'), link: '/customer/myorderlist' },
        ])}
      />
      <Group justify="space-between" mb="md" align="center">
        <Title order={1} size="h2">
          {t('orders.detailsTitle')}
        </Title>
        {order.data && (
          <Group gap="xs" className="no-print">
            <Button
              variant="default"
              leftSection={<PrintIcon size={16} />}
              onClick={() => printWithTitle(t('nav.orderDetail'))}
            >
              {t('orders.print')}
            </Button>
            <OrderAgainButton order={order.data} />
            <ReportProblemLink order={order.data} />
          </Group>
        )}
      </Group>
      {order.isPending ? (
        <Loading />
      ) : order.isError ? (
        httpStatusOf(order.error) === 404 ? (
          <Alert color="red" variant="light" role="alert">
            {errorText(t, order.error, 'errors.order.notFound')}
          </Alert>
        ) : (
          <FetchFailed onRetry={() => void order.refetch()} />
        )
      ) : (
        <Stack gap="md">
          {added !== undefined && state?.elsewhere === true && <OrderedElsewhere />}
          {added !== undefined && (
            <Alert color="green" variant="light" role="status" data-testid="added-to-order">
              {t('orders.addedToOrder', { orderNumber: formatOrderNumber(added) })}
            </Alert>
          )}
          <ChangeableUntil orderId={order.data._id} />
          <OrderChangeActions order={order.data} />
          <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
            <OrderDetailView order={order.data} />
          </Paper>
        </Stack>
      )}
    </>
  );
}
