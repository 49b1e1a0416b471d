import { Route, Routes } from 'react-router';
import { AppShellLayout } from './components/AppShellLayout';
import { NotFound } from './components/NotFound';
import { adminRoutes } from './features/admin/routes';
import { LoginScreen } from './features/auth/LoginScreen';
import { RequireAccess } from './features/auth/RequireAccess';
import { customerRoutes } from './features/customer/routes';
import { driverRoutes } from './features/driver/routes';

/**
 * The route table. Every route passes RequireAccess, which applies features/auth/guards.ts:
 * who may see /admin, /driver, /customer and /cart, and where '/' sends a signed-in user.
 * Each area's screens are listed in features/<area>/routes.tsx.
 */
export function App() {
  return (
    <Routes>
      <Route element={<AppShellLayout />}>
        <Route element={<RequireAccess />}>
          <Route index element={<LoginScreen />} />
          {adminRoutes}
          {driverRoutes}
          {customerRoutes}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Route>
    </Routes>
  );
}
