import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../components/notify';
import { errorText, fieldErrors } from '../../errors';
import { trpc } from '../../trpc';

// Passwords after the first (docs/decisions/024): "Change password" from every role's account
// menu, and the office's "Reset password" on a customer's card and an employee's row.

const MIN_LENGTH = 8;

/** The new password's own message, or null: at least 8 characters, typed twice alike. */
function newPasswordError(
  texts: { required: string; tooShort: string; mismatch: string },
  next: string,
  again: string,
): { next: string | null; again: string | null } {
  return {
    next: next === '' ? texts.required : next.length < MIN_LENGTH ? texts.tooShort : null,
    again: again !== next ? texts.mismatch : null,
  };
}

function useTexts() {
  const { t } = useTranslation();
  return {
    required: t('errors.common.required'),
    tooShort: t('errors.field.passwordTooShort'),
    mismatch: t('login.passwords.mismatch'),
  };
}

/** The signed-in person changes their own password: the current one, the new one twice. */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const texts = useTexts();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const change = trpc.auth.changePassword.useMutation();
  const local = newPasswordError(texts, next, again);
  const currentError = current === '' ? texts.required : null;

  const close = () => {
    setCurrent('');
    setNext('');
    setAgain('');
    setTouched(false);
    setServerErrors({});
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setServerErrors({});
    if (currentError || local.next || local.again) return;
    try {
      await change.mutateAsync({ currentPassword: current, newPassword: next });
      notifySuccess(t('login.passwords.changed'));
      close();
    } catch (error) {
      const fields = fieldErrors(t, error);
      setServerErrors(fields);
      if (Object.keys(fields).length === 0)
        notifyError(errorText(t, error, 'login.passwords.failed'));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('login.passwords.changeTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput
            label={t('login.passwords.current')}
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            error={serverErrors.currentPassword ?? (touched ? currentError : null)}
            data-autofocus
          />
          <PasswordInput
            label={t('login.passwords.new')}
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
            error={serverErrors.newPassword ?? (touched ? local.next : null)}
          />
          <PasswordInput
            label={t('login.passwords.again')}
            autoComplete="new-password"
            value={again}
            onChange={(e) => setAgain(e.currentTarget.value)}
            error={touched ? local.again : null}
          />
          <Text size="sm" c="dimmed">
            {t('login.passwords.othersSignedOut')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('login.passwords.cancel')}
            </Button>
            <Button type="submit" loading={change.isPending}>
              {t('login.passwords.changeSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The office sets a new password for a customer's or an employee's login. */
export function ResetPasswordModal({
  target,
  onClose,
}: {
  target: { kind: 'customer' | 'employee'; id: string; name: string } | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const texts = useTexts();
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [touched, setTouched] = useState(false);
  const customer = trpc.customers.resetPassword.useMutation();
  const employee = trpc.employees.resetPassword.useMutation();
  const local = newPasswordError(texts, next, again);

  const close = () => {
    setNext('');
    setAgain('');
    setTouched(false);
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!target || local.next || local.again) return;
    try {
      const input = { id: target.id, newPassword: next };
      if (target.kind === 'customer') await customer.mutateAsync(input);
      else await employee.mutateAsync(input);
      notifySuccess(t('login.passwords.resetDone', { name: target.name }));
      close();
    } catch (error) {
      notifyError(errorText(t, error, 'login.passwords.failed'));
    }
  };

  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title={t('login.passwords.resetTitle', { name: target?.name ?? '' })}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput
            label={t('login.passwords.new')}
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
            error={touched ? local.next : null}
            data-autofocus
          />
          <PasswordInput
            label={t('login.passwords.again')}
            autoComplete="new-password"
            value={again}
            onChange={(e) => setAgain(e.currentTarget.value)}
            error={touched ? local.again : null}
          />
          <Text size="sm" c="dimmed">
            {t('login.passwords.resetSignsOut')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('login.passwords.cancel')}
            </Button>
            <Button type="submit" loading={customer.isPending || employee.isPending}>
              {t('login.passwords.resetSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
