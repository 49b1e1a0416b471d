import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  Radio,
  Stack,
  Text,
} from '@mantine/core';
import { useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDaysIso } from '../../../../../shared/delivery-dates';
import type { PaidBy } from '../../../../../shared/enums';
import { formatYen } from '../../../../../shared/format';
import { BANK_FEE_WRITE_OFF_MAX } from '../../../../../shared/rules';
import type { InvoiceOut, PaymentOut } from '../../../../../shared/schemas/invoices';
import { LazyDateField } from '../../../components/dates/LazyDateField';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useBackCloses } from '../../../components/useBackCloses';
import { westernDigitsTyped } from '../../../components/westernDigitsTyped';
import { businessToday, showDate } from '../../../dates';
import { codeText } from '../../../errors';
import { isNetworkFailure, keyedClient, withKey } from '../../../keyed';
import { trpc } from '../../../trpc';
import { AuthContext } from '../../auth/AuthContext';
import { enqueuePayment, sendPayment } from '../../driver/payments/outbox';
import { moneyErrorText, newKey } from './api';

interface PaymentFormProps {
  invoice: InvoiceOut;
  /** Set to correct an existing payment (the office only). */
  editing?: PaymentOut | null;
  opened: boolean;
  onClose(): void;
  onSaved(invoice: InvoiceOut): void;
}

/**
 * The payment form (spec §5) in whole yen: a partial amount, or 'Pay Full Amount' while a
 * balance remains (disabled while a partial amount is typed).
 */
