import {
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentMonthFits } from '../../../../../../shared/closing-dates';
import { PAYMENT_METHODS, WEEKDAYS } from '../../../../../../shared/enums';
import { displayPhone } from '../../../../../../shared/format';
import {
  type CustomerInput,
  type CustomerOut,
  customerInput,
} from '../../../../../../shared/schemas/office';
import { useFocusBack } from '../../../../components/useFocusBack';
import { newKey } from '../../../../keyed';
import { trpc } from '../../../../trpc';
import { appErrorOf, fieldErrorText } from '../shared/errors';
import { LastChanged } from '../shared/History';
import { useAfterChange } from '../shared/useOfficeMutation';
import { dayOfMonthChoices, NextClosing, paymentMonthChoices, paymentMonthOf } from './NextClosing';

const validate = schemaResolver(customerInput, { sync: true });

function initial(c: CustomerOut | null): CustomerInput {
  return {
    restaurantName: c?.restaurantName ?? '',
    phoneNumber: displayPhone(c?.phoneNumber),
    customerCode: c?.customerCode ?? '',
    paymentMethod: (c?.paymentMethod ?? '') as CustomerInput['paymentMethod'],
    paymentDate: c?.paymentDate ?? '',
    deliveryDays: (c?.deliveryDays ?? []) as CustomerInput['deliveryDays'],
    route: c?.route ?? '',
    contactPerson: c?.contactPerson ?? '',
    mobileNumber: displayPhone(c?.mobileNumber),
    username: c?.username ?? '',
    password: '',
    badDebt: c?.badDebt ?? false,
    webOrder: c?.webOrder ?? false,
    creditHold: c?.creditHold ?? false,
    billingName: c?.billingName ?? '',
    billingAddress: c?.billingAddress ?? '',
    transferName: c?.transferName ?? '',
    email: c?.email ?? '',
    closingDay: c?.closingDay ? String(c.closingDay) : '',
    // 翌月 for a new customer, the most common term (20日締め翌月末払い).
    paymentMonth: String(c?.paymentMonth ?? 1),
    documentLanguage: c?.documentLanguage ?? 'ja',
  };
}

function withoutPassword({ password: _left, ...shown }: CustomerInput) {
  return shown;
}

