import { Navigate, Outlet, useLocation } from 'react-router';
import { CenteredLoader } from '../../components/CenteredLoader';
import { useAuth } from './AuthContext';
import { afterSignIn, loginPathFor, redirectFor } from './guards';

/**
 * The guard layout route: waits for the session check, then applies the rules of guards.ts.
 * A signed-out visitor on a protected page goes to the login screen, which remembers the page
 * (`?next=`) and returns there after signing in.
 */
export function RequireAccess() {
  const { user, loading, signingOut } = useAuth();
  const { pathname, search } = useLocation();
  if (loading) return <CenteredLoader />;
  const target = redirectFor(user, pathname);
  if (!target) return <Outlet />;
  // A signed-in person on the login screen goes where signing in takes them (its `?next=`, else
  // home), the same place the login screen sends them: when the frame is already loaded (a
  // deep link opened signed out, ADR 017), this redirect can run before the login screen's.
  // After Logout the login screen is a fresh start, not a way back to the last page.
  const to = user
    ? pathname === '/'
      ? afterSignIn(user, search)
      : target
    : target === '/' && !signingOut
      ? loginPathFor(pathname + search)
      : target;
  return <Navigate to={to} replace />;
}
