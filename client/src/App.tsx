import { Route, Routes } from 'react-router';
import { AppShellLayout } from './components/AppShellLayout';
import { LoginScreen } from './features/auth/LoginScreen';
import { RequireAccess } from './features/auth/RequireAccess';
import { Areas } from './shell/Areas';

/**
 * The route table of the first download: the login screen and one catch-all that hands every
 * other path to its area (customer, driver, admin). Each area is a separate chunk, loaded the
 * first time one of its paths opens (shell/Areas.tsx), with its own guard layout route and
 * error boundary; its screens are listed in features/<area>/routes.tsx. RequireAccess applies
 * features/auth/guards.ts before any area code is fetched, so a customer's phone never
 * downloads the office's screens.
 */
export function App() {
  return (
    <Routes>
      <Route element={<AppShellLayout />}>
        <Route element={<RequireAccess />}>
          <Route index element={<LoginScreen />} />
          <Route path="*" element={<Areas />} />
        </Route>
      </Route>
    </Routes>
  );
}
