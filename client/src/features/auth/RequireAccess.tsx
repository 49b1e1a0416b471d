import { Navigate, Outlet, useLocation } from 'react-router';
import { CenteredLoader } from '../../components/CenteredLoader';
import { useAuth } from './AuthContext';
import { loginPathFor, redirectFor } from './guards';

/**
 * The guard layout route: waits for the session check, then applies the rules of guards.ts.
 * A signed-out visitor on a protected page goes to the login screen, which remembers the page
 * (`?next=`) and returns there after signing in.
 */
export function RequireAccess() {
  const { user, loading } = useAuth();
  const { pathname, search } = useLocation();
  if (loading) return <CenteredLoader />;
  const target = redirectFor(user, pathname);
  if (!target) return <Outlet />;
  const to = !user && target === '/' ? loginPathFor(pathname + search) : target;
  return <Navigate to={to} replace />;
}
