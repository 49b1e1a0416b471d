import { reportInput, reportOut } from '../../shared/schemas/doorstep';
import { answer } from '../output';
import { deliveriesReport } from '../services/reports';
import { router, staffProcedure } from '../trpc';

export const reportsRouter = router({
  /** Delivered jobs of a business day grouped by driver: `{totalOrders, orderTrack}`. */
  deliveries: staffProcedure
    .input(reportInput)
    .output(answer(reportOut))
    .query(({ ctx, input }) => deliveriesReport(ctx.db, input.date, ctx.config.timeZone)),
});
