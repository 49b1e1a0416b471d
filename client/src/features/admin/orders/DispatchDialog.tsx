import { Alert, Button, Group, Modal, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../components/notify';
import { errorMessage, keyedClient, newKey, withKey } from '../../../keyed';
import { trpc } from '../../../trpc';

/** The choice "the office delivers it" in the driver list (never an account id). */
export const OFFICE = 'office';

/**
 * 'Mark as dispatched' asks who delivers (ADR 056): a driver (which creates the driver's
 * delivery job) or, for one order, the office itself. Nothing is chosen for the office: the
 * driver who last delivered to this customer (else on its route) is preselected when there is
 * one; otherwise Yes waits until someone is picked. `orderIds` with more than one id dispatches
 * them together to one driver.
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
  /**
   * The order's number (e.g. '#10482') when one order is dispatched from its card. Without it
   * the dialog counts the orders ("1 order"): a bare count read as a number ("order 1").
   */
  label?: string;
  onClose: () => void;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const many = orderIds.length > 1;
  const options = trpc.ordertrack.formOptions.useQuery(undefined, { enabled: opened });
  const suggestion = trpc.orders.suggestDriver.useQuery(
    { ids: orderIds },
    { enabled: opened && orderIds.length > 0 },
  );
  // undefined: not touched yet, the suggestion stands; a value: what the office picked.
  const [picked, setPicked] = useState<string | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  // One attempt, one key: pressing Yes again after a lost answer does not dispatch twice.
  const [key, setKey] = useState(newKey);

  const drivers = options.data?.drivers ?? [];
  const suggested = drivers.find((d) => d._id === suggestion.data?.driverId) ?? null;
  const choice = picked === undefined ? (suggested?._id ?? null) : picked;
  const chosenDriver = drivers.find((d) => d._id === choice) ?? null;
  const nameOf = (d: { username: string; name: string }) =>
    d.name ? `${d.username} (${d.name})` : d.username;

  const close = () => {
    setPicked(undefined);
    onClose();
  };

  const confirm = async () => {
    if (!choice) return;
    setBusy(true);
    try {
      if (many) {
        if (choice === OFFICE) return;
        await keyedClient.orders.dispatchMany.mutate(
          { ids: orderIds, driverId: choice },
          withKey(key),
        );
        notifySuccess(t('webOrders.dispatchedMany', { count: orderIds.length }));
      } else {
        // The office delivering is said out loud (OFFICE), never an empty field left as it was.
        await keyedClient.orders.dispatch.mutate(
          { id: orderIds[0] as string, driverId: choice === OFFICE ? undefined : choice },
          withKey(key),
        );
        notifySuccess(
          label
            ? t('webOrders.dispatchedOk', { label })
            : t('webOrders.dispatchedMany', { count: 1 }),
        );
      }
      setKey(newKey());
      setPicked(undefined);
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

  const data = [
    ...drivers.map((d) => ({ value: d._id, label: nameOf(d) })),
    ...(many ? [] : [{ value: OFFICE, label: t('webOrders.officeDelivers') }]),
  ];
  const loading = options.isPending || (suggestion.isPending && picked === undefined);

  return (
    <Modal
      opened={opened}
      onClose={close}
      centered
      title={
        many
          ? t('webOrders.dispatchManyTitle', { count: orderIds.length })
          : label
            ? t('webOrders.dispatchTitle', { label })
            : t('webOrders.dispatchCountTitle', { count: 1 })
      }
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Select
        label={t('webOrders.driver')}
        description={many ? undefined : t('webOrders.whoDelivers')}
        placeholder={many ? t('webOrders.chooseDriver') : t('webOrders.chooseDriverOrOffice')}
        data={data}
        value={choice}
        onChange={(v) => {
          setPicked(v);
          setKey(newKey());
        }}
        allowDeselect={false}
        required
        // The dialog opens on this field, not on ×: while the drivers and the suggestion load it
        // is read-only, not disabled (a disabled field cannot take the focus when it opens).
        data-autofocus
        readOnly={loading}
        aria-busy={loading || undefined}
        mb="xs"
        comboboxProps={{ withinPortal: true }}
      />
      {suggested && choice === suggested._id && suggestion.data?.basis && (
        <Text size="sm" c="gray.7" mb="xs" data-testid="dispatch-suggested">
          {/* Several orders: "these customers", "these orders" (Japanese has no plural form). */}
          {suggestion.data.basis === 'customer'
            ? t(many ? 'webOrders.suggestedByCustomerMany' : 'webOrders.suggestedByCustomer', {
                driver: nameOf(suggested),
              })
            : t(many ? 'webOrders.suggestedByRouteMany' : 'webOrders.suggestedByRoute', {
                driver: nameOf(suggested),
              })}
        </Text>
      )}
      {many && options.isSuccess && drivers.length === 0 && (
        <Alert color="yellow" mb="xs">
          {t('webOrders.noDriversYet')}
        </Alert>
      )}
      <Text size="sm" mb="xs" data-testid="dispatch-outcome">
        {chosenDriver
          ? t(many ? 'webOrders.goesToDriverMany' : 'webOrders.goesToDriver', {
              driver: nameOf(chosenDriver),
            })
          : choice === OFFICE
            ? t('webOrders.officeHandsOver')
            : loading
              ? ''
              : t('webOrders.chooseWhoFirst')}
      </Text>
      <Text mb="lg" fw={600}>
        {t('common.undoWarning')}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={close} disabled={busy}>
          {t('common.no')}
        </Button>
        <Button
          color="green"
          onClick={confirm}
          loading={busy}
          disabled={!choice || (many && choice === OFFICE)}
        >
          {t('common.yes')}
        </Button>
      </Group>
    </Modal>
  );
}
