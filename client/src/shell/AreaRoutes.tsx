import type { ReactNode } from 'react';
import { Outlet, Route, Routes } from 'react-router';
import { NotFound } from '../components/NotFound';
import { RequireAccess } from '../features/auth/RequireAccess';

/**
 * One area's route table, rendered inside its lazily loaded chunk. Routes keep their full paths
 * ('/admin/orders'): the catch-all route above them is '*', so nothing is stripped.
 *
 *   guard (RequireAccess, a layout route)
 *     └ layout (the area's own, default <Outlet/>)
 *         ├ the area's screens        ← features/<area>/<group>/routes.tsx fragments
 *         └ '*' Page not found
 */
export function AreaRoutes({
  layout = <Outlet />,
  children,
}: {
  layout?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Routes>
      <Route element={<RequireAccess />}>
        <Route element={layout}>
          {children}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Route>
    </Routes>
  );
}
