import type { TFunction } from 'i18next';
import type { Crumb } from '../../components/Breadcrumbs';

/** Breadcrumbs of a customer screen: Home, then `trail`, then the current page. */
export function customerCrumbs(t: TFunction, current: string, trail: Crumb[] = []): Crumb[] {
  return [{ label: t('nav.home'), link: '/customer' }, ...trail, { label: current }];
}
