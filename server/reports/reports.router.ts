import { z } from 'zod';
import { dashboardOut } from '../../shared/schemas/dashboard';
import { reportInput, reportOut } from '../../shared/schemas/doorstep';
import { taxSummaryInput, taxSummaryOut } from '../../shared/schemas/tax-summary';
import { answer } from '../platform/output';
import { router, staffProcedure } from '../trpc';
import { dashboard } from './dashboard';
import { taxSummary } from './tax-summary';
import { deliveriesReport } from './todays-report';

export const reportsRouter = router({
  /** The owner's day: today's orders, deliveries, cash, overdue money, silent customers, 30 days. */
  dashboard: staffProcedure
    .input(z.void())
    .output(answer(dashboardOut))
    .query(({ ctx }) => dashboard(ctx.db, new Date(), ctx.config.timeZone)),

  /** Delivered jobs of a business day grouped by driver: `{totalOrders, orderTrack}`. */
  deliveries: staffProcedure
    .input(reportInput)
    .output(answer(reportOut))
    .query(({ ctx, input }) => deliveriesReport(ctx.db, input.date, ctx.config.timeZone)),

  /**
   * Sales and tax per rate, month by month: issued invoices minus those cancelled in the month
   * minus credit notes (ADR 031, 054).
   */
  taxSummary: staffProcedure
    .input(taxSummaryInput)
    .output(answer(taxSummaryOut))
    .query(({ ctx, input }) => taxSummary(ctx.db, input, ctx.config.timeZone)),
});
