import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../components/notify';
import { errorText, fieldErrors } from '../../errors';
import { trpc } from '../../trpc';

// Passwords after the first (docs/decisions/024): "Change password" from every role's account
// menu, and the office's "Reset password" on a customer's card and an employee's row.

const MIN_LENGTH = 8;

/** The new password typed twice: its values, its own messages, and a reset. */
function useNewPassword() {
  const { t } = useTranslation();
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [touched, setTouched] = useState(false);
  const required = t('errors.common.required');
  const errors = {
    next:
      next === '' ? required : next.length < MIN_LENGTH ? t('errors.field.passwordTooShort') : null,
    again: again !== next ? t('login.passwords.mismatch') : null,
  };
  return {
    next,
    again,
    setNext,
    setAgain,
    touched,
    /** Marks the form as submitted (messages show from now on); true when the fields are fine. */
    check: () => {
      setTouched(true);
      return errors.next === null && errors.again === null;
    },
    reset: () => {
      setNext('');
      setAgain('');
      setTouched(false);
    },
    required,
    errors,
  };
}

type NewPassword = ReturnType<typeof useNewPassword>;

/** The two new-password fields, with the server's message for the first when it has one. */
function NewPasswordFields({
  form,
  serverError,
  autoFocus,
}: {
  form: NewPassword;
  serverError?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        label={t('login.passwords.new')}
        autoComplete="new-password"
        value={form.next}
        onChange={(e) => form.setNext(e.currentTarget.value)}
        error={serverError ?? (form.touched ? form.errors.next : null)}
        data-autofocus={autoFocus || undefined}
      />
      <PasswordInput
        label={t('login.passwords.again')}
        autoComplete="new-password"
        value={form.again}
        onChange={(e) => form.setAgain(e.currentTarget.value)}
        error={form.touched ? form.errors.again : null}
      />
    </>
  );
}

/** The frame both forms share: a dialog with the fields, a note, Cancel and the action. */
function PasswordDialog({
  opened,
  title,
  note,
  submitLabel,
  busy,
  onSubmit,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  note: string;
  submitLabel: string;
  busy: boolean;
  onSubmit(): void;
  onClose(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {children}
          <Text size="sm" c="dimmed">
            {note}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('login.passwords.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The signed-in person changes their own password: the current one, the new one twice. */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const form = useNewPassword();
  const [current, setCurrent] = useState('');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const change = trpc.auth.changePassword.useMutation();
  const currentError = current === '' ? form.required : null;

  const close = () => {
    setCurrent('');
    form.reset();
    setServerErrors({});
    onClose();
  };
  const submit = async () => {
    setServerErrors({});
    if (!form.check() || currentError) return;
    try {
      await change.mutateAsync({ currentPassword: current, newPassword: form.next });
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
    <PasswordDialog
      opened={opened}
      title={t('login.passwords.changeTitle')}
      note={t('login.passwords.othersSignedOut')}
      submitLabel={t('login.passwords.changeSubmit')}
      busy={change.isPending}
      onSubmit={submit}
      onClose={close}
    >
      <PasswordInput
        label={t('login.passwords.current')}
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.currentTarget.value)}
        error={serverErrors.currentPassword ?? (form.touched ? currentError : null)}
        data-autofocus
      />
      <NewPasswordFields form={form} serverError={serverErrors.newPassword} />
    </PasswordDialog>
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
  const form = useNewPassword();
  const customer = trpc.customers.resetPassword.useMutation();
  const employee = trpc.employees.resetPassword.useMutation();

  const close = () => {
    form.reset();
    onClose();
  };
  const submit = async () => {
    if (!form.check() || !target) return;
    try {
      const input = { id: target.id, newPassword: form.next };
      if (target.kind === 'customer') await customer.mutateAsync(input);
      else await employee.mutateAsync(input);
      notifySuccess(t('login.passwords.resetDone', { name: target.name }));
      close();
    } catch (error) {
      notifyError(errorText(t, error, 'login.passwords.failed'));
    }
  };

  return (
    <PasswordDialog
      opened={target !== null}
      title={t('login.passwords.resetTitle', { name: target?.name ?? '' })}
      note={t('login.passwords.resetSignsOut')}
      submitLabel={t('login.passwords.resetSubmit')}
      busy={customer.isPending || employee.isPending}
      onSubmit={submit}
      onClose={close}
    >
      <NewPasswordFields form={form} autoFocus />
    </PasswordDialog>
  );
}
