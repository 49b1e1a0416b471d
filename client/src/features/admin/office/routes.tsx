// The screens of this group (customers, routes, products and categories, employees, promotions): each a <Route> with its full path.
// The area's route table (features/<area>/routes.tsx) includes this fragment.
export const officeRoutes = <></>;
