import { Button, Group, Modal, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../components/notify';
import { errorMessage, keyedClient, newKey, withKey } from '../../../keyed';
import { trpc } from '../../../trpc';

/**
 * 'Mark as dispatched' asks first, and may assign a driver (which creates the driver's
 * delivery job). `orderIds` with more than one id dispatches them together to one driver.
 */
export function DispatchDialog({
  opened,
  orderIds,
  label,
  onClose,
  onDone,
}: {
  opened: boolean;
  orderIds: string[];
  /** E.g. '#10482' or '3 orders'. */
  label: string;
  onClose: () => void;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const options = trpc.ordertrack.formOptions.useQuery(undefined, { enabled: opened });
  const [driverId, setDriverId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One attempt, one key: pressing Yes again after a lost answer does not dispatch twice.
  const [key, setKey] = useState(newKey);
  const many = orderIds.length > 1;

  const confirm = async () => {
    setBusy(true);
    try {
      if (many) {
        if (!driverId) return;
        await keyedClient.orders.dispatchMany.mutate({ ids: orderIds, driverId }, withKey(key));
        notifySuccess(t('webOrders.dispatchedMany', { count: orderIds.length }));
      } else {
        await keyedClient.orders.dispatch.mutate(
          { id: orderIds[0] as string, driverId: driverId ?? undefined },
          withKey(key),
        );
        notifySuccess(t('webOrders.dispatchedOk', { label }));
      }
      setKey(newKey());
      setDriverId(null);
      void utils.orders.invalidate();
      void utils.ordertrack.invalidate();
      onDone?.();
      onClose();
    } catch (error) {
      notifyError(errorMessage(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      title={
        many
          ? t('webOrders.dispatchManyTitle', { count: orderIds.length })
          : t('webOrders.dispatchTitle', { label })
      }
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text mb="sm">{t('common.undoWarning')}</Text>
      <Select
        label={many ? t('webOrders.driver') : t('webOrders.driverOptional')}
        placeholder={many ? t('webOrders.chooseDriver') : t('webOrders.noDriver')}
        data={(options.data?.drivers ?? []).map((d) => ({
          value: d._id,
          label: d.name ? `${d.username} (${d.name})` : d.username,
        }))}
        value={driverId}
        onChange={(v) => {
          setDriverId(v);
          setKey(newKey());
        }}
        clearable={!many}
        required={many}
        mb="lg"
        comboboxProps={{ withinPortal: true }}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t('common.no')}
        </Button>
        <Button color="green" onClick={confirm} loading={busy} disabled={many && !driverId}>
          {t('common.yes')}
        </Button>
      </Group>
    </Modal>
  );
}
