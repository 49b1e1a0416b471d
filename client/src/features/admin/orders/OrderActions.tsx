import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfficeOrderOut } from '../../../../../shared/schemas/doorstep';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notifyError, notifySuccess } from '../../../components/notify';
import { errorMessage } from '../../../keyed';
import { trpc } from '../../../trpc';
import { DispatchDialog } from './DispatchDialog';
import { printTitled } from './shared';

/** Print, 'Mark as dispatched' (pending orders, when allowed here) and delete. */
export function OrderActions({
  order,
  allowDispatch,
  inModal,
  onGone,
}: {
  order: OfficeOrderOut;
  allowDispatch: boolean;
  inModal?: boolean;
  /** After a delete or dispatch: e.g. close the popup. */
  onGone?: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [dispatching, setDispatching] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = trpc.orders.remove.useMutation();

  const doDelete = async () => {
    try {
      await remove.mutateAsync({ id: order._id });
      notifySuccess(t('webOrders.deleted'));
      void utils.orders.invalidate();
      onGone?.();
    } catch (error) {
      notifyError(errorMessage(t, error));
    }
  };

  return (
    <Group className="no-print" justify="flex-end" gap="sm">
      {/* In the popup, focus opens here rather than on ×, where a stray Enter closes it. */}
      <Button
        variant="default"
        data-autofocus={inModal || undefined}
        onClick={() => printTitled(t('nav.orderDetail'), { modal: inModal })}
      >
        {t('orders.print')}
      </Button>
      {allowDispatch && !order.isDelivered && (
        <Button
          color="green"
          disabled={order.onHold}
          title={order.onHold ? t('webOrders.releaseFirst') : undefined}
          onClick={() => setDispatching(true)}
        >
          {t('webOrders.markDispatched')}
        </Button>
      )}
      <Button color="red" variant="light" onClick={() => setDeleting(true)}>
        {t('webOrders.delete')}
      </Button>
      <DispatchDialog
        opened={dispatching}
        orderIds={[order._id]}
        label={`#${order.orderNumber}`}
        onClose={() => setDispatching(false)}
        onDone={onGone}
      />
      <ConfirmDialog
        opened={deleting}
        title={t('webOrders.deleteTitle')}
        message={t('common.undoWarning')}
        onConfirm={doDelete}
        onClose={() => setDeleting(false)}
      />
    </Group>
  );
}
