import { useCallback } from 'react';
import { isoDateInZone } from '../../../../shared/format';
import { showDate } from '../../dates';
import { trpc } from '../../trpc';

/**
 * An order's placing time as a date of the business's calendar (MM/DD/YYYY; 2026/11/26 in Japanese), in the business's
 * time zone (settings.deliveryCalendar says which), not the device's.
 */
export function useOrderDate(): (createdAt: string) => string {
  const calendar = trpc.settings.deliveryCalendar.useQuery(undefined, { staleTime: 60 * 60_000 });
  const timeZone =
    calendar.data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';
  return useCallback(
    (createdAt: string) => {
      const instant = new Date(createdAt);
      return Number.isNaN(instant.getTime()) ? '' : showDate(isoDateInZone(instant, timeZone));
    },
    [timeZone],
  );
}
