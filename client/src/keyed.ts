import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import type { TFunction } from 'i18next';
import type { AppRouter } from '../../server/routers';
import { newAttemptKey } from './features/customer/placeOrder';

// Mutations that create or move something (dispatch, delivery, a phoned-in order) carry an
// `Idempotency-Key` (DESIGN §6): a retry with the same key is answered with the first result.
// One unbatched link so each call has its own header: `mutate(input, { context: { idempotencyKey } })`.

export const keyedClient = createTRPCClient<AppRouter>({
  links: [
    httpLink({
      url: '/trpc',
      headers: ({ op }) => {
        const key = op.context.idempotencyKey;
        return typeof key === 'string' ? { 'Idempotency-Key': key } : {};
      },
    }),
  ],
});

export const newKey = newAttemptKey;

/** `{ context }` for one attempt. */
export const withKey = (idempotencyKey: string) => ({ context: { idempotencyKey } });

interface ErrorData {
  appCode?: string;
  params?: Record<string, string | number>;
  httpStatus?: number;
}

function dataOf(error: unknown): ErrorData | undefined {
  return (error as { data?: ErrorData } | null)?.data ?? undefined;
}

/** The server's error code, when it answered with one. */
export function appCodeOf(error: unknown): string | undefined {
  return dataOf(error)?.appCode;
}

/** True when no answer came back (offline, connection cut): the same attempt may be retried. */
export function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return true;
  const status = dataOf(error)?.httpStatus;
  return status === undefined || status >= 500;
}

/** The message to show for a failed call: the code's text in the reader's language. */
export function errorMessage(
  t: TFunction,
  error: unknown,
  fallbackKey = 'errors.common.mutationFailed',
): string {
  const d = dataOf(error);
  if (d?.appCode) return t(`errors.${d.appCode}`, d.params ?? {});
  if (error instanceof TRPCClientError && dataOf(error) === undefined)
    return t('errors.common.network');
  return t(fallbackKey);
}
