import { Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../shared/format';
import type { InvoiceOut, PaymentOut } from '../../../../../shared/schemas/invoices';
import { notifyError, notifySuccess } from '../../../components/notify';
import { keyedClient, withKey } from '../../../keyed';
import { moneyErrorText, newKey } from './api';
import { localToday } from './dates';

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
  const [date, setDate] = useState(editing?.date ?? localToday());
  const [touched, setTouched] = useState(false);
  // 'Amount is required' once something was typed and cleared, not before.
  const [everTyped, setEverTyped] = useState(Boolean(editing));
  const [busy, setBusy] = useState(false);
  // One key per attempt: a retry after a lost answer is recorded once.
  const key = useRef(newKey());

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

  const send = async (full: boolean) => {
    setTouched(true);
    if (dateError || (!full && amountError)) return;
    setBusy(true);
    try {
      const invoiceId = invoice._id;
      const keyed = withKey(key.current);
      const saved = editing
        ? await keyedClient.invoices.editPayment.mutate(
            { invoiceId, _id: editing._id, amount: value, date },
            keyed,
          )
        : full
          ? await keyedClient.invoices.payFull.mutate({ invoiceId, date }, keyed)
          : await keyedClient.invoices.pay.mutate({ invoiceId, amount: value, date }, keyed);
      key.current = newKey();
      notifySuccess(t('money.paymentSaved'));
      onSaved(saved);
      onClose();
    } catch (error) {
      notifyError(moneyErrorText(t, error, 'money.operationFailed'));
      key.current = newKey();
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
          // Typed as it is: "12.5" stays 12.5 and is refused, never read as 125 (ADR 024).
          clampBehavior="none"
          step={1}
          thousandSeparator=","
          prefix="¥"
          inputMode="numeric"
          error={everTyped ? amountError : null}
          data-autofocus
        />
        <TextInput
          type="date"
          label={t('money.date')}
          value={date}
          onChange={(e) => setDate(e.currentTarget.value)}
          min="1900-01-01"
          max="2099-12-31"
          error={touched ? dateError : null}
          required
        />
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
                {t('money.payPartial')}
              </Button>
              {balance > 0 && (
                <Button color="green" onClick={() => send(true)} loading={busy} disabled={typed}>
                  {t('money.payFull')}
                </Button>
              )}
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
