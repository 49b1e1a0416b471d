// Pieces of the sign-in state that do not need React: the profile's cache key, the cross-tab
// logout signal and how to recognise an expired session in a tRPC error.

/** Cache key of the signed-in user (`UserInfo`, or null when signed out). */
export const PROFILE_KEY = ['auth', 'profile'] as const;

/** Re-check the session this often while signed in (spec §9). */
export const PROFILE_RECHECK_MS = 5 * 60 * 1000;

/** Written on logout; other tabs see the 'storage' event and sign out too. */
export const LOGOUT_SIGNAL_KEY = 'logout';

interface ErrorData {
  httpStatus?: number;
  code?: string;
}

/** tRPC client errors carry the server's status in `data` (see server/trpc.ts errorFormatter). */
function errorData(error: unknown): ErrorData | undefined {
  if (typeof error !== 'object' || error === null || !('data' in error)) return undefined;
  const data = (error as { data: unknown }).data;
  return typeof data === 'object' && data !== null ? (data as ErrorData) : undefined;
}

export function isUnauthorized(error: unknown): boolean {
  const data = errorData(error);
  return data?.httpStatus === 401 || data?.code === 'UNAUTHORIZED';
}

/** 4xx: asking again gives the same answer, so such reads are not retried. */
export function isClientError(error: unknown): boolean {
  const status = errorData(error)?.httpStatus;
  return status !== undefined && status >= 400 && status < 500;
}
