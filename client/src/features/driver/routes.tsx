// All of Mantine's styles for this area's screens (the customer's phone loads only the few
// its screens use, shell/SignedInFrame.tsx): any component works here without more imports.
import '../../shell/staffText';
import '@mantine/core/styles.css';
import './driver.css';
import { useEffect } from 'react';
import { Route } from 'react-router';
import { AreaRoutes } from '../../shell/AreaRoutes';
import { DriverHome } from './DriverHome';
import { driverDeliveryRoutes } from './deliveries/routes';
import { driverPaymentRoutes } from './payments/routes';

// The driver's area: one lazily loaded chunk (client/src/shell/Areas.tsx).
//
// To add a screen: put `<Route path="/driver/..." element={<YourScreen />} />` (full path) in
// your group's fragment (deliveries/ or payments/routes.tsx) and import the screen there. The
// area's guard, error boundary and Page not found already wrap it.

/** The driver's screens: one fragment per screen group. */
export const driverRoutes = (
  <>
    <Route path="/driver" element={<DriverHome />} />
    {driverDeliveryRoutes}
    {driverPaymentRoutes}
  </>
);

export default function DriverArea() {
  // The driver's larger tap targets (driver.css) apply while this area is open.
  useEffect(() => {
    document.documentElement.dataset.area = 'driver';
    // The handover's date field is a chunk of its own: fetched now, while there is signal,
    // so the handover still opens in a van without it (not the error screen).
    void import('../../components/dates/DateField').catch(() => {});
    return () => {
      delete document.documentElement.dataset.area;
    };
  }, []);
  return <AreaRoutes>{driverRoutes}</AreaRoutes>;
}
