import { useCallback } from 'react';
import { showInstantDate, useBusinessTimeZone } from '../../../dates';

/**
 * An order's placing time as a date of the business's calendar (26 Nov 2026; 2026/11/26 in
 * Japanese), in the business's time zone (settings.deliveryCalendar says which), not the device's.
 */
export function useOrderDate(): (createdAt: string) => string {
  const zone = useBusinessTimeZone();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new function when the zone changes
  return useCallback((createdAt: string) => showInstantDate(createdAt), [zone]);
}
