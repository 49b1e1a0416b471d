import { Button, Group, Modal, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoiceOut } from '../../../../../shared/schemas/invoices';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useFocusBack } from '../../../components/useFocusBack';
import { useOneAtATime } from '../../../oneAtATime';
import { trpc } from '../../../trpc';
import { moneyErrorText } from './api';

/**
 * Cancelling an issued invoice (ADR 034): the office writes the reason and confirms. The number
 * stays used; a cash delivery's invoice is issued again at once, a closing's orders go to the
 * next closing run.
 */
export function CancelInvoiceDialog({
  invoice,
  onClose,
  onCancelled,
}: {
  invoice: InvoiceOut;
  onClose(): void;
  onCancelled(): void;
}) {
  const { t } = useTranslation();
  useFocusBack();
  const [reason, setReason] = useState('');
  const cancel = trpc.invoices.cancel.useMutation();
  // One request however fast the confirm is clicked (a double click sent two).
  const once = useOneAtATime();
  const submit = () =>
    once.run(async () => {
      try {
        const r = await cancel.mutateAsync({ id: invoice._id, reason });
        notifySuccess(
          r.reissued
            ? t('money.cancel.doneReissued', { number: r.reissued.number })
            : t('money.cancel.done'),
        );
        onCancelled();
        onClose();
      } catch (err) {
        notifyError(moneyErrorText(t, err, 'errors.common.mutationFailed'));
      }
    });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('money.cancel.title', { number: invoice.number ?? '' })}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text mb="sm" size="sm">
        {invoice.kind === 'delivery'
          ? t('money.cancel.hintDelivery')
          : invoice.kind === 'closing'
            ? t('money.cancel.hintClosing')
            : t('money.cancel.hintManual')}
      </Text>
      <Textarea
        label={t('money.cancel.reason')}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        required
        autosize
        minRows={2}
        maxLength={1000}
        data-autofocus
      />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose} disabled={once.running}>
          {t('common.no')}
        </Button>
        <Button
          color="red"
          onClick={submit}
          loading={once.running}
          disabled={reason.trim() === '' || once.running}
        >
          {t('money.cancel.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
