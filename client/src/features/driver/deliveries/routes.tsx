// The screens of this group (the driver's pending and delivered jobs): each a <Route> with its full path.
// The area's route table (features/<area>/routes.tsx) includes this fragment.
export const driverDeliveryRoutes = <></>;