export function PaymentForm({ invoice, editing, opened, onClose, onSaved }: PaymentFormProps) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState<string | number>(editing ? editing.amount : '');
  const [date, setDate] = useState(editing?.date ?? businessToday());
  // How it was paid (ADR 107): what the payment says, or for a new one as the customer pays (a
  // monthly customer's money is a transfer); the office changes it for cash at the counter.
  const customerPays = invoice.customer?.paymentMethod ?? invoice.deletedCustomer?.paymentMethod;
  const [method, setMethod] = useState<PaidBy>(
    editing?.method ?? (customerPays === 'cash' ? 'cash' : 'transfer'),
  );
  const [touched, setTouched] = useState(false);
  // 'Amount is required' once something was typed and cleared, not before.
  const [everTyped, setEverTyped] = useState(Boolean(editing));
  const [busy, setBusy] = useState(false);
  // 'Pay Full Amount' records the whole balance at once: it asks first (ADR 039).
  const [confirmFull, setConfirmFull] = useState(false);
  // The button disables as the question appears, which would drop focus to the page: focus
  // goes to the answer instead, and back to the button once the question is gone.
  const payFullRef = useRef<HTMLButtonElement>(null);
  const payFullYesRef = useRef<HTMLButtonElement>(null);
  const askedFull = useRef(false);
  useEffect(() => {
    if (confirmFull) {
      askedFull.current = true;
      payFullYesRef.current?.focus();
    } else if (askedFull.current) {
      askedFull.current = false;
      payFullRef.current?.focus();
    }
  }, [confirmFull]);
  // One key per attempt: a retry after a lost answer is recorded once.
  const key = useRef(newKey());
  // A driver's payment is dated by the server: the day it was taken (ADR 023). The phone sends
  // the moment of the tap; without an answer the payment waits in the phone's queue
  // (driver/payments/outbox.ts) with that moment and its key, so it keeps its real day.
  const isDriver = useContext(AuthContext)?.user?.role === 'driver';
  const takenAt = useRef<string | null>(null);
  // The office dates a payment today or up to the business's window back (ADR 023): the
  // calendar offers those days, and a day typed outside says which rule it breaks.
  const datesIt = !(isDriver && !editing);
  const moneySettings = trpc.settings.money.useQuery(undefined, {
    enabled: opened && datesIt,
    staleTime: 60 * 60_000,
  });
  const today = businessToday();
  const backdateDays = moneySettings.data?.paymentBackdateDays;
  const earliest = backdateDays === undefined ? undefined : addDaysIso(today, -backdateDays);
  // The phone's Back button closes the form, as × does, and the invoices stay.
  useBackCloses(opened, onClose);
  // The "pay the full amount?" question inside the form holds Back of its own: one Back
  // answers it (Go back) and leaves the form open, a second closes the form. Held while the
  // payment is being sent.
  useBackCloses(opened && confirmFull && !editing, () => {
    if (!busy) setConfirmFull(false);
  });

  const typed = amount !== '' && amount !== null;
  const value = typeof amount === 'number' ? amount : Number(amount);
  const amountError = !typed
    ? t('errors.invoice.amountRequired')
    : !(value > 0)
      ? t('errors.invoice.amountPositive')
      : !Number.isInteger(value)
        ? t('errors.invoice.amountWhole')
        : null;
  const dateError = date ? null : t('errors.invoice.dateRequired');
  const balance = invoice.pendingAmount;
  // A transfer short of the balance by at most what a bank charges: the office may write the
  // rest off as the fee the restaurant deducted (ADR 069). Never cash (a driver's or at the
  // counter: no bank took anything), never a correction; a larger rest is a wrong amount, not a
  // fee, and is not offered.
  const rest = amountError ? 0 : balance - value;
  const feeOffered =
    !isDriver && !editing && method === 'transfer' && rest > 0 && rest <= BANK_FEE_WRITE_OFF_MAX;
  const [writeOff, setWriteOff] = useState(false);
  const writeOffRest = feeOffered && writeOff;

  const send = async (full: boolean) => {
    setTouched(true);
    if (dateError || (!full && amountError)) return;
    setBusy(true);
    try {
      const invoiceId = invoice._id;
      const keyed = withKey(key.current);
      takenAt.current ??= new Date().toISOString();
      if (isDriver && !editing) {
        // The driver sends when it was taken (the server dates it); without an answer the
        // payment waits in the phone's queue and is sent with the same key and time later.
        const queued = {
          key: key.current,
          invoiceId,
          amount: full ? balance : value,
          takenAt: takenAt.current,
        };
        try {
          const sent = await sendPayment(queued);
          key.current = newKey();
          takenAt.current = null;
          notifySuccess(t('money.paymentSaved'));
          onSaved(sent);
        } catch (error) {
          if (!isNetworkFailure(error)) throw error;
          await enqueuePayment({
            ...queued,
            restaurantName: invoice.customer?.restaurantName ?? t('money.deletedRestaurant'),
          });
          key.current = newKey();
          takenAt.current = null;
          notifySuccess(t('money.paymentQueued'));
        }
        onClose();
        return;
      }
      const saved = editing
        ? await keyedClient.invoices.editPayment.mutate(
            { invoiceId, _id: editing._id, amount: value, date, method },
            keyed,
          )
        : full
          ? await keyedClient.invoices.payFull.mutate({ invoiceId, date, method }, keyed)
          : await keyedClient.invoices.pay.mutate(
              {
                invoiceId,
                amount: value,
                date,
                method,
                ...(writeOffRest ? { writeOffRest } : {}),
              },
              keyed,
            );
      key.current = newKey();
      takenAt.current = null;
      notifySuccess(t('money.paymentSaved'));
      onSaved(saved);
      onClose();
    } catch (error) {
      notifyError(moneyErrorText(t, error, 'money.operationFailed'));
      key.current = newKey();
      takenAt.current = null;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? t('money.editPayment') : t('money.paymentForm')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {/* Enter in the amount records the amount typed (the partial payment, or the edit). */}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setEverTyped(true);
          if (!amountError && !busy) void send(false);
        }}
      >
        <Stack>
          <Text size="sm">
            {invoice.customer?.restaurantName ?? t('money.deletedRestaurant')} ·{' '}
            {t('money.balance', { amount: formatYen(balance) })}
          </Text>
          <NumberInput
            label={t('money.paymentAmount')}
            value={amount}
            onChange={(v) => {
              setAmount(v);
              if (v !== '') setEverTyped(true);
            }}
            // "१००००" typed on a Nepali keyboard is ¥10,000, as the quantities read it.
            onChangeCapture={westernDigitsTyped}
            // Typed as it is: "12.5" stays 12.5 and is refused, never read as 125 (ADR 024).
            clampBehavior="none"
            step={1}
            thousandSeparator=","
            prefix="¥"
            inputMode="numeric"
            // A yen amount is typed, never stepped by one; on a driver's phone the 24 x 17 px
            // arrows are no target either (driver.css).
            hideControls
            error={everTyped ? amountError : null}
            data-autofocus
          />
          {isDriver && !editing ? (
            <Text size="sm" c="dimmed">
              {t('money.datedWhenTaken', { date: showDate(date) })}
            </Text>
          ) : (
            // Lazy: the driver's payments use this form too, and never show the field.
            <LazyDateField
              label={t('money.date')}
              value={date}
              onChange={setDate}
              min={earliest}
              max={today}
              outsideError={(day) =>
                day > today
                  ? codeText(t, 'invoice.paymentDateFuture')
                  : backdateDays === undefined
                    ? undefined
                    : codeText(t, 'invoice.paymentDateTooOld', { days: backdateDays })
              }
              error={touched ? dateError : null}
              required
            />
          )}
          {datesIt && (
            // A driver's collection is cash: the choice is the office's.
            <Radio.Group
              label={t('money.paidBy')}
              value={method}
              onChange={(v) => setMethod(v === 'cash' ? 'cash' : 'transfer')}
              required
            >
              <Group mt="xs">
                <Radio value="cash" label={t('money.paidByCash')} />
                <Radio value="transfer" label={t('money.paidByTransfer')} />
              </Group>
            </Radio.Group>
          )}
          {feeOffered && (
            <Checkbox
              checked={writeOff}
              onChange={(e) => setWriteOff(e.currentTarget.checked)}
              label={t('money.bankFee.writeOff', { amount: formatYen(rest) })}
              description={t('money.bankFee.writeOffHint')}
              data-testid="write-off-rest"
            />
          )}
          <Group justify="flex-end">
            {editing ? (
              <Button onClick={() => send(false)} loading={busy} disabled={Boolean(amountError)}>
                {t('money.savePayment')}
              </Button>
            ) : (
              <>
                <Button
                  variant="light"
                  onClick={() => send(false)}
                  loading={busy}
                  disabled={Boolean(amountError)}
                >
                  {/* With the fee written off the invoice is settled, not part paid. */}
                  {writeOffRest
                    ? t('money.bankFee.recordWithFee', { amount: formatYen(rest) })
                    : t('money.payPartial')}
                </Button>
                {balance > 0 && (
                  <Button
                    ref={payFullRef}
                    color="green"
                    onClick={() => setConfirmFull(true)}
                    loading={busy}
                    disabled={typed || confirmFull}
                  >
                    {t('money.payFull')}
                  </Button>
                )}
              </>
            )}
          </Group>
          {confirmFull && !editing && (
            <Paper withBorder p="sm" bg="green.0" role="alertdialog" aria-labelledby="pay-full-q">
              <Text size="sm" id="pay-full-q" mb="sm">
                {t('money.payFullConfirm', {
                  amount: formatYen(balance),
                  date: showDate(isDriver ? businessToday() : date),
                })}
              </Text>
              <Group justify="flex-end" gap="xs">
                <Button variant="default" size="sm" onClick={() => setConfirmFull(false)}>
                  {t('money.payFullNo')}
                </Button>
                <Button
                  ref={payFullYesRef}
                  color="green"
                  size="sm"
                  loading={busy}
                  onClick={async () => {
                    await send(true);
                    setConfirmFull(false);
                  }}
                >
                  {t('money.payFullYes', { amount: formatYen(balance) })}
                </Button>
              </Group>
            </Paper>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
