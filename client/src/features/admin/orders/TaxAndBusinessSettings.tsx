import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BusinessSettingsOut, TaxSettingsOut } from '../../../../../shared/schemas/tax';
import { notifySuccess } from '../../../components/notify';
import { errorMessage } from '../../../keyed';
import { trpc } from '../../../trpc';

// The Settings screen's money part (ADR 031): how prices carry consumption tax, and the
// business's details its documents print (legal name, address, phone, bank, registration number).

export function TaxSettingsPanel() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const current = trpc.settings.tax.useQuery();
  const save = trpc.settings.updateTax.useMutation();
  const [value, setValue] = useState<TaxSettingsOut>({ basis: 'exclusive', rounding: 'down' });
  const [error, setError] = useState('');
  useEffect(() => {
    if (current.data) setValue(current.data);
  }, [current.data]);
  const submit = async () => {
    setError('');
    try {
      await save.mutateAsync(value);
      notifySuccess(t('settings.saved'));
      void utils.settings.invalidate();
    } catch (e) {
      setError(errorMessage(t, e));
    }
  };
  return (
    <Paper withBorder p="md" radius="md" mt="md" maw={720}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('settings.taxTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('settings.taxBasis')}
            allowDeselect={false}
            data={[
              { value: 'exclusive', label: t('settings.basisExclusive') },
              { value: 'inclusive', label: t('settings.basisInclusive') },
            ]}
            value={value.basis}
            onChange={(v) => v && setValue({ ...value, basis: v as TaxSettingsOut['basis'] })}
          />
          <Select
            label={t('settings.taxRounding')}
            allowDeselect={false}
            data={[
              { value: 'down', label: t('settings.roundDown') },
              { value: 'halfUp', label: t('settings.roundHalfUp') },
              { value: 'up', label: t('settings.roundUp') },
            ]}
            value={value.rounding}
            onChange={(v) => v && setValue({ ...value, rounding: v as TaxSettingsOut['rounding'] })}
          />
        </SimpleGrid>
        <Alert color="gray" variant="light">
          {t('settings.taxHint')}
        </Alert>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button onClick={submit} loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

const EMPTY: BusinessSettingsOut = {
  legalName: '',
  address: '',
  phone: '',
  bank: {
    bankName: '',
    branchName: '',
    accountType: 'ordinary',
    accountNumber: '',
    accountHolder: '',
  },
  registrationNumber: '',
};

export function BusinessSettingsPanel() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const current = trpc.settings.business.useQuery();
  const save = trpc.settings.updateBusiness.useMutation();
  const [value, setValue] = useState<BusinessSettingsOut>(EMPTY);
  const [error, setError] = useState('');
  useEffect(() => {
    if (current.data) setValue(current.data);
  }, [current.data]);
  const field = (key: 'legalName' | 'address' | 'phone' | 'registrationNumber') => ({
    value: value[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      setValue({ ...value, [key]: e.currentTarget.value }),
  });
  const bank = (key: 'bankName' | 'branchName' | 'accountNumber' | 'accountHolder') => ({
    value: value.bank[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      setValue({ ...value, bank: { ...value.bank, [key]: e.currentTarget.value } }),
  });
  const submit = async () => {
    setError('');
    try {
      const saved = await save.mutateAsync(value);
      setValue(saved);
      notifySuccess(t('settings.saved'));
      void utils.settings.invalidate();
    } catch (e) {
      setError(errorMessage(t, e));
    }
  };
  return (
    <Paper withBorder p="md" radius="md" mt="md" maw={720}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('settings.businessTitle')}
        </Title>
        <TextInput label={t('settings.legalName')} {...field('legalName')} />
        <TextInput label={t('settings.address')} {...field('address')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('settings.phone')} inputMode="tel" {...field('phone')} />
          <TextInput
            label={t('settings.registrationNumber')}
            description={t('settings.registrationHint')}
            {...field('registrationNumber')}
          />
        </SimpleGrid>
        <Title order={3} size="h5">
          {t('settings.bankTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('settings.bankName')} {...bank('bankName')} />
          <TextInput label={t('settings.branchName')} {...bank('branchName')} />
          <Select
            label={t('settings.accountType')}
            allowDeselect={false}
            data={[
              { value: 'ordinary', label: t('settings.accountOrdinary') },
              { value: 'current', label: t('settings.accountCurrent') },
              { value: 'savings', label: t('settings.accountSavings') },
            ]}
            value={value.bank.accountType}
            onChange={(v) =>
              v &&
              setValue({
                ...value,
                bank: {
                  ...value.bank,
                  accountType: v as BusinessSettingsOut['bank']['accountType'],
                },
              })
            }
          />
          <TextInput
            label={t('settings.accountNumber')}
            inputMode="numeric"
            {...bank('accountNumber')}
          />
          <TextInput label={t('settings.accountHolder')} {...bank('accountHolder')} />
        </SimpleGrid>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button onClick={submit} loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
