import type { TFunction } from 'i18next';
import { dynamicT } from '../../../i18n';

// Calls that move money go through the REST door, which takes a per-request Idempotency-Key
// (a retried payment is recorded once, DESIGN §6). Reads use tRPC hooks.

/** Invoice lists: 3 retries from 1 s doubling to a 30 s cap, stale after 5 minutes (spec §9). */
export const INVOICE_QUERY = {
  retry: 3,
  retryDelay: (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000),
  staleTime: 5 * 60 * 1000,
} as const;

export class MoneyError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly params: Record<string, string | number> | undefined,
  ) {
    super(message);
    this.name = 'MoneyError';
  }
}

export async function sendMoney<T>(
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
  key: string,
): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify(body),
  });
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    // No JSON: the status text below says what happened.
  }
  if (!response.ok) {
    const d = (data ?? {}) as { message?: string; code?: string; params?: Record<string, string> };
    throw new MoneyError(d.message ?? response.statusText, d.code ?? null, d.params);
  }
  return data as T;
}

/** A new key per attempt the person makes; a retry of the same attempt reuses it. */
export const newKey = () => crypto.randomUUID();

/** The error's text in the reader's language: its code when known, else `fallbackKey`. */
export function moneyErrorText(t: TFunction, error: unknown, fallbackKey: string): string {
  const code =
    error instanceof MoneyError
      ? error.code
      : ((error as { data?: { appCode?: string } } | null)?.data?.appCode ?? null);
  if (code) {
    const params = error instanceof MoneyError ? error.params : undefined;
    const key = `errors.${code}`;
    const text = dynamicT(t)(key, params ?? {});
    if (text !== key) return text;
  }
  return dynamicT(t)(fallbackKey);
}
