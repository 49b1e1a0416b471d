import { Route } from 'react-router';
import { DocumentPrintView } from '../../components/documents/DocumentPrintView';
import { AreaRoutes } from '../../shell/AreaRoutes';
import { AccountScreen } from './account/AccountScreen';
import { CustomerClaimsScreen } from './account/ClaimsScreen';
import { PeopleScreen } from './account/PeopleScreen';
import { CartScreen } from './cart/CartScreen';
import { AllProductsScreen } from './catalogue/AllProductsScreen';
import { OrdersheetScreen } from './catalogue/OrdersheetScreen';
import { ThaiProductsScreen } from './catalogue/ThaiProductsScreen';
import { CustomerHome } from './home/CustomerHome';
import { OrderDetailsScreen } from './orders/OrderDetailsScreen';
import { OrderHistoryScreen } from './orders/OrderHistoryScreen';
import { OrderPlacedScreen } from './orders/OrderPlacedScreen';
import { UsualOrdersScreen } from './standing/UsualOrdersScreen';

// The restaurant customer's area: one lazily loaded chunk (client/src/shell/Areas.tsx).
// To add a screen: a `<Route path="/customer/..." element={<YourScreen />} />` (full path) below.
// Screens sit in a folder for what the customer is doing: home/ (tiles, slider, popup),
// catalogue/ (products, search, ordersheet), cart/ (cart, checkout, delivery date), orders/
// (history, details, change or cancel, order again), standing/ (usual orders) and account/
// (documents, claims, people). The cart store itself is client/src/cart.ts: the top bar, the
// product cards and sign-in use it too.

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
