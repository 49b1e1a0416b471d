import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registrationNumberProblem } from '../../../../../shared/registration-number';
import type { BusinessSettingsOut, TaxSettingsOut } from '../../../../../shared/schemas/tax';
import { notifySuccess } from '../../../components/notify';
import { useUnsavedChanges } from '../../../components/UnsavedChangesGuard';
import { codeText, errorText, fieldErrors } from '../../../errors';
import { errorMessage } from '../../../keyed';
import { trpc } from '../../../trpc';

// The Settings screen's money part (ADR 031): how prices carry consumption tax, and the
// business's details its documents print (legal name, address, phone, bank, registration number).
// A form is shown only with what is stored in it: while it loads, or when it could not be read,
// there is nothing to save (saving empty fields would erase the stored details).

/**
 * The foot of every settings panel: why the last save was refused, and Save. Each panel saves
 * on its own (each is its own change in the audit trail), so one with changes not yet saved
 * says so beside its Save and tells the screen's UnsavedChangesGuard, which asks before a
 * reload, a closed tab, the browser's Back or one of the app's own links would lose them.
 */
export function SettingsSave({
  section,
  error,
  saving,
  disabled,
  dirty = false,
  onSave,
}: {
  /** The panel's title: four panels each have a Save, told apart by it. */
  section: string;
  error: string;
  saving: boolean;
  disabled?: boolean;
  /** What is typed differs from what is stored. */
  dirty?: boolean;
  onSave(): void;
}) {
  const { t } = useTranslation();
  useUnsavedChanges(dirty);
  // Save disables while it saves, which drops focus to the page: it comes back to Save.
  const button = useRef<HTMLButtonElement>(null);
  const pressed = useRef(false);
  useEffect(() => {
    if (saving || !pressed.current) return;
    pressed.current = false;
    if (document.activeElement === document.body || document.activeElement === button.current) {
      button.current?.focus();
    }
  }, [saving]);
  return (
    <>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group>
        <Button
          ref={button}
          onClick={() => {
            pressed.current = true;
            onSave();
          }}
          loading={saving}
          disabled={disabled}
          aria-label={t('settings.saveSection', { section })}
        >
          {t('settings.save')}
        </Button>
        {dirty && (
          <Text size="sm" c="orange.9" role="status" data-testid="settings-unsaved">
            {t('settings.unsaved')}
          </Text>
        )}
      </Group>
    </>
  );
}

/** A settings panel whose stored values did not load: why, and a way to ask again. */
export function SettingsLoadState({
  title,
  query,
}: {
  title: string;
  query: { isError: boolean; error: unknown; refetch(): unknown };
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" mt="md" maw={720}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {query.isError ? (
          <Alert color="red" role="alert" title={t('settings.loadFailed')}>
            <Stack gap="xs" align="flex-start">
              {errorText(t, query.error, 'errors.common.fetchFailed')}
              <Button size="xs" variant="white" color="red" onClick={() => void query.refetch()}>
                {t('common.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Loader size="sm" aria-label={t('common.loading')} />
        )}
      </Stack>
    </Paper>
  );
}

function Loaded<T>({
  title,
  query,
  children,
}: {
  title: string;
  query: { data: T | undefined; isError: boolean; error: unknown; refetch(): unknown };
  children(data: T): ReactNode;
}) {
  if (query.data === undefined || query.isError) {
    return <SettingsLoadState title={title} query={query} />;
  }
  return children(query.data);
}

export function TaxSettingsPanel() {
  const { t } = useTranslation();
  const current = trpc.settings.tax.useQuery();
  return (
    <Loaded title={t('settings.taxTitle')} query={current}>
      {(data) => <TaxSettingsForm initial={data} />}
    </Loaded>
  );
}

