import type { UserInfo } from './schemas/auth';

// Who may see which part of the app (spec §6). Pure functions, so the rules are unit-tested;
// the server enforces the same rules on every call, this only keeps people on their screens.

export type GuardUser = Pick<UserInfo, 'isAdmin' | 'role'>;
export type Home = '/admin' | '/driver' | '/customer';
export type Area = 'admin' | 'driver' | 'customer';

/** Admins and managers run the office and share the admin area. */
export function isOffice(user: GuardUser): boolean {
  return user.isAdmin || user.role === 'admin' || user.role === 'manager';
}

export function homeFor(user: GuardUser): Home {
  if (isOffice(user)) return '/admin';
  if (user.role === 'driver') return '/driver';
  return '/customer';
}

function startsWithSegment(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** The protected area a path belongs to, or null for public and unknown paths. */
export function areaOf(pathname: string): Area | null {
  if (startsWithSegment(pathname, '/admin')) return 'admin';
  if (startsWithSegment(pathname, '/driver')) return 'driver';
  if (startsWithSegment(pathname, '/customer') || startsWithSegment(pathname, '/cart')) {
    return 'customer';
  }
  return null;
}

function areaFor(user: GuardUser): Area {
  return homeFor(user).slice(1) as Area;
}

/**
 * Where to send this visitor instead of `pathname`, or null to let them stay.
 * Signed out: every protected path goes to the login screen at '/'.
 * Signed in: '/' and other areas' paths go to the user's own home.
 */
export function redirectFor(user: GuardUser | null, pathname: string): string | null {
  const area = areaOf(pathname);
  if (!user) return area ? '/' : null;
  if (pathname === '/') return homeFor(user);
  if (area && area !== areaFor(user)) return homeFor(user);
  return null;
}

/** The query parameter of the login screen naming the page asked for while signed out. */
export const NEXT_PARAM = 'next';

/** The login screen's address for a signed-out visitor who asked for `pathWithSearch`. */
export function loginPathFor(pathWithSearch: string): string {
  return `/?${NEXT_PARAM}=${encodeURIComponent(pathWithSearch)}`;
}

/**
 * Where a person who just signed in goes: the page asked for (`?next=`), when it is a path of
 * this app inside their own area; otherwise their home. Never another site ('//x', '/\\x').
 */
export function afterSignIn(user: GuardUser, search: string): string {
  const next = new URLSearchParams(search).get(NEXT_PARAM)?.trim() ?? '';
  const safe =
    next.startsWith('/') &&
    !next.startsWith('//') &&
    !next.startsWith('/\\') &&
    ![...next].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
  if (!safe) return homeFor(user);
  const pathname = next.split(/[?#]/)[0] ?? '';
  if (areaOf(pathname) === null || redirectFor(user, pathname) !== null) return homeFor(user);
  return next;
}
