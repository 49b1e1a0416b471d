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

export const COMING_SOON: PendingScreen[] = [
  // Admin area (spec §2).
  { path: '/admin/customer/unified', titleKey: 'nav.customers' },
  { path: '/admin/customer', titleKey: 'nav.allCustomers', trail: [customers] },
  { path: '/admin/customer/monthly', titleKey: 'nav.monthlyCustomers', trail: [customers] },
  { path: '/admin/customer/web', titleKey: 'nav.webCustomers', trail: [customers] },
  { path: '/admin/customer/routes', titleKey: 'nav.routes', trail: [customers] },
  { path: '/admin/products', titleKey: 'nav.products' },
  { path: '/admin/information', titleKey: 'nav.customerSlider' },
  { path: '/admin/employee', titleKey: 'nav.employees' },
];
