import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobOut } from '../../../../../shared/schemas/doorstep';
import { notifySuccess } from '../../../components/notify';
import { errorMessage, keyedClient, newKey, withKey } from '../../../keyed';
import { trpc } from '../../../trpc';
import { CustomerPicker } from '../office/shared/CustomerPicker';

/** 'Delivery Form': customer and driver are both required ('This field is required.'). */
export function JobFormModal({
  opened,
  job,
  onClose,
}: {
  opened: boolean;
  /** Editing this job; absent when creating. */
  job: JobOut | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const options = trpc.ordertrack.formOptions.useQuery(undefined, { enabled: opened });
  const update = trpc.ordertrack.update.useMutation();
  const [customer, setCustomer] = useState<string | null>(null);
  const [driver, setDriver] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ customer?: string; driver?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(newKey);

  useEffect(() => {
    if (!opened) return;
    setCustomer(job?.customer?._id ?? null);
    setDriver(job?.deliveredBy?._id ?? null);
    setErrors({});
    setKey(newKey());
  }, [opened, job]);

  const required = t('errors.common.required');
  const submit = async () => {
    const next = {
      customer: customer ? undefined : required,
      driver: driver ? undefined : required,
    };
    setErrors(next);
    if (!customer || !driver) return;
    setBusy(true);
    try {
      if (job) await update.mutateAsync({ id: job._id, customer, deliveredBy: driver });
      else
        await keyedClient.ordertrack.create.mutate({ customer, deliveredBy: driver }, withKey(key));
      notifySuccess(t('orderTrack.saved'));
      void utils.ordertrack.invalidate();
      onClose();
    } catch (error) {
      setErrors({ form: errorMessage(t, error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('orderTrack.jobForm')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack>
        {/* Searched on the server as the office types (ADR 094), never every customer. */}
        <CustomerPicker
          label={t('orderTrack.customer')}
          withAsterisk
          value={customer}
          known={job?.customer}
          onChange={(v) => {
            setCustomer(v);
            setErrors((e) => ({ ...e, customer: v ? undefined : required }));
          }}
          error={errors.customer}
        />
        <Select
          label={t('orderTrack.driver')}
          withAsterisk
          data={(options.data?.drivers ?? []).map((d) => ({
            value: d._id,
            label: d.name ? `${d.username} (${d.name})` : d.username,
          }))}
          value={driver}
          onChange={(v) => {
            setDriver(v);
            setErrors((e) => ({ ...e, driver: v ? undefined : required }));
          }}
          error={errors.driver}
        />
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button onClick={submit} loading={busy}>
            {job ? t('orderTrack.update') : t('orderTrack.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
