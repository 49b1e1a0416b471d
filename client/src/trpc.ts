import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { httpBatchLink, httpLink, type Operation, splitLink } from '@trpc/client';
import { createTRPCReact, getQueryKey } from '@trpc/react-query';
import type { AppRouter } from '../../server/router';
import { MAX_BATCH_SIZE, UNBATCHED_PROCEDURES } from '../../shared/transport';
import { catalogueLink } from './catalogueLink';
import { earlyFetch, hasEarly } from './early';
import { isClientError, isUnauthorized, PROFILE_KEY } from './features/auth/session';

export const trpc = createTRPCReact<AppRouter>();

/** Cached reads are fresh for 5 minutes (spec §9). */
const STALE_MS = 5 * 60 * 1000;

/**
 * A call refused with 401 means the session ended (expired, or logged out elsewhere): re-check
 * the profile, which signs this tab out and sends it to the login screen. The profile read
 * turns its own 401 into "signed out", and login and logout do not go through these caches,
 * so a wrong password never lands here and nothing loops.
 */
function onSessionLost(error: unknown) {
  if (isUnauthorized(error)) void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onSessionLost }),
  mutationCache: new MutationCache({ onError: onSessionLost }),
  defaultOptions: {
    queries: {
      staleTime: STALE_MS,
      // Reads retry once (spec §9), but not when the server has said no.
      retry: (failures, error) => failures < 1 && !isClientError(error),
    },
  },
});

/**
 * The `Idempotency-Key` a call carries: `client.orders.place.mutate(input, { context:
 * { idempotencyKey } })`. The same submission retried keeps its key (one order at most).
 */
export function idempotencyKeyOf(op: Pick<Operation, 'context'>): string | undefined {
  const key = op.context.idempotencyKey;
  return typeof key === 'string' ? key : undefined;
}

/**
 * A keyed call goes alone (a header belongs to one request, not to a batch); the rest batch.
 * The session lives in an httpOnly cookie, sent with every same-origin request.
 */
export const idempotencyLink = splitLink<AppRouter>({
  condition: (op) => idempotencyKeyOf(op) !== undefined,
  true: httpLink({
    url: '/trpc',
    headers: ({ op }) => ({ 'Idempotency-Key': idempotencyKeyOf(op) ?? '' }),
  }),
  // auth.login travels alone (the server refuses it inside a batch); the rest batch, at most
  // MAX_BATCH_SIZE calls a request, the server's cap.
  false: splitLink({
    condition: (op) => UNBATCHED_PROCEDURES.includes(op.path),
    true: httpLink({ url: '/trpc' }),
    // A call index.html already started (public/early.js: the session, the catalogue) goes
    // alone, with the URL early.js used, and takes that answer (early.ts).
    false: splitLink({
      condition: (op) => op.type === 'query' && op.input === undefined && hasEarly(op.path),
      true: httpLink({ url: '/trpc', fetch: earlyFetch }),
      false: httpBatchLink({ url: '/trpc', maxItems: MAX_BATCH_SIZE }),
    }),
  }),
});

export const trpcClient = trpc.createClient({
  // The catalogue first: it is read from the REST door (catalogueLink.ts).
  links: [catalogueLink, idempotencyLink],
});

/** Starts reading the catalogue into the app's cache (the screens' useQuery then finds it). */
export function prefetchCatalogue(): void {
  void queryClient.prefetchQuery({
    queryKey: getQueryKey(trpc.products.list, undefined, 'query'),
    queryFn: () => trpcClient.products.list.query(),
  });
}
