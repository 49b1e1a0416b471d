import { errorText } from '../../../errors';

// Calls that move money carry an Idempotency-Key through the app's one idempotency link
// (`keyedClient` in client/src/keyed.ts: a retried payment is recorded once, DESIGN §6).
// Reads use tRPC hooks.

/** Invoice lists: 3 retries from 1 s doubling to a 30 s cap, stale after 5 minutes (spec §9). */
export const INVOICE_QUERY = {
  retry: 3,
  retryDelay: (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000),
  staleTime: 5 * 60 * 1000,
} as const;

/**
 * A new key per attempt the person makes; a retry of the same attempt reuses it. The app's one
 * maker: the office box is often reached over plain http on its LAN (ADR 006), where the
 * browser has no crypto.randomUUID.
 */
export { newKey } from '../../../keyed';

/** The error's text in the reader's language (client/src/errors.ts), else `fallbackKey`'s. */
export const moneyErrorText = errorText;
