import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Textarea } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoiceOut } from '../../../../../shared/schemas/invoices';
import { LazyDateField } from '../../../components/dates/LazyDateField';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useFocusBack } from '../../../components/useFocusBack';
import { westernDigitsTyped } from '../../../components/westernDigitsTyped';
import { newKey } from '../../../keyed';
import { trpc } from '../../../trpc';
import { CustomerPicker } from '../office/shared/CustomerPicker';
import { moneyErrorText } from './api';
import { amountLocked } from './invoiceRules';

/** What the form shows of an invoice, as it sends it. */
function shownOf(invoice: InvoiceOut) {
  return {
    customer: invoice.customer?._id ?? '',
    amount: invoice.amount,
    dueDate: invoice.dueDate ?? null,
    note: invoice.note ?? '',
    assignToCollect: invoice.assignToCollect?._id ?? null,
    taxRate: (invoice.taxRate === 8 ? 8 : 10) as 8 | 10,
  };
}

const appCodeOf = (error: unknown) =>
  (error as { data?: { appCode?: string } } | null)?.data?.appCode;

/**
 * The invoice form (spec §5): customer and amount required; due date, note, collector; and for a
 * hand-made invoice the rate of the tax its amount includes (ADR 046).
 */
export function InvoiceForm({
  invoice,
  presetCustomer,
  onClose,
  onSaved,
}: {
  /** Editing this invoice; absent to create one. */
  invoice?: InvoiceOut | null;
  presetCustomer?: string;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  useFocusBack();
  // The collectors to choose from (the customers are searched as the office types).
  const options = trpc.invoices.formOptions.useQuery(undefined, { staleTime: 60_000 });
  // One key per opening of the form: a retried "Submit" (a lost answer) creates one invoice.
  const [idempotencyKey] = useState(newKey);
  const create = trpc.invoices.create.useMutation({ trpc: { context: { idempotencyKey } } });
  const update = trpc.invoices.update.useMutation();
  const [customer, setCustomer] = useState<string | null>(
    invoice?.customer?._id ?? presetCustomer ?? null,
  );
  const [amount, setAmount] = useState<string | number>(invoice?.amount ?? '');
  const [dueDate, setDueDate] = useState(invoice?.dueDate ?? '');
  const [note, setNote] = useState(invoice?.note ?? '');
  const [collector, setCollector] = useState<string | null>(invoice?.assignToCollect?._id ?? null);
  // Only a hand-made invoice has a rate to choose; one made from deliveries keeps its lines'.
  const typed = !invoice || invoice.kind === 'manual' || invoice.kind === undefined;
  // An issued invoice keeps its customer and amount (`invoice.issuedLocked`): the form says so
  // and leaves only what the server lets change (due date, note, collector).
  const locked = invoice ? amountLocked(invoice) : false;
  const [taxRate, setTaxRate] = useState<string>(String(invoice?.taxRate ?? 10));
  const [touched, setTouched] = useState(false);
  // The invoice as this form showed it: the server keeps what someone else saved meanwhile (a
  // collector given from the list) in every field left as shown (ADR 109).
  const [seen, setSeen] = useState(() => (invoice ? shownOf(invoice) : null));
  const utils = trpc.useUtils();
  const customerField = useRef<HTMLInputElement>(null);
  const amountId = useId();
  const required = t('errors.common.required');
  const customerError = touched && !customer ? required : null;
  const amountError =
    touched && (amount === '' || amount === null)
      ? required
      : touched && !(Number(amount) > 0)
        ? t('errors.invoice.amountPositive')
        : touched && !Number.isInteger(Number(amount))
          ? t('errors.invoice.amountWhole')
          : null;

  const submit = async () => {
    setTouched(true);
    const amountBad = amount === '' || !(Number(amount) > 0) || !Number.isInteger(Number(amount));
    // The first field the form refuses takes the focus: a keyboard user hears its message
    // there instead of staying on Submit.
    if (!customer) customerField.current?.focus();
    else if (amountBad) document.getElementById(amountId)?.focus();
    if (!customer || amountBad) return;
    const body = {
      customer,
      amount: Number(amount),
      dueDate: dueDate || null,
      note,
      assignToCollect: collector,
      ...(typed ? { taxRate: taxRate === '8' ? 8 : 10 } : {}),
    };
    try {
      if (invoice) {
        await update.mutateAsync({
          ...body,
          id: invoice._id,
          ...(seen ? { seen: { ...seen, ...(typed ? {} : { taxRate: undefined }) } } : {}),
        });
      } else await create.mutateAsync(body);
      notifySuccess(t('money.saved'));
      onSaved();
      onClose();
    } catch (err) {
      if (invoice && seen && appCodeOf(err) === 'invoice.changedMeanwhile') {
        // Their changes come into the fields left as shown; where both changed, what was typed
        // here stays, and the next save keeps it.
        const now = shownOf(await utils.invoices.byId.fetch({ id: invoice._id }, { staleTime: 0 }));
        const mine = { ...body, dueDate: body.dueDate ?? null };
        if (mine.customer === seen.customer) setCustomer(now.customer);
        if (mine.amount === seen.amount) setAmount(now.amount);
        if (mine.dueDate === seen.dueDate) setDueDate(now.dueDate ?? '');
        if (mine.note === seen.note) setNote(now.note);
        if (mine.assignToCollect === seen.assignToCollect) setCollector(now.assignToCollect);
        if (typed && String(seen.taxRate) === taxRate) setTaxRate(String(now.taxRate));
        setSeen(now);
      }
      notifyError(moneyErrorText(t, err, 'errors.common.mutationFailed'));
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('money.invoiceForm')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack>
        {locked && (
          <Alert color="blue" variant="light" data-testid="invoice-locked">
            {t('money.issuedLockedHint', { number: invoice?.number ?? '' })}
          </Alert>
        )}
        {/* Searched on the server as the office types (ADR 094), never every customer. */}
        <CustomerPicker
          label={t('money.customer')}
          ref={customerField}
          // The dialog opens on its first field, not on ×.
          data-autofocus={!locked || undefined}
          disabled={locked}
          required
          value={customer}
          known={invoice?.customer}
          onChange={(id) => setCustomer(id)}
          error={customerError}
        />
        <NumberInput
          label={t('money.paymentAmount')}
          id={amountId}
          required
          disabled={locked}
          value={amount}
          onChange={setAmount}
          // "５０００" typed through a Japanese IME is ¥5,000, as in the payment form.
          onChangeCapture={westernDigitsTyped}
          clampBehavior="none"
          thousandSeparator=","
          prefix="¥"
          description={locked ? undefined : t('money.invoiceAmountHint')}
          error={amountError}
        />
        {typed && (
          <Select
            label={t('money.invoiceTaxRate')}
            allowDeselect={false}
            data={[
              { value: '10', label: t('money.invoiceRate10') },
              { value: '8', label: t('money.invoiceRate8') },
            ]}
            value={taxRate}
            onChange={(v) => setTaxRate(v ?? '10')}
            disabled={locked}
          />
        )}
        {/* Lazy: the driver's invoice cards (InvoiceActions) carry this form too. */}
        <LazyDateField
          label={t('money.dueDate')}
          description={invoice ? undefined : t('money.dueDateEmpty')}
          value={dueDate}
          onChange={setDueDate}
        />
        <Textarea
          label={t('money.invoiceNote')}
          rows={2}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        <Select
          label={t('money.collector')}
          clearable
          data={(options.data?.collectors ?? []).map((e) => ({
            value: e._id,
            label: `${e.username}${e.name ? ` (${e.name})` : ''}`,
          }))}
          value={collector}
          onChange={setCollector}
        />
        <Group justify="flex-end">
          <Button onClick={submit} loading={create.isPending || update.isPending}>
            {invoice ? t('money.update') : t('money.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
