import { Alert, Box, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveredLineInput, ShortReason } from '../../../../../shared/schemas/billing';
import type { JobOut } from '../../../../../shared/schemas/doorstep';
import { PhotoInput } from '../../../components/PhotoInput';
import { useBackCloses } from '../../../components/useBackCloses';
import { useFocusBack } from '../../../components/useFocusBack';
import { usePhone } from '../../../shell/FloatingActions';
import {
  cashToSend,
  changedLines,
  DeliveredLines,
  type DeliveredState,
  entryProblems,
} from './DeliveredLines';
import { OrderMessage } from './JobCard';
import type { QueuedDelivery } from './outbox';

/** What the driver entered, as it is sent. */
export interface DeliveryEntries {
  lines: DeliveredLineInput[];
  cashTaken?: number;
  recipient: string;
  /** A photo picked now (uploaded before the delivery, or kept with it). */
  photo: File | null;
  /** The photo of a refused delivery, already uploaded, sent again unless replaced. */
  proofImage?: string;
}

/**
 * What became of a send: null when it is done (sent or kept to send); the server's refusal
 * (translated) for the driver to correct; or a final word when nothing is left to send (the job
 * was delivered already and the cash taken could not be recorded).
 */
export type SubmitAnswer = string | { final: string } | null;

/** The dialog's fields from a delivery the server refused, for the driver to correct. */
function fromQueued(item: QueuedDelivery | undefined) {
  const lines: DeliveredState = {};
  for (const l of item?.lines ?? []) {
    lines[l.lineId] = {
      quantity: l.deliveredQuantity,
      reason: l.reason as ShortReason,
      // Priced again from the phone's product list by DeliveredLines (ADR 050).
      substitute: l.substitute ? { ...l.substitute } : undefined,
    };
  }
  return {
    lines,
    cash: item?.cashTaken ?? (item ? 0 : null),
    recipient: item?.recipientName ?? '',
    photo: item?.photo ?? null,
    proofImage: item?.proofImage,
  };
}

/**
 * 'Mark As Delivered': the delivered lines, the cash taken, who received it and a photo. It
 * stays open with what was entered until the delivery is sent or kept on the phone; a refusal
 * is shown here and nothing is lost. Nothing is sent while a field is wrong, and what the
 * fields show is what is sent. A send that can never succeed (the office had marked the job
 * delivered first) turns the dialog into that message, with only a button to close it: a
 * second "Yes" would be refused the same way.
 */
