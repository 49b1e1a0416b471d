import { Badge, Group } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { OfficeOrderOut } from '../../../../../shared/schemas/doorstep';
import type { Crumb } from '../../../components/Breadcrumbs';
import { HeldOrderBadge, OverdueBadge } from '../money/CreditBadges';

/** Breadcrumbs of an office screen: Home, then `trail`, then the current page. */
export function adminCrumbs(t: TFunction, current: string, trail: Crumb[] = []): Crumb[] {
  return [{ label: t('nav.home'), link: '/admin' }, ...trail, { label: current }];
}

/** Prints with a given document title (e.g. 'Order Detail'), then restores the tab's title. */
export function printTitled(title: string, opts: { modal?: boolean } = {}): void {
  const previous = document.title;
  const restore = () => {
    document.title = previous;
    document.body.classList.remove('printing-modal');
    window.removeEventListener('afterprint', restore);
  };
  document.title = title;
  if (opts.modal) document.body.classList.add('printing-modal');
  window.addEventListener('afterprint', restore);
  window.print();
}

/** 'Dispatched' or 'Pending' (spec §4, the office's view). */
export function StatusBadge({ isDelivered }: { isDelivered: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={isDelivered ? 'green' : 'yellow'} variant="light" tt="none">
      {isDelivered ? t('webOrders.dispatched') : t('webOrders.pending')}
    </Badge>
  );
}

/**
 * The flags the office acts on: credit hold (with its Release action), an overdue customer
 * (spec §9; every card reads one shared list, fetched once per screen), off schedule, phoned in.
 */
export function OrderFlags({ order }: { order: OfficeOrderOut }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} data-testid="order-flags">
      {!order.isDelivered && <HeldOrderBadge orderId={order._id} onHold={order.onHold} />}
      <OverdueBadge customerId={order.customer?._id} />
      {order.offSchedule && (
        <Badge color="orange" variant="light" tt="none">
          {t('webOrders.offSchedule')}
        </Badge>
      )}
      {order.placedByStaff && (
        <Badge color="blue" variant="light" tt="none">
          {t('webOrders.phonedIn')}
        </Badge>
      )}
    </Group>
  );
}
