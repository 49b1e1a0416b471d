import { type UserInfo, userInfo } from '../../../../shared/schemas/auth';

// A driver's phone must keep working without signal (the installed driver app reopens from
// its service worker): when the profile check gets no answer at all, the last driver signed
// in on this device stays signed in. Any answer from the server (401 or another status) still
// decides as spec §4 says. Only who the driver is (id, name, role) is kept, never the session,
// which stays in its httpOnly cookie; customers and staff are never kept.

const KEY = 'offlineDriver';

export function rememberDriver(user: UserInfo | null): void {
  try {
    if (user && user.role === 'driver') localStorage.setItem(KEY, JSON.stringify(user));
    else localStorage.removeItem(KEY);
  } catch {
    // Without storage the driver signs in again when back online.
  }
}

/** The driver kept on this device, when `error` is a failure that got no HTTP answer. */
export function offlineDriver(error: unknown): UserInfo | null {
  const data = (error as { data?: { httpStatus?: number } } | null)?.data;
  if (data?.httpStatus !== undefined) return null;
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = userInfo.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.role === 'driver' ? parsed.data : null;
  } catch {
    return null;
  }
}
