import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoiceOut } from '../../../../../shared/schemas/invoices';
import { LazyDateField } from '../../../components/dates/LazyDateField';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useBackCloses } from '../../../components/useBackCloses';
import { businessToday } from '../../../dates';
import { trpc } from '../../../trpc';
import { moneyErrorText } from './api';

/** The note form (spec §5): trimmed, 4 rows, an optional next follow-up date. */
export function NoteForm({
  invoice,
  opened,
  onClose,
  onSaved,
}: {
  invoice: InvoiceOut;
  opened: boolean;
  onClose(): void;
  onSaved(invoice: InvoiceOut): void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [followUp, setFollowUp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = trpc.invoices.addNote.useMutation();
  // The phone's Back button closes the form, as × does, and the invoices stay (without it,
  // Back left the screen and the note typed).
  useBackCloses(opened, onClose);

  const submit = async () => {
    const text = note.trim();
    if (!text) {
      setError(t('money.noteRequired'));
      return;
    }
    try {
      const saved = await add.mutateAsync({
        invoiceId: invoice._id,
        note: text,
        date: businessToday(),
        nextFollowUp: followUp || null,
      });
      notifySuccess(t('money.noteAdded'));
      onSaved(saved);
      setNote('');
      setFollowUp('');
      // The popup closes 100 ms after the success message (spec §8).
      setTimeout(onClose, 100);
    } catch (err) {
      notifyError(moneyErrorText(t, err, 'money.noteFailed'));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('money.noteForm')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack>
        <Textarea
          label={t('money.note')}
          rows={4}
          value={note}
          onChange={(e) => {
            setNote(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          required
          data-autofocus
        />
        {/* Lazy: the driver's invoice cards (InvoiceActions) carry this form too. */}
        <LazyDateField label={t('money.nextFollowUp')} value={followUp} onChange={setFollowUp} />
        <Group justify="flex-end">
          <Button onClick={submit} loading={add.isPending}>
            {t('money.saveNote')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
