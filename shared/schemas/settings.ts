import { z } from 'zod';

export const deliveryCalendarOut = z.object({
  /** The business's IANA time zone. */
  timeZone: z.string(),
  /** YYYY-MM-DD in that zone. */
  today: z.string(),
  /** The earliest delivery date an order placed now may ask for. */
  earliest: z.string(),
  /** HH:MM: orders before it may be delivered today. */
  cutoff: z.string(),
  holidays: z.array(z.string()),
});
export type DeliveryCalendar = z.infer<typeof deliveryCalendarOut>;