const CHANGED_MEANWHILE = 'customer.fieldChangedMeanwhile';
const sameField = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The 'Customer Form' popup (spec §3): 'Submit' creates, 'Update Customer' saves. */
export function CustomerForm({
  customer,
  onClose,
}: {
  /** null: a new customer. */
  customer: CustomerOut | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  useFocusBack();
  const routes = trpc.routes.list.useQuery();
  const after = useAfterChange();
  const form = useForm<CustomerInput>({
    mode: 'controlled',
    initialValues: initial(customer),
    validate,
    // Errors refresh per field as typed (spec §5).
    validateInputOnChange: true,
  });
  // One key per opening of the form: a retried submit (a lost answer) creates one record.
  const [idempotencyKey] = useState(newKey);
  const create = trpc.customers.create.useMutation({ trpc: { context: { idempotencyKey } } });
  const update = trpc.customers.update.useMutation();
  const utils = trpc.useUtils();
  const busy = create.isPending || update.isPending;
  // The customer as this form showed it: the server keeps what someone else saved meanwhile in
  // every field left as shown, and refuses a field both changed (ADR 109).
  const [seen, setSeen] = useState(() => withoutPassword(initial(customer)));

  const input = (name: keyof CustomerInput) => {
    const props = form.getInputProps(name);
    return { ...props, error: fieldErrorText(t, props.error) };
  };

  const submit = async (values: CustomerInput) => {
    try {
      if (customer) await update.mutateAsync({ ...values, id: customer._id, seen } as never);
      else await create.mutateAsync(values as never);
      after.done(customer ? 'office.customers.updated' : 'office.customers.created');
      onClose();
    } catch (error) {
      const { code, issues } = appErrorOf(error);
      if (customer && code === 'customer.changedMeanwhile') {
        // Their changes come into the fields this form left as shown; the marked ones keep
        // what was typed here, and the next save keeps it over theirs.
        const now = withoutPassword(
          initial(await utils.customers.byId.fetch({ id: customer._id }, { staleTime: 0 })),
        );
        for (const key of Object.keys(now) as (keyof typeof now)[]) {
          if (sameField(form.values[key], seen[key])) form.setFieldValue(key, now[key] as never);
        }
        setSeen(now);
      }
      if (issues) form.setErrors(issues);
      after.failed(error);
    }
  };

  // A field someone else changed meanwhile is marked, not wrong: saving again keeps it.
  const blocking = Object.values(form.errors).some((e) => e !== CHANGED_MEANWHILE);
  const monthly = form.values.paymentMethod === 'monthly';
  const days = dayOfMonthChoices(t);
  const closingDay = Number(form.values.closingDay) || null;
  // Said as the fields change, as the server would refuse it (20日締め当月10日払い).
  const monthTooEarly =
    monthly &&
    !paymentMonthFits(
      closingDay,
      paymentMonthOf(form.values.paymentMonth),
      form.values.paymentDate ?? null,
    );
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened
      onClose={onClose}
      title={customer ? t('office.customers.editTitle') : t('office.customers.formTitle')}
      size="lg"
      centered
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('office.customers.restaurantName')}
              withAsterisk
              {...input('restaurantName')}
            />
            <TextInput
              label={t('office.customers.phoneNumber')}
              withAsterisk
              inputMode="tel"
              {...input('phoneNumber')}
            />
            <TextInput
              label={t('office.customers.customerCode')}
              withAsterisk
              {...input('customerCode')}
            />
            <Select
              label={t('office.customers.route')}
              withAsterisk
              data={(routes.data ?? []).map((r) => ({ value: r._id, label: r.name }))}
              comboboxProps={{ withinPortal: true }}
              {...input('route')}
              error={
                input('route').error ?? (routes.isError ? t('errors.route.fetchFailed') : undefined)
              }
            />
          </SimpleGrid>
          {/* The terms together: how it pays, when it closes, in which month and on which day
              it pays after the closing. */}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('office.customers.paymentMethod')}
              withAsterisk
              data={PAYMENT_METHODS.map((m) => ({
                value: m,
                label: t(`office.customers.method.${m}`),
              }))}
              comboboxProps={{ withinPortal: true }}
              {...input('paymentMethod')}
            />
            <Select
              label={t('office.customers.closingDay')}
              data={days}
              disabled={!monthly}
              clearable
              placeholder={t('office.customers.closingDayNone')}
              comboboxProps={{ withinPortal: true }}
              {...input('closingDay')}
              value={form.values.closingDay == null ? '' : String(form.values.closingDay)}
            />
            <Select
              label={t('office.customers.paymentMonth')}
              description={t('guide.due.paymentMonthHint')}
              data={paymentMonthChoices(t)}
              disabled={!monthly}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...input('paymentMonth')}
              value={String(paymentMonthOf(form.values.paymentMonth))}
              error={
                input('paymentMonth').error ??
                (monthTooEarly ? t('errors.customer.paymentMonthTooEarly') : undefined)
              }
            />
            <Select
              label={t('office.customers.paymentDate')}
              description={t('guide.due.paymentDayHint')}
              data={days}
              disabled={!monthly}
              clearable
              comboboxProps={{ withinPortal: true }}
              {...input('paymentDate')}
            />
          </SimpleGrid>
          {monthly && (
            <NextClosing
              closingDay={form.values.closingDay}
              paymentMonth={form.values.paymentMonth}
              paymentDate={form.values.paymentDate}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('office.customers.documentLanguage')}
              data={[
                { value: 'ja', label: t('office.customers.docJa') },
                { value: 'en', label: t('office.customers.docEn') },
              ]}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...input('documentLanguage')}
            />
            <TextInput
              label={t('office.customers.email')}
              type="email"
              autoComplete="off"
              {...input('email')}
            />
            <TextInput label={t('office.customers.billingName')} {...input('billingName')} />
            <Textarea
              label={t('office.customers.billingAddress')}
              autosize
              minRows={2}
              maxRows={4}
              {...input('billingAddress')}
            />
            <TextInput
              label={t('office.customers.transferName')}
              description={t('office.customers.transferNameHint')}
              {...input('transferName')}
            />
          </SimpleGrid>
          <MultiSelect
            label={t('office.customers.deliveryDays')}
            data={WEEKDAYS.map((d) => ({ value: d, label: t(`weekday.${d}`) }))}
            comboboxProps={{ withinPortal: true }}
            {...input('deliveryDays')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('office.customers.contactPerson')} {...input('contactPerson')} />
            <TextInput
              label={t('office.customers.mobileNumber')}
              inputMode="tel"
              {...input('mobileNumber')}
            />
            <TextInput
              label={t('office.customers.username')}
              autoComplete="off"
              autoCapitalize="none"
              {...input('username')}
            />
            <PasswordInput
              label={t('office.customers.password')}
              autoComplete="new-password"
              description={customer?.username ? t('office.keepPassword') : undefined}
              {...input('password')}
            />
          </SimpleGrid>
          <Group gap="lg">
            <Checkbox
              label={t('office.customers.badDebtBox')}
              {...form.getInputProps('badDebt', { type: 'checkbox' })}
            />
            <Checkbox
              label={t('office.customers.webOrderBox')}
              {...form.getInputProps('webOrder', { type: 'checkbox' })}
            />
            <Checkbox
              label={t('office.customers.creditHoldBox')}
              {...form.getInputProps('creditHold', { type: 'checkbox' })}
            />
          </Group>
          {customer && <LastChanged entity="customer" id={customer._id} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('office.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={blocking}>
              {customer ? t('office.customers.update') : t('office.submit')}
            </Button>
          </Group>
          {blocking && (
            <Text size="xs" c="red" ta="right">
              {t('office.fixErrors')}
            </Text>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
