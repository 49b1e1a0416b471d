import type { TFunction } from 'i18next';
import { dynamicT } from '../../../../i18n';

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

/** The error's text in the reader's language, else the fallback's (e.g. 'Failed to perform mutation'). */
export function errorText(
  t: TFunction,
  error: unknown,
  fallback = 'errors.common.mutationFailed',
): string {
  const { code, params } = appErrorOf(error);
  if (code) return dynamicT(t)(`errors.${code}`, params ?? {});
  return dynamicT(t)(fallback);
}

/** A form field's error (a code) as text; `undefined` when there is none. */
export function fieldErrorText(t: TFunction, error: unknown): string | undefined {
  if (!error) return undefined;
  return t(`errors.${String(error)}`, { defaultValue: String(error) });
}
