// Screens that later issues build. Until then each path renders a "coming soon" page inside
// the guarded layout, so tiles and breadcrumbs already lead somewhere real. When a screen is
// built, delete its row here and give it a <Route> in its area's routes (features/<area>/...).

import type { TKey } from './i18n';

export interface TrailStep {
  titleKey: TKey;
  link: string;
}

export interface PendingScreen {
  path: string;
  titleKey: TKey;
  /** Crumbs between the role home and this screen. */
  trail?: TrailStep[];
}

const customers: TrailStep = { titleKey: 'nav.customers', link: '/admin/customer/unified' };
const webOrders: TrailStep = { titleKey: 'nav.webOrders', link: '/admin/orders' };
const payments: TrailStep = { titleKey: 'nav.payments', link: '/admin/invoice' };
const reports: TrailStep = { titleKey: 'nav.reports', link: '/admin/reports' };

export const COMING_SOON: PendingScreen[] = [
  // Admin area (spec §2).
  { path: '/admin/orders', titleKey: 'nav.webOrders' },
  { path: '/admin/orders/:id', titleKey: 'nav.orderDetail', trail: [webOrders] },
  { path: '/admin/customer/unified', titleKey: 'nav.customers' },
  { path: '/admin/customer', titleKey: 'nav.allCustomers', trail: [customers] },
  { path: '/admin/customer/monthly', titleKey: 'nav.monthlyCustomers', trail: [customers] },
  { path: '/admin/customer/web', titleKey: 'nav.webCustomers', trail: [customers] },
  { path: '/admin/customer/routes', titleKey: 'nav.routes', trail: [customers] },
  { path: '/admin/customer/orders/:id', titleKey: 'nav.customerOrders', trail: [customers] },
  { path: '/admin/ordertrack', titleKey: 'nav.orderTrack' },
  { path: '/admin/reports', titleKey: 'nav.reports' },
  { path: '/admin/reports/todays', titleKey: 'nav.todaysDeliveries', trail: [reports] },
  { path: '/admin/reports/payment', titleKey: 'nav.paymentCollection', trail: [reports] },
  { path: '/admin/reports/export', titleKey: 'nav.exportData', trail: [reports] },
  { path: '/admin/products', titleKey: 'nav.products' },
  { path: '/admin/invoice', titleKey: 'nav.payments' },
  { path: '/admin/invoice/bycustomer/:id', titleKey: 'nav.customerInvoices', trail: [payments] },
  { path: '/admin/information', titleKey: 'nav.customerSlider' },
  { path: '/admin/employee', titleKey: 'nav.employees' },

  // Driver area. The delivered list takes an optional keyword and page number after it.
  { path: '/driver/ordertrack', titleKey: 'nav.pendingOrders' },
  { path: '/driver/ordertrack/delivered/*', titleKey: 'nav.deliveredOrders' },
  { path: '/driver/payments', titleKey: 'nav.payments' },
];
