import {
  confirmHandoverInput,
  driverDayOut,
  handOverInput,
  handoverCorrectionInput,
  handoverDayInput,
  handoverDetailOut,
  handoverIdInput,
  handoverOut,
  handoverReportInput,
  handoverReportOut,
} from '../../shared/schemas/invoices';
import { actorOf } from '../platform/audit';
import { businessToday } from '../platform/business-day';
import { idempotent, replayable } from '../platform/idempotency';
import { answer } from '../platform/output';
import { driverProcedure, router, staffProcedure } from '../trpc';
import { correctHandover, handoverDetail } from './handover-corrections';
import { confirmHandover, driverDay, handOver, handoverReport } from './handovers';

// The cash handover (DESIGN §6): the driver's day of cash, handed over and confirmed.

export const handoversRouter = router({
  /** The signed-in driver's cash of a day (default today), per customer and in total. */
  myDay: driverProcedure
    .input(handoverDayInput)
    .output(answer(driverDayOut))
    .query(({ ctx, input }) =>
      driverDay(ctx.db, ctx.user.account.id, input.date ?? businessToday(ctx)),
    ),

  handOver: driverProcedure
    .input(handOverInput)
    .use(idempotent)
    .output(answer(handoverOut))
    .mutation(
      replayable(({ ctx, input }) =>
        handOver(
          ctx.db,
          actorOf(ctx.user),
          // The name the office reads, kept on the handover for when the driver has left.
          { id: ctx.user.account.id, name: ctx.user.account.name || ctx.user.account.username },
          input,
          businessToday(ctx),
        ),
      ),
    ),

  confirm: staffProcedure
    .input(confirmHandoverInput)
    .use(idempotent)
    .output(answer(handoverOut))
    .mutation(replayable(({ ctx, input }) => confirmHandover(ctx.db, actorOf(ctx.user), input))),

  report: staffProcedure
    .input(handoverReportInput)
    .output(answer(handoverReportOut))
    .query(({ ctx, input }) => handoverReport(ctx.db, input.from, input.to)),

  /** A handover with its driver's payments of the day and the office's corrections. */
  detail: staffProcedure
    .input(handoverIdInput)
    .output(answer(handoverDetailOut))
    .query(({ ctx, input }) => handoverDetail(ctx.db, input.id)),

  /** Corrects a confirmed (closed) day's payment, with a reason (ADR 023). */
  correct: staffProcedure
    .input(handoverCorrectionInput)
    .use(idempotent)
    .output(answer(handoverDetailOut))
    .mutation(replayable(({ ctx, input }) => correctHandover(ctx.db, actorOf(ctx.user), input))),
});
