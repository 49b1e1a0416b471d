import { Navigate, Outlet, useLocation } from 'react-router';
import { CenteredLoader } from '../../components/CenteredLoader';
import { useAuth } from './AuthContext';
import { redirectFor } from './guards';

/** Wraps every route: waits for the session check, then applies the rules of guards.ts. */
export function RequireAccess() {
  const { user, loading } = useAuth();
  const { pathname } = useLocation();
  if (loading) return <CenteredLoader />;
  const target = redirectFor(user, pathname);
  return target ? <Navigate to={target} replace /> : <Outlet />;
}
