// The screens of this group (invoices, payments, notes, handovers, aging, collection forecast, export): each a <Route> with its full path.
// The area's route table (features/<area>/routes.tsx) includes this fragment.
export const moneyRoutes = <></>;
