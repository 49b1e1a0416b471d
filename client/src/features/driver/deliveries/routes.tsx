import { Route } from 'react-router';
import { DriverDeliveredScreen } from './DriverDeliveredScreen';
import { DriverPendingScreen } from './DriverPendingScreen';
import { DriverRouteScreen } from './DriverRouteScreen';

// The driver's pending and delivered jobs. The delivered list takes an optional keyword and
// page number after its path.
export const driverDeliveryRoutes = (
  <>
    <Route path="/driver/ordertrack" element={<DriverPendingScreen />} />
    <Route path="/driver/route" element={<DriverRouteScreen />} />
    <Route path="/driver/ordertrack/delivered" element={<DriverDeliveredScreen />} />
    <Route
      path="/driver/ordertrack/delivered/page/:pageNumber"
      element={<DriverDeliveredScreen />}
    />
    <Route
      path="/driver/ordertrack/delivered/search/:keyword"
      element={<DriverDeliveredScreen />}
    />
    <Route
      path="/driver/ordertrack/delivered/search/:keyword/page/:pageNumber"
      element={<DriverDeliveredScreen />}
    />
  </>
);