function TaxSettingsForm({ initial }: { initial: TaxSettingsOut }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const save = trpc.settings.updateTax.useMutation();
  const [value, setValue] = useState<TaxSettingsOut>(initial);
  const [stored, setStored] = useState<TaxSettingsOut>(initial);
  const [error, setError] = useState('');
  const dirty = value.basis !== stored.basis || value.rounding !== stored.rounding;
  const submit = async () => {
    setError('');
    try {
      await save.mutateAsync(value);
      setStored(value);
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
        {/* A standing note, not an error: not announced as an alert. */}
        <Alert color="gray" variant="light" role="note">
          {t('settings.taxHint')}
        </Alert>
        <SettingsSave
          section={t('settings.taxTitle')}
          error={error}
          saving={save.isPending}
          dirty={dirty}
          onSave={submit}
        />
      </Stack>
    </Paper>
  );
}

export function BusinessSettingsPanel() {
  const { t } = useTranslation();
  const current = trpc.settings.business.useQuery();
  return (
    <Loaded title={t('settings.businessTitle')} query={current}>
      {(data) => <BusinessSettingsForm initial={data} />}
    </Loaded>
  );
}

/**
 * The registration number's own refusal, said under the field as it is left (the same rule as
 * the server's, shared/registration-number.ts): blank is allowed; full-width digits, spaces and
 * dashes are read as typed.
 */
function registrationProblemText(t: TFunction, value: string): string {
  if (value.trim() === '') return '';
  const problem = registrationNumberProblem(value);
  if (problem === 'format') return codeText(t, 'settings.registrationFormat');
  if (problem === 'checkDigit') return codeText(t, 'settings.registrationCheckDigit');
  return '';
}

function BusinessSettingsForm({ initial }: { initial: BusinessSettingsOut }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const save = trpc.settings.updateBusiness.useMutation();
  const [value, setValue] = useState<BusinessSettingsOut>(initial);
  const [stored, setStored] = useState<BusinessSettingsOut>(initial);
  const dirty = JSON.stringify(value) !== JSON.stringify(stored);
  const [error, setError] = useState('');
  /** Per-field refusals (the server's `issues`, or the registration number's own check). */
  const [fields, setFields] = useState<Record<string, string>>({});
  const field = (
    key: 'legalName' | 'address' | 'nameEn' | 'addressEn' | 'phone' | 'registrationNumber',
  ) => ({
    value: value[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setValue({ ...value, [key]: e.currentTarget.value });
      if (fields[key]) setFields({ ...fields, [key]: '' });
    },
    error: fields[key] || undefined,
  });
  const bank = (key: 'bankName' | 'branchName' | 'accountNumber' | 'accountHolder') => ({
    value: value.bank[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      setValue({ ...value, bank: { ...value.bank, [key]: e.currentTarget.value } }),
    error: fields[`bank.${key}`] || undefined,
  });
  const submit = async () => {
    setError('');
    setFields({});
    try {
      const saved = await save.mutateAsync(value);
      setValue(saved);
      setStored(saved);
      notifySuccess(t('settings.saved'));
      void utils.settings.invalidate();
    } catch (e) {
      // The refusal at the foot, and each refused field marked with its own words.
      setFields(fieldErrors(t, e));
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
        {/* An address often puts 〒 and the postal code on a line of its own; documents keep the lines. */}
        <Textarea
          label={t('settings.address')}
          autosize
          minRows={2}
          maxRows={4}
          {...field('address')}
        />
        <Title order={3} size="h5">
          {t('settings.englishTitle')}
        </Title>
        <Text size="sm" c="dimmed" mt={-6}>
          {t('settings.englishHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('settings.nameEn')} lang="en" {...field('nameEn')} />
          <Textarea
            label={t('settings.addressEn')}
            lang="en"
            autosize
            minRows={2}
            maxRows={4}
            {...field('addressEn')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('settings.phone')} inputMode="tel" {...field('phone')} />
          <TextInput
            label={t('settings.registrationNumber')}
            description={t('settings.registrationHint')}
            {...field('registrationNumber')}
            onBlur={(e) =>
              setFields({
                ...fields,
                registrationNumber: registrationProblemText(t, e.currentTarget.value),
              })
            }
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
        <SettingsSave
          section={t('settings.businessTitle')}
          error={error}
          saving={save.isPending}
          dirty={dirty}
          onSave={submit}
        />
      </Stack>
    </Paper>
  );
}
