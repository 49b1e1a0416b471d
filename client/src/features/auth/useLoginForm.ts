import { type FormEvent, useCallback, useRef, useState } from 'react';
import type { LoginInput } from '../../../../shared/schemas/auth';

type Field = keyof LoginInput;
type Rules = Record<Field, (value: string) => string | null>;

/**
 * The few parts of @mantine/form's useForm the login form uses (key, getInputProps, errors,
 * onSubmit, submitting), kept here so that the first download, which must stay small for
 * phones, does not carry the whole form library. Uncontrolled like useForm's 'uncontrolled'
 * mode: a field's error clears when it is edited; submitting validates every field first.
 */
export function useLoginForm(
  validate: Rules,
  /** Where the form starts (what was typed into the server's drawn form, ADR 086). */
  initial: { values?: LoginInput; errors?: Partial<Record<Field, string>> } = {},
) {
  const values = useRef<LoginInput>(initial.values ?? { username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>(initial.errors ?? {});
  const [submitting, setSubmitting] = useState(false);

  const getInputProps = useCallback(
    (field: Field) => ({
      defaultValue: values.current[field],
      onChange: (event: { currentTarget: { value: string } }) => {
        values.current = { ...values.current, [field]: event.currentTarget.value };
        setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
      },
    }),
    [],
  );

  const onSubmit =
    (handler: (values: LoginInput) => Promise<void>) => async (event?: FormEvent) => {
      event?.preventDefault();
      const found: Partial<Record<Field, string>> = {};
      for (const field of Object.keys(validate) as Field[]) {
        const error = validate[field](values.current[field]);
        if (error) found[field] = error;
      }
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      setSubmitting(true);
      try {
        await handler({ ...values.current });
      } finally {
        setSubmitting(false);
      }
    };

  return { key: (field: Field) => field, getInputProps, errors, onSubmit, submitting };
}
