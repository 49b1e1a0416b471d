import { businessToday } from '../../../dates';

/** Today's date in the business's calendar (the default of date fields; the server checks the rest). */
export function localToday(): string {
  return businessToday();
}
