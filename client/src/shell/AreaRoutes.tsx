import type { ReactNode } from 'react';
import { Outlet, Route, Routes } from 'react-router';
import { COMING_SOON } from '../comingSoonRoutes';
import { ComingSoon } from '../components/ComingSoon';
import { NotFound } from '../components/NotFound';
import { type Area, areaOf } from '../features/auth/guards';
import { RequireAccess } from '../features/auth/RequireAccess';

/**
 * One area's route table, rendered inside its lazily loaded chunk. Routes keep their full paths
 * ('/admin/orders'): the catch-all route above them is '*', so nothing is stripped.
 *
 *   guard (RequireAccess, a layout route)
 *     └ layout (the area's own, default <Outlet/>)
 *         ├ the area's screens        ← features/<area>/<group>/routes.tsx fragments
 *         ├ its coming-soon screens   ← comingSoonRoutes.ts rows for this area
 *         └ '*' Page not found
 *
 * A screen's own route comes before the coming-soon rows, so a built screen wins even while its
 * row is still in comingSoonRoutes.ts.
 */
export function AreaRoutes({
  area,
  layout = <Outlet />,
  children,
}: {
  area: Area;
  layout?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Routes>
      <Route element={<RequireAccess />}>
        <Route element={layout}>
          {children}
          {COMING_SOON.filter((screen) => areaOf(screen.path) === area).map((screen) => (
            <Route key={screen.path} path={screen.path} element={<ComingSoon screen={screen} />} />
          ))}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Route>
    </Routes>
  );
}
