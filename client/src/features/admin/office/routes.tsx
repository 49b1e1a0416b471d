import { Route } from 'react-router';
import { PriceListsScreen } from './catalogue/PriceListsScreen';
import { ProductsScreen } from './catalogue/ProductsScreen';
import { CustomersScreen } from './customers/CustomersScreen';
import { RoutesScreen } from './customers/RoutesScreen';
import { InformationScreen } from './promotions/InformationScreen';
import { EmployeesScreen } from './staff/EmployeesScreen';

// The screens of this group (customers, routes, products and categories, employees, promotions): each a <Route> with its full path.
// The area's route table (features/<area>/routes.tsx) includes this fragment.
export const officeRoutes = (
  <>
    <Route path="/admin/customer/unified" element={<CustomersScreen view="unified" />} />
    <Route path="/admin/customer" element={<CustomersScreen view="all" />} />
    <Route path="/admin/customer/monthly" element={<CustomersScreen view="monthly" />} />
    <Route path="/admin/customer/web" element={<CustomersScreen view="web" />} />
    <Route path="/admin/customer/routes" element={<RoutesScreen />} />
    <Route path="/admin/products" element={<ProductsScreen />} />
    <Route path="/admin/pricelists" element={<PriceListsScreen />} />
    <Route path="/admin/information" element={<InformationScreen />} />
    <Route path="/admin/employee" element={<EmployeesScreen />} />
  </>
);
