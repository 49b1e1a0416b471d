import { reportInput, reportOut } from '../../shared/schemas/doorstep';
import { answer } from '../platform/output';
import { router, staffProcedure } from '../trpc';
import { deliveriesReport } from './todays-report';

export const reportsRouter = router({
  /** Delivered jobs of a business day grouped by driver: `{totalOrders, orderTrack}`. */
  deliveries: staffProcedure
    .input(reportInput)
    .output(answer(reportOut))
    .query(({ ctx, input }) => deliveriesReport(ctx.db, input.date, ctx.config.timeZone)),
});
