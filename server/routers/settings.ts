import { z } from 'zod';
import { deliveryCalendarOut } from '../../shared/schemas/settings';
import { deliveryCalendar } from '../services/settings';
import { authedProcedure, router } from '../trpc';

export const settingsRouter = router({
  /** The date picker's rules: today, the earliest allowed date, the cut-off and holidays. */
  deliveryCalendar: authedProcedure
    .input(z.void())
    .output(deliveryCalendarOut)
    .query(({ ctx }) => deliveryCalendar(ctx.db, ctx.config.timeZone)),
});
