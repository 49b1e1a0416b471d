/** Where a placed order leads when the query names no target (spec §2 /cart). */
export const DEFAULT_AFTER_ORDER = '/customer/orderplaced';

/**
 * The redirect target of a checkout URL: whatever follows the first '=' of the query string,
 * e.g. '?redirect=/customer/myorderlist'. Only paths inside this app are accepted (starting
 * with '/', not '//' or '/\\', which browsers treat as another site); else the default.
 */
export function redirectTarget(search: string, fallback = DEFAULT_AFTER_ORDER): string {
  const at = search.indexOf('=');
  if (at < 0) return fallback;
  let target: string;
  try {
    target = decodeURIComponent(search.slice(at + 1).split('&')[0] ?? '');
  } catch {
    return fallback;
  }
  target = target.trim();
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return fallback;
  }
  // Control characters have no place in a path (and some browsers strip them, changing it).
  for (const ch of target) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return fallback;
  }
  return target;
}
