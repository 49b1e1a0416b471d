// The screens of this group (web orders, frozen counts, pick lists, order track, settings, today's report): each a <Route> with its full path.
// The area's route table (features/<area>/routes.tsx) includes this fragment.
export const ordersRoutes = <></>;
