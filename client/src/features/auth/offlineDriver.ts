import { LANGUAGES } from '../../../../shared/enums';
import type { UserInfo } from '../../../../shared/schemas/auth';

// A driver's phone must keep working without signal (the installed driver app reopens from
// its service worker): when the profile check gets no answer at all, the last driver signed
// in on this device stays signed in. Any answer from the server (401 or another status) still
// decides as spec §4 says. Only who the driver is (id, name, role) is kept, never the session,
// which stays in its httpOnly cookie; customers and staff are never kept.

const KEY = 'offlineDriver';

// Checked by hand rather than with the `userInfo` zod schema: this file is part of every
// first download (the login screen's too), and zod would add ~25 KB of compressed script to
// it for one check that only runs offline. The Record's type makes the compiler ask for a
// check of every field UserInfo has.
const text = (v: unknown) => typeof v === 'string';
const textOrNull = (v: unknown) => v === null || typeof v === 'string';
const FIELDS: Record<keyof UserInfo, (v: unknown) => boolean> = {
  _id: text,
  isAdmin: (v) => typeof v === 'boolean',
  role: (v) => v === 'driver',
  userType: (v) => v === 'Admin' || v === 'Employee' || v === 'Customer',
  username: text,
  name: text,
  restaurantName: textOrNull,
  photo: textOrNull,
  customerId: textOrNull,
  restaurantOwner: (v) => v === undefined || v === false,
  deliveryDays: (v) => Array.isArray(v) && v.every(text),
  language: (v) => v === null || (LANGUAGES as readonly unknown[]).includes(v),
  business: (v) =>
    typeof v === 'object' &&
    v !== null &&
    text((v as { timeZone?: unknown }).timeZone) &&
    /^\d{4}-\d{2}-\d{2}$/.test(String((v as { today?: unknown }).today)),
};

/** The kept driver's known fields, or null when anything is missing or of the wrong kind. */
function keptDriver(value: unknown): UserInfo | null {
  if (typeof value !== 'object' || value === null) return null;
  const kept: Record<string, unknown> = {};
  for (const [field, ok] of Object.entries(FIELDS)) {
    const v = (value as Record<string, unknown>)[field];
    if (!ok(v)) return null;
    kept[field] = v;
  }
  const { timeZone, today } = kept.business as { timeZone: string; today: string };
  return { ...(kept as unknown as UserInfo), business: { timeZone, today } };
}

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
    return keptDriver(JSON.parse(raw));
  } catch {
    return null;
  }
}
