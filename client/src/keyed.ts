import { createTRPCClient, TRPCClientError } from '@trpc/client';
import type { TFunction } from 'i18next';
import type { AppRouter } from '../../server/router';
import { newAttemptKey } from './attemptKey';
import { errorText } from './errors';
import { idempotencyLink } from './trpc';

// Mutations that create or move something (dispatch, delivery, a phoned-in order) carry an
// `Idempotency-Key` (DESIGN §6) through the app's one idempotency link (trpc.ts): a retry
// with the same key is answered with the first result. This plain client is for code outside
// React (the driver's outbox) and for dialogs that keep one key per attempt:
// `keyedClient.orders.dispatch.mutate(input, withKey(key))`.

export const keyedClient = createTRPCClient<AppRouter>({ links: [idempotencyLink] });

export const newKey = newAttemptKey;

/** `{ context }` for one attempt. */
export const withKey = (idempotencyKey: string) => ({ context: { idempotencyKey } });

/** True when no answer came back (offline, connection cut, 5xx): the attempt may be retried. */
export function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return true;
  const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
  return status === undefined || status >= 500;
}

/** The message to show for a failed call: its code's text in the reader's language. */
export function errorMessage(
  t: TFunction,
  error: unknown,
  fallbackKey = 'errors.common.mutationFailed',
): string {
  return errorText(t, error, fallbackKey);
}