export function DeliverDialog({
  job,
  refused,
  error: initialError,
  noConnection,
  onSubmit,
  onClose,
}: {
  job: JobOut;
  /** A refused delivery of this job: its entries fill the fields. */
  refused?: QueuedDelivery;
  /** Why it was refused (already translated). */
  error?: string | null;
  noConnection: boolean;
  /** Sends or keeps the delivery; resolves with what became of it. */
  onSubmit: (entries: DeliveryEntries) => Promise<SubmitAnswer>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // On a phone the dialog takes the whole screen, so its footer sits at the screen's foot.
  const phone = usePhone();
  const [initial] = useState(() => fromQueued(refused));
  const [lineState, setLineState] = useState<DeliveredState>(initial.lines);
  const [cash, setCash] = useState<number | string | null>(initial.cash);
  const [recipient, setRecipient] = useState(initial.recipient);
  const [photo, setPhoto] = useState<File | null>(initial.photo);
  const [proofImage, setProofImage] = useState(initial.proofImage);
  const [error, setError] = useState<string | null>(initialError ?? null);
  /** The last word on this delivery: nothing is left to send. */
  const [final, setFinal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A refusal shows at the top of the dialog while the driver is at its foot, by the button:
  // it is brought into view and focused (and, as an alert, read out) when it appears.
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const alert = alertRef.current;
    if (!(error || final) || !alert) return;
    alert.focus({ preventScroll: true });
    alert.scrollIntoView({ block: 'start' });
  }, [error, final]);
  const problems = entryProblems(t, job, lineState, cash);
  // The phone's Back button closes the dialog and stays on the list (not while sending: then
  // Back is held, as the close button is).
  const close = busy ? () => {} : onClose;
  useBackCloses(true, close);
  // Born open and unmounted on close: without this, Escape or No leaves the focus on <body>
  // and a keyboard or screen-reader driver starts again at the top of a long list.
  useFocusBack();

  const confirm = async () => {
    if (problems.any || busy) return;
    setBusy(true);
    setError(null);
    try {
      const refusal = await onSubmit({
        lines: changedLines(job, lineState),
        cashTaken: cashToSend(job, lineState, cash),
        recipient,
        photo,
        proofImage: photo ? undefined : proofImage,
      });
      if (refusal === null) onClose();
      else if (typeof refusal === 'string') setError(refusal);
      else setFinal(refusal.final);
    } catch {
      setError(t('errors.common.mutationFailed'));
    } finally {
      setBusy(false);
    }
  };

  if (final !== null) {
    return (
      <Modal
        opened
        onClose={onClose}
        title={t('driverJobs.cashNotRecordedTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Text mb="lg">{job.customer?.restaurantName ?? job.restaurantName}</Text>
        <Alert
          ref={alertRef}
          tabIndex={-1}
          color="orange"
          variant="light"
          mb="md"
          role="alert"
          data-testid="delivered-elsewhere"
        >
          {final}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('common.close')}</Button>
        </Group>
      </Modal>
    );
  }

  return (
    <Modal
      opened
      onClose={close}
      title={t('driverJobs.confirmTitle')}
      centered
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      // The field the driver moves to (Next on the keyboard, a tap) is scrolled clear of the
      // Yes/No bar stuck to the foot below: without this it lands under the bar, unseen.
      styles={{ content: { scrollPaddingBottom: '7rem' } }}
    >
      <Text mb="lg">{job.customer?.restaurantName ?? job.restaurantName}</Text>
      {job.order?.customMessage?.trim() && (
        <Box mb="md">
          <OrderMessage message={job.order.customMessage} />
        </Box>
      )}
      {error && (
        <Alert
          ref={alertRef}
          tabIndex={-1}
          color="red"
          variant="light"
          mb="md"
          role="alert"
          title={t('driverJobs.notSent')}
        >
          {error}
        </Alert>
      )}
      <DeliveredLines
        job={job}
        state={lineState}
        onChange={setLineState}
        cash={cash}
        onCash={setCash}
      />
      <TextInput
        label={t('driverJobs.recipientOptional')}
        value={recipient}
        onChange={(e) => setRecipient(e.currentTarget.value)}
        mb="md"
      />
      <Stack gap={4} mb="md">
        <PhotoInput label={t('driverJobs.photoOptional')} value={photo} onChange={setPhoto} />
        {!photo && proofImage && (
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t('driverJobs.photoAlreadySent')}
            </Text>
            <Button variant="subtle" size="compact-sm" onClick={() => setProofImage(undefined)}>
              {t('driverJobs.removePhoto')}
            </Button>
          </Group>
        )}
        {photo && noConnection && (
          <Text size="sm" c="orange.8" role="status">
            {t('driverJobs.photoOffline')}
          </Text>
        )}
      </Stack>
      {/* Stuck to the foot of the dialog's scroll area: an order of many lines puts the
          buttons a screen or two below the first field, out of a thumb's reach. */}
      <Box
        data-testid="deliver-actions"
        pos="sticky"
        bottom={0}
        py="sm"
        bg="var(--mantine-color-body)"
        style={{ borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 1 }}
      >
        {problems.any && (
          <Text size="sm" c="red.8" mb="sm" role="status">
            {t('driverJobs.check.fixFirst')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('common.no')}
          </Button>
          <Button onClick={confirm} loading={busy} disabled={problems.any}>
            {t('common.yes')}
          </Button>
        </Group>
      </Box>
    </Modal>
  );
}
