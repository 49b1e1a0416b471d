import { lazy } from 'react';
import { Route } from 'react-router';
import { AreaRoutes } from '../../shell/AreaRoutes';
import { CustomerHome } from './home/CustomerHome';
import { Screen } from './screenChunk';

// The restaurant customer's area: a lazily loaded chunk (client/src/shell/Areas.tsx) with the
// home, and the other screens in a second chunk (screens.tsx, ADR 096): on a poor line the
// home's tiles no longer wait for the catalogue's, the cart's and the documents' code.
// To add a screen: export it from screens.tsx and add a
// `<Route path="/customer/..." element={<Screen name="YourScreen" />} />` (full path) below.
// Screens sit in a folder for what the customer is doing: home/ (tiles, slider, popup),
// catalogue/ (products, search, ordersheet), cart/ (cart, checkout, delivery date), orders/
// (history, details, change or cancel, order again), standing/ (usual orders) and account/
// (documents, claims, people). The cart store itself is client/src/cart.ts: the top bar, the
// product cards and sign-in use it too.

/** A document's print view, with the Japanese font's rules (206 KB of CSS): only when printing. */
const DocumentPrintView = lazy(() =>
  import('../../components/documents/DocumentPrintView').then((module) => ({
    default: module.DocumentPrintView,
  })),
);

/** The restaurant customer's screens. */
export const customerRoutes = (
  <>
    <Route path="/customer" element={<CustomerHome />} />
    <Route path="/customer/regularorder" element={<Screen name="AllProductsScreen" />} />
    <Route path="/customer/thaiproducts" element={<Screen name="ThaiProductsScreen" />} />
    <Route path="/customer/customsheet" element={<Screen name="OrdersheetScreen" />} />
    <Route
      path="/customer/myorderlist/:pageNumber?"
      element={<Screen name="OrderHistoryScreen" />}
    />
    <Route path="/customer/orderdetails/:id" element={<Screen name="OrderDetailsScreen" />} />
    <Route path="/customer/orderplaced" element={<Screen name="OrderPlacedScreen" />} />
    <Route path="/customer/account" element={<Screen name="AccountScreen" />} />
    <Route path="/customer/print/:kind/:id" element={<DocumentPrintView />} />
    <Route path="/customer/claims" element={<Screen name="CustomerClaimsScreen" />} />
    <Route path="/customer/usual" element={<Screen name="UsualOrdersScreen" />} />
    <Route path="/customer/people" element={<Screen name="PeopleScreen" />} />
    <Route path="/cart" element={<Screen name="CartScreen" />} />
  </>
);

export default function CustomerArea() {
  return <AreaRoutes>{customerRoutes}</AreaRoutes>;
}
