import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginInput } from '../../../../shared/schemas/auth';
import { codeText, errorText, isKnownCode } from '../../errors';
import { useLoginForm } from './useLoginForm';

interface LoginFormProps {
  /** Signs in; a rejection's code is shown in the alert ('Login failed' when it has none). */
  onSubmit(values: LoginInput): Promise<void>;
}

/** The code of 'This field is required.', as shared/schemas/auth.ts (REQUIRED) words it. */
const REQUIRED = 'common.required';

// The same rules as the server's loginInput (shared/schemas/auth.ts), written out so that the
// login screen does not download the schema library: a username of spaces is empty, a
// password is taken as typed. A test keeps the two in step.
const validate = {
  username: (value: string) => (value.trim() === '' ? REQUIRED : null),
  password: (value: string) => (value === '' ? REQUIRED : null),
};

export function LoginForm({ onSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  const [passwordVisible, setPasswordVisible] = useState(false);
  /** null: no failure; else what the sign-in rejected with (its code is shown). */
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);

  const form = useLoginForm(validate);

  // The schema's messages are error codes, translated here, so switching the language also
  // switches messages already on screen. Login says 'required' with a star (spec §2).
  const fieldError = (error: ReactNode) => {
    if (!error) return undefined;
    if (error === REQUIRED) return t('errors.common.requiredStar');
    return isKnownCode(error) ? codeText(t, error) : t('errors.common.invalid');
  };

  // Never rejects: a rejected promise here would escape Mantine's submit handler.
  const submit = async (values: LoginInput) => {
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setFailure({ error });
    }
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack>
        {failure !== null && (
          <Alert color="red" variant="light" role="alert">
            {errorText(t, failure.error, 'login.failed')}
          </Alert>
        )}
        <TextInput
          label={t('login.username')}
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          withAsterisk
          key={form.key('username')}
          {...form.getInputProps('username')}
          error={fieldError(form.errors.username)}
        />
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          withAsterisk
          visible={passwordVisible}
          onVisibilityChange={setPasswordVisible}
          visibilityToggleFocusable
          visibilityToggleButtonProps={{
            'aria-label': passwordVisible ? t('login.hidePassword') : t('login.showPassword'),
          }}
          key={form.key('password')}
          {...form.getInputProps('password')}
          error={fieldError(form.errors.password)}
        />
        <Button type="submit" fullWidth size="md" disabled={form.submitting}>
          {form.submitting ? t('login.submitting') : t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
