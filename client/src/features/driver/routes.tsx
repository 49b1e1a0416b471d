import { Route } from 'react-router';
import { DriverHome } from './DriverHome';
import { driverDeliveryRoutes } from './deliveries/routes';
import { driverPaymentRoutes } from './payments/routes';

/** The driver's screens: one fragment per screen group. */
export const driverRoutes = (
  <>
    <Route path="/driver" element={<DriverHome />} />
    {driverDeliveryRoutes}
    {driverPaymentRoutes}
  </>
);
