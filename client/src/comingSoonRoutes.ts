// Screens that later issues build. Until then each path renders a "coming soon" page inside
// the guarded layout, so tiles and breadcrumbs already lead somewhere real. When a screen is
// built, delete its row here and give it a <Route> of its own in App.tsx.

export interface TrailStep {
  titleKey: string;
  link: string;
}

export interface PendingScreen {
  path: string;
  titleKey: string;
  /** Crumbs between the role home and this screen. */
  trail?: TrailStep[];
}

const customers: TrailStep = { titleKey: 'nav.customers', link: '/admin/customer/unified' };
const webOrders: TrailStep = { titleKey: 'nav.webOrders', link: '/admin/orders' };
const reports: TrailStep = { titleKey: 'nav.reports', link: '/admin/reports' };

export const COMING_SOON: PendingScreen[] = [
  // Admin area (spec §2).
  { path: '/admin/orders', titleKey: 'nav.webOrders' },
  { path: '/admin/orders/:id', titleKey: 'nav.orderDetail', trail: [webOrders] },
  { path: '/admin/customer/orders/:id', titleKey: 'nav.customerOrders', trail: [customers] },
  { path: '/admin/ordertrack', titleKey: 'nav.orderTrack' },
  { path: '/admin/reports', titleKey: 'nav.reports' },
  { path: '/admin/reports/todays', titleKey: 'nav.todaysDeliveries', trail: [reports] },

  // Driver area. The delivered list takes an optional keyword and page number after it.
  { path: '/driver/ordertrack', titleKey: 'nav.pendingOrders' },
  { path: '/driver/ordertrack/delivered/*', titleKey: 'nav.deliveredOrders' },
];
