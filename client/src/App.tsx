import { Route, Routes } from 'react-router';
import { COMING_SOON } from './comingSoonRoutes';
import { AppShellLayout } from './components/AppShellLayout';
import { ComingSoon } from './components/ComingSoon';
import { NotFound } from './components/NotFound';
import { AdminHome } from './features/admin/AdminHome';
import { LoginScreen } from './features/auth/LoginScreen';
import { RequireAccess } from './features/auth/RequireAccess';
import { CustomerHome } from './features/customer/CustomerHome';
import { DriverHome } from './features/driver/DriverHome';

/**
 * The route table. Every route passes RequireAccess, which applies features/auth/guards.ts:
 * who may see /admin, /driver, /customer and /cart, and where '/' sends a signed-in user.
 */
export function App() {
  return (
    <Routes>
      <Route element={<AppShellLayout />}>
        <Route element={<RequireAccess />}>
          <Route index element={<LoginScreen />} />
          <Route path="/admin" element={<AdminHome />} />
          <Route path="/driver" element={<DriverHome />} />
          <Route path="/customer" element={<CustomerHome />} />
          {COMING_SOON.map((screen) => (
            <Route key={screen.path} path={screen.path} element={<ComingSoon screen={screen} />} />
          ))}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Route>
    </Routes>
  );
}
