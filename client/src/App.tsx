import { Route, Routes } from 'react-router';
import { COMING_SOON } from './comingSoonRoutes';
import { AppShellLayout } from './components/AppShellLayout';
import { ComingSoon } from './components/ComingSoon';
import { NotFound } from './components/NotFound';
import { AdminHome } from './features/admin/AdminHome';
import { LoginScreen } from './features/auth/LoginScreen';
import { RequireAccess } from './features/auth/RequireAccess';
import { AllProductsScreen } from './features/customer/AllProductsScreen';
import { CartScreen } from './features/customer/CartScreen';
import { CustomerHome } from './features/customer/CustomerHome';
import { OrderDetailsScreen } from './features/customer/OrderDetailsScreen';
import { OrderHistoryScreen } from './features/customer/OrderHistoryScreen';
import { OrderPlacedScreen } from './features/customer/OrderPlacedScreen';
import { OrdersheetScreen } from './features/customer/OrdersheetScreen';
import { ThaiProductsScreen } from './features/customer/ThaiProductsScreen';
import { DriverHome } from './features/driver/DriverHome';

/**
 * The route table. Every route passes RequireAccess, which applies features/auth/guards.ts:
 * who may see /admin, /driver, /customer and /cart, and where '/' sends a signed-in user.
 */
export function App() {
  return (
    <Routes>
      <Route element={<AppShellLayout />}>
        <Route element={<RequireAccess />}>
          <Route index element={<LoginScreen />} />
          <Route path="/admin" element={<AdminHome />} />
          <Route path="/driver" element={<DriverHome />} />
          <Route path="/customer" element={<CustomerHome />} />
          <Route path="/customer/regularorder" element={<AllProductsScreen />} />
          <Route path="/customer/thaiproducts" element={<ThaiProductsScreen />} />
          <Route path="/customer/customsheet" element={<OrdersheetScreen />} />
          <Route path="/customer/myorderlist/:pageNumber?" element={<OrderHistoryScreen />} />
          <Route path="/customer/orderdetails/:id" element={<OrderDetailsScreen />} />
          <Route path="/customer/orderplaced" element={<OrderPlacedScreen />} />
          <Route path="/cart" element={<CartScreen />} />
          {COMING_SOON.map((screen) => (
            <Route key={screen.path} path={screen.path} element={<ComingSoon screen={screen} />} />
          ))}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Route>
    </Routes>
  );
}
