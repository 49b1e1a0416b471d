// The answers of the requests index.html started before the app's script arrived
// (client/public/early.js, ADR 017). The tRPC client sends a call that has one waiting
// through `earlyFetch`, which hands over that answer instead of asking again; each answer is
// taken once, so a later call (a refetch, the 5-minute profile check) goes to the server.

declare global {
  interface Window {
    /** URL -> the fetch early.js started for it. */
    __early?: Record<string, Promise<Response> | undefined>;
  }
}

/**
 * The URL of a call without input: the catalogue's REST document (catalogueLink.ts), else the
 * tRPC URL the unbatched link builds.
 */
export const earlyUrl = (path: string) =>
  path === 'products.list' ? '/api/products' : `/trpc/${path}`;

/** Whether early.js started this call (and its answer has not been taken yet). */
export function hasEarly(path: string): boolean {
  return typeof window !== 'undefined' && window.__early?.[earlyUrl(path)] !== undefined;
}

/** `fetch` for the tRPC link: the waiting early answer for its URL, else a fresh request. */
export const earlyFetch: typeof fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const started = typeof window === 'undefined' ? undefined : window.__early;
  const key = url.startsWith(location.origin) ? url.slice(location.origin.length) : url;
  const answer = started?.[key];
  if (!answer || !started) return fetch(input, init);
  started[key] = undefined;
  // A network failure of the early request is retried as the app's own request would be.
  return answer.catch(() => fetch(input, init));
};

/**
 * Forgets the answers not taken yet: they were asked with the session of the page's start, so
 * after signing in or out (or finding the session ended) they may answer for someone else,
 * e.g. the public catalogue of a signed-out start for the customer who has just signed in.
 */
export function dropEarly(): void {
  if (typeof window !== 'undefined') window.__early = undefined;
}
