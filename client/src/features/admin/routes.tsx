import { Route } from 'react-router';
import { AdminHome } from './AdminHome';
import { moneyRoutes } from './money/routes';
import { officeRoutes } from './office/routes';
import { ordersRoutes } from './orders/routes';

/** The office's screens: one fragment per screen group, so each group owns its own file. */
export const adminRoutes = (
  <>
    <Route path="/admin" element={<AdminHome />} />
    {officeRoutes}
    {ordersRoutes}
    {moneyRoutes}
  </>
);
