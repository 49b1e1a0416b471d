// The screens of this group (the driver's collections and cash handover): each a <Route> with its full path.
// The area's route table (features/<area>/routes.tsx) includes this fragment.
export const driverPaymentRoutes = <></>;
