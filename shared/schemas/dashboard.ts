import { z } from 'zod';

const yen = z.number().int();
const count = z.number().int().nonnegative();

/** The owner's day on the office dashboard (docs/decisions/039), in the business time zone. */
export const dashboardOut = z.object({
  /** The business day the figures are for (YYYY-MM-DD). */
  date: z.string(),
  /** Orders placed today (the business day) and their amount (tax included). */
  placedToday: z.object({ count, amount: yen }),
  /** Web orders not yet handed over, whenever placed or due (the Web orders tile's badge). */
  waitingWebOrders: count,
  /**
   * Today's deliveries (ADR 056, 068): orders that reached the restaurant today, whatever day
   * they were scheduled for, with their amount (sales); those due today or earlier not yet
   * delivered (pending); and of those, the ones due before today (left over).
   */
  deliveriesToday: z.object({
    delivered: count,
    pending: count,
    leftOver: count,
    deliveredAmount: yen,
  }),
  /** Cash the drivers took today against what they handed over to the office. */
  cashToday: z.object({ collected: yen, handedOver: yen }),
  /** Unpaid amounts of invoices past their due date. */
  overdue: z.object({ amount: yen, invoices: count }),
  /** Customers with no order in the last 30 days (or never): the count and the first few. */
  silent: z.object({
    count,
    customers: z.array(z.object({ _id: z.string(), restaurantName: z.string() })),
  }),
  /** The last 30 days, oldest first: orders placed and their amount per day. */
  days: z.array(z.object({ date: z.string(), orders: count, amount: yen })),
  /** The same 30 days by the real delivery day: orders delivered and their amount (sales). */
  deliveredDays: z.array(z.object({ date: z.string(), delivered: count, amount: yen })),
});
export type DashboardOut = z.infer<typeof dashboardOut>;
