import type { TFunction } from 'i18next';
import type { ImportFileError } from '../../../../../../shared/schemas/office';
import { errorText as appErrorText, codeText, isKnownCode } from '../../../../errors';

// A refusal from the server carries a code, its parameters and per-field codes (DESIGN §4):
// tRPC puts them in `error.data`. The office shows `t('errors.' + code, params)`.

export interface AppErrorInfo {
  code?: string;
  params?: Record<string, unknown>;
  issues?: Record<string, string>;
}

export function appErrorOf(error: unknown): AppErrorInfo {
  const data = (
    error as {
      data?: {
        appCode?: string;
        params?: Record<string, unknown>;
        issues?: Record<string, string>;
      };
    } | null
  )?.data;
  return { code: data?.appCode, params: data?.params, issues: data?.issues };
}

/** The error's text in the reader's language (client/src/errors.ts), else the fallback's. */
export function errorText(
  t: TFunction,
  error: unknown,
  fallback = 'errors.common.mutationFailed',
): string {
  return appErrorText(t, error, fallback);
}

/** A form field's error (a code) as text; `undefined` when there is none. */
export function fieldErrorText(t: TFunction, error: unknown): string | undefined {
  if (!error) return undefined;
  return t(`errors.${String(error)}`, { defaultValue: String(error) });
}

/**
 * A CSV import's problem with the whole file (`{code, params}`: no rows, a quote not closed,
 * too many rows, a column missing by its header name) in the reader's language; a code this
 * client does not know (a newer server) shows as it is.
 */
export function importFileErrorText(t: TFunction, error: ImportFileError): string {
  return isKnownCode(error.code) ? codeText(t, error.code, error.params) : error.code;
}
