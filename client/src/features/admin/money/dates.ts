import { isoDateInZone } from '../../../../../shared/format';

/** Today's date where this device is (the default of date fields; the server checks the rest). */
export function localToday(): string {
  return isoDateInZone(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);
}
