import { Route } from 'react-router';
import { CustomerOrdersScreen } from './CustomerOrdersScreen';
import { DeliverySheetScreen } from './DeliverySheetScreen';
import { OrderDetailScreen } from './OrderDetailScreen';
import { OrderTrackScreen } from './OrderTrackScreen';
import { PickListScreen } from './PickListScreen';
import { WebOrdersScreen } from './WebOrdersScreen';

// The screens of this group: web orders, frozen counts, pick lists, order track and delivery
// sheets. Each a <Route> with its full path.
export const ordersRoutes = (
  <>
    <Route path="/admin/orders" element={<WebOrdersScreen />} />
    <Route path="/admin/orders/picklist" element={<PickListScreen />} />
    <Route path="/admin/orders/:id" element={<OrderDetailScreen />} />
    <Route path="/admin/customer/orders/:id" element={<CustomerOrdersScreen />} />
    <Route path="/admin/ordertrack" element={<OrderTrackScreen />} />
    <Route path="/admin/ordertrack/sheet/:driverId" element={<DeliverySheetScreen />} />
  </>
);
