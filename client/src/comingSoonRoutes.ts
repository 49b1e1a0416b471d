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
];
