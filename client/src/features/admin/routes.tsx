// All of Mantine's styles for this area's screens (the customer's phone loads only the few
// its screens use, shell/SignedInFrame.tsx): any component works here without more imports.
import '../../shell/staffText';
import '@mantine/core/styles.css';
import { Outlet, Route } from 'react-router';
import { AreaRoutes } from '../../shell/AreaRoutes';
import { AdminHome } from './AdminHome';
import { listsRoutes } from './lists/routes';
import { moneyRoutes } from './money/routes';
import { officeRoutes } from './office/routes';
import { ordersRoutes } from './orders/routes';
import { reportsRoutes } from './reports/routes';
import { settingsRoutes } from './settings/routes';

// The office's area: one lazily loaded chunk (client/src/shell/Areas.tsx), so nothing here
// reaches a customer's or driver's phone.
//
// To add a screen: put `<Route path="/admin/..." element={<YourScreen />} />` (full path) in
// your group's fragment (office/, orders/, money/, reports/, settings/ or lists/routes.tsx) and
// import the screen there. The area's guard, error boundary and Page not found already wrap it. A layout for all office screens (e.g. a sidebar) goes in
// `adminLayout` below: it must render <Outlet /> where the screen belongs.

/** The office's screens: one fragment per screen group, so each group owns its own file. */
export const adminRoutes = (
  <>
    <Route path="/admin" element={<AdminHome />} />
    {officeRoutes}
    {ordersRoutes}
    {moneyRoutes}
    {reportsRoutes}
    {settingsRoutes}
    {listsRoutes}
  </>
);

/** The layout route around every office screen. */
const adminLayout = <Outlet />;

export default function AdminArea() {
  return <AreaRoutes layout={adminLayout}>{adminRoutes}</AreaRoutes>;
}
