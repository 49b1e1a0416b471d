import type { TFunction } from 'i18next';
import type { Crumb } from '../../../components/Breadcrumbs';

export const adminCrumbs = (t: TFunction, current: string, trail: Crumb[] = []): Crumb[] => [
  { label: t('nav.home'), link: '/admin' },
  ...trail,
  { label: current },
];
export const paymentsCrumb = (t: TFunction): Crumb => ({
  label: t('nav.payments'),
  link: '/admin/invoice',
});
export const reportsCrumb = (t: TFunction): Crumb => ({
  label: t('nav.reports'),
  link: '/admin/reports',
});
