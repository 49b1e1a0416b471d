import { Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../shared/format';
import type { HandoverDetailOut, HandoverOut } from '../../../../../shared/schemas/invoices';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useFocusBack } from '../../../components/useFocusBack';
import { showDate } from '../../../dates';
import { withKey } from '../../../keyed';
import { moneyErrorText, newKey } from './api';

// What the office's two dialogs on a driver's day (confirm it, correct it once confirmed) share:
// the frame that names the day, the one-attempt submit, and the lines of the day's corrections,
// which the handovers table shows too.

/** What each dialog on a driver's day is given: the day, how to close, what to refresh after. */
export interface DayDialogProps {
  handover: HandoverOut;
  onClose(): void;
  onDone(): void;
}

/**
 * Sends the dialog's change under one idempotency key per attempt: a retry after no answer is
 * the same attempt, a refusal starts a new one. Done, it says so, refreshes and closes.
 */
export function useDayChange(done: string, onDone: () => void, onClose: () => void) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const key = useRef(newKey());
  const submit = async (send: (context: ReturnType<typeof withKey>) => Promise<unknown>) => {
    setBusy(true);
    try {
      await send(withKey(key.current));
      key.current = newKey();
      notifySuccess(done);
      onDone();
      onClose();
    } catch (err) {
      key.current = newKey();
      notifyError(moneyErrorText(t, err, 'money.operationFailed'));
    } finally {
      setBusy(false);
    }
  };
  return { busy, submit };
}

/** The dialog on a driver's day: its title, then who, which day and the figure it starts from. */
export function DayDialog({
  title,
  handover,
  figure,
  onClose,
  children,
}: {
  title: string;
  handover: HandoverOut;
  /** The figure the dialog starts from, with its label (handed over, or confirmed). */
  figure: { label: string; amount: number };
  onClose(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  useFocusBack();
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack>
        <Text size="sm">
          {handover.driverName} · {showDate(handover.date)} · {figure.label}:{' '}
          {formatYen(figure.amount)}
        </Text>
        {children}
      </Stack>
    </Modal>
  );
}

/** A confirmed day's corrections, one line each: whose payment, before and after, why, by whom. */
export function CorrectionLines({
  corrections,
}: {
  corrections: HandoverDetailOut['corrections'];
}) {
  const { t } = useTranslation();
  return (
    <>
      {corrections.map((c) => (
        <Text key={c._id} size="xs">
          {t('money.correctionLine', {
            name: c.restaurantName ?? t('money.deletedRestaurant'),
            before: formatYen(c.beforeAmount),
            after: formatYen(c.afterAmount),
            reason: c.reason,
            by: c.correctedBy,
          })}
        </Text>
      ))}
    </>
  );
}
