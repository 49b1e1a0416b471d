import { hashKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { LoginInput, LoginOutput, UserInfo } from '../../../../shared/schemas/auth';
import { claimCart, clearCart } from '../../cart';
import { dropEarly } from '../../early';
import { trpc } from '../../trpc';
import { AuthContext, type AuthState } from './AuthContext';
import { offlineDriver, rememberDriver } from './offlineDriver';
import { isUnauthorized, LOGOUT_SIGNAL_KEY, PROFILE_KEY, PROFILE_RECHECK_MS } from './session';

const profileHash = hashKey(PROFILE_KEY);

function withoutToken(answer: LoginOutput): UserInfo {
  const { token: _token, ...user } = answer;
  return user;
}

/**
 * Holds the signed-in user, read from `auth.session` at start and every 5 minutes
 * (null when signed out; a 401 from any call also means signed out).
 * The session itself is an httpOnly cookie: nothing secret is kept in the browser's storage.
 * Must sit inside the router (it navigates) and the tRPC / react-query providers.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { client } = trpc.useUtils();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  /** Drops every cached read of the previous user and marks this tab signed out. */
  const forgetSession = useCallback(async () => {
    // Awaited: a cancelled check restores the old user when it settles, which would undo
    // the null written below.
    await queryClient.cancelQueries({ queryKey: PROFILE_KEY });
    queryClient.removeQueries({ predicate: (q) => q.queryHash !== profileHash });
    queryClient.setQueryData<UserInfo | null>(PROFILE_KEY, null);
    rememberDriver(null);
  }, [queryClient]);

  const profile = useQuery({
    queryKey: PROFILE_KEY,
    queryFn: async ({ signal }): Promise<UserInfo | null> => {
      try {
        const user = await client.auth.session.query(undefined, { signal });
        rememberDriver(user);
        if (user) claimCart(user._id);
        return user;
      } catch (error) {
        // 401: no session (never signed in, expired, or ended in another tab).
        if (isUnauthorized(error)) {
          dropEarly();
          rememberDriver(null);
          // The cart stays with its owner (ADR 082): signing in again finds it, and another
          // account signing in on this browser finds it cleared (claimCart).
          queryClient.removeQueries({ predicate: (q) => q.queryHash !== profileHash });
          return null;
        }
        // No answer at all: a driver's phone without signal keeps its driver (offlineDriver.ts).
        const kept = offlineDriver(error);
        if (kept) return kept;
        throw error;
      }
    },
    // Keep polling after a failed check too, so the user comes back when the network does.
    refetchInterval: (query) => (query.state.data ? PROFILE_RECHECK_MS : false),
    staleTime: PROFILE_RECHECK_MS,
  });

  // A user who turns into "no user" without logging out here: the session ended (expired,
  // revoked, logged out in another tab). The login screen says so.
  const current = profile.isError ? null : (profile.data ?? null);
  const hadUser = useRef(false);
  const leaving = useRef(false);
  const [sessionEnded, setSessionEnded] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  useEffect(() => {
    if (current) {
      hadUser.current = true;
      leaving.current = false;
      setSessionEnded(false);
      setSigningOut(false);
    } else if (hadUser.current && !profile.isPending) {
      hadUser.current = false;
      // A failed check (no network) is not an ended session: the offline banner covers it.
      // An ended session keeps the cart for its owner (ADR 082), unlike Logout: the cached
      // reads are gone, and claimCart clears the cart if another account signs in here.
      if (!leaving.current && profile.data === null) setSessionEnded(true);
      leaving.current = false;
    }
  }, [current, profile.isPending, profile.data]);

  const signIn = useCallback(
    async (values: LoginInput) => {
      const answer = await client.auth.login.mutate(values);
      dropEarly();
      // The token is dropped: the cookie carries the session, the page never needs it.
      const user = withoutToken(answer);
      queryClient.setQueryData<UserInfo | null>(PROFILE_KEY, user);
      rememberDriver(user);
      claimCart(user._id);
      return user;
    },
    [client, queryClient],
  );

  const signOut = useCallback(async () => {
    leaving.current = true;
    setSigningOut(true);
    try {
      await client.auth.logout.mutate();
    } catch (error) {
      // Spec §4: a failed logout call is only logged; signing out here still happens.
      console.error('logout failed', error);
    }
    await forgetSession();
    dropEarly();
    // The next person on this device must not inherit the cart.
    clearCart();
    try {
      localStorage.setItem(LOGOUT_SIGNAL_KEY, String(Date.now()));
    } catch {
      // Without storage other tabs find out at their next profile check.
    }
    navigate('/', { replace: true });
  }, [client, forgetSession, navigate]);

  // Another tab logged out: the shared cookie is gone, so follow it.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== LOGOUT_SIGNAL_KEY || !e.newValue) return;
      leaving.current = true;
      setSigningOut(true);
      void forgetSession().then(() => navigate('/', { replace: true }));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [forgetSession, navigate]);

  const value = useMemo<AuthState>(
    () => ({
      // Spec §4: a failed check (other than 401) also means "no user".
      user: profile.isError ? null : (profile.data ?? null),
      loading: profile.isPending,
      signIn,
      signOut,
      sessionEnded,
      signingOut,
    }),
    [profile.isError, profile.data, profile.isPending, signIn, signOut, sessionEnded, signingOut],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
