import { Button, Group, Modal, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  opened: boolean;
  /** The question, e.g. 'Are You Sure to Delete Order?' (already translated). */
  title: string;
  /** An optional line under the question, e.g. 'You cannot undo this operation'. */
  message?: string;
  /** Runs on Yes; the dialog closes when it has finished (or failed). */
  onConfirm: () => void | Promise<void>;
  /** No, Escape, the close button and a click outside all just close. */
  onClose: () => void;
  /** Optional fields asked together with the question (e.g. who received a delivery). */
  children?: ReactNode;
  /** Labels instead of Yes / No, and a non-destructive (primary) confirm button. */
  confirmLabel?: string;
  cancelLabel?: string;
}

export function ConfirmDialog({
  opened,
  title,
  message,
  onConfirm,
  onClose,
  children,
  confirmLabel,
  cancelLabel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onClose();
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {message && <Text mb="lg">{message}</Text>}
      {children}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {cancelLabel ?? t('common.no')}
        </Button>
        <Button color={confirmLabel ? undefined : 'red'} onClick={confirm} loading={busy}>
          {confirmLabel ?? t('common.yes')}
        </Button>
      </Group>
    </Modal>
  );
}
