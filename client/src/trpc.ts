import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { createTRPCReact, getQueryKey } from '@trpc/react-query';
import type { AppRouter } from '../../server/routers';
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

// The session lives in an httpOnly cookie, sent with every same-origin request: nothing to add.
export const trpcClient = trpc.createClient({
  links: [httpBatchLink({ url: '/trpc' })],
});

/** Starts reading the catalogue into the app's cache (the screens' useQuery then finds it). */
export function prefetchCatalogue(): void {
  void queryClient.prefetchQuery({
    queryKey: getQueryKey(trpc.products.list, undefined, 'query'),
    queryFn: () => trpcClient.products.list.query(),
  });
}
