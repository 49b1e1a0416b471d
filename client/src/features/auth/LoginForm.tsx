import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorParams } from '../../../../server/platform/errors';
import type { LoginInput } from '../../../../shared/schemas/auth';
import { codeText, errorText, isKnownCode } from '../../errors';
import { type DrawnLogin, drawnLogin, releaseFirstScreen } from '../../firstScreen';
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
  // The login screen the server drew (ADR 086): the form starts with what was typed into it
  // and the refusal it showed, and takes its place in the same commit, focus and caret kept.
  const [drawn] = useState<DrawnLogin | null>(drawnLogin);
  /** null: no failure; else what the sign-in rejected with (its code is shown). */
  const [failure, setFailure] = useState<
    { error: unknown } | { code: string; params?: ErrorParams } | null
  >(() =>
    drawn?.failure?.code ? { code: drawn.failure.code, params: drawn.failure.params } : null,
  );

  const form = useLoginForm(validate, {
    values: drawn ? { username: drawn.username, password: drawn.password } : undefined,
    errors: Object.fromEntries((drawn?.failure?.required ?? []).map((f) => [f, REQUIRED])),
  });
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (!drawn) return;
    releaseFirstScreen();
    const focus = drawn.focus;
    const input = focus?.field === 'password' ? passwordRef.current : usernameRef.current;
    if (!focus || !input) return;
    input.focus();
    if (focus.start !== null) input.setSelectionRange(focus.start, focus.end ?? focus.start);
  }, [drawn]);

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
            {'code' in failure && isKnownCode(failure.code)
              ? codeText(t, failure.code, failure.params)
              : errorText(t, 'error' in failure ? failure.error : null, 'login.failed')}
          </Alert>
        )}
        <TextInput
          label={t('login.username')}
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          withAsterisk
          ref={usernameRef}
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
          ref={passwordRef}
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
