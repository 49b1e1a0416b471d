import { Route } from 'react-router';
import { DocumentPrintView } from '../../components/documents/DocumentPrintView';
import { AreaRoutes } from '../../shell/AreaRoutes';
import { AccountScreen } from './AccountScreen';
import { AllProductsScreen } from './AllProductsScreen';
import { CartScreen } from './CartScreen';
import { CustomerClaimsScreen } from './ClaimsScreen';
import { CustomerHome } from './CustomerHome';
import { OrderDetailsScreen } from './OrderDetailsScreen';
import { OrderHistoryScreen } from './OrderHistoryScreen';
import { OrderPlacedScreen } from './OrderPlacedScreen';
import { OrdersheetScreen } from './OrdersheetScreen';
import { PeopleScreen } from './PeopleScreen';
import { ThaiProductsScreen } from './ThaiProductsScreen';
import { UsualOrdersScreen } from './UsualOrdersScreen';

// The restaurant customer's area: one lazily loaded chunk (client/src/shell/Areas.tsx).
// To add a screen: a `<Route path="/customer/..." element={<YourScreen />} />` (full path) below.

/** The restaurant customer's screens. */
export const customerRoutes = (
  <>
    <Route path="/customer" element={<CustomerHome />} />
    <Route path="/customer/regularorder" element={<AllProductsScreen />} />
    <Route path="/customer/thaiproducts" element={<ThaiProductsScreen />} />
    <Route path="/customer/customsheet" element={<OrdersheetScreen />} />
    <Route path="/customer/myorderlist/:pageNumber?" element={<OrderHistoryScreen />} />
    <Route path="/customer/orderdetails/:id" element={<OrderDetailsScreen />} />
    <Route path="/customer/orderplaced" element={<OrderPlacedScreen />} />
    <Route path="/customer/account" element={<AccountScreen />} />
    <Route path="/customer/print/:kind/:id" element={<DocumentPrintView />} />
    <Route path="/customer/claims" element={<CustomerClaimsScreen />} />
    <Route path="/customer/usual" element={<UsualOrdersScreen />} />
    <Route path="/customer/people" element={<PeopleScreen />} />
    <Route path="/cart" element={<CartScreen />} />
  </>
);

export default function CustomerArea() {
  return <AreaRoutes>{customerRoutes}</AreaRoutes>;
}
