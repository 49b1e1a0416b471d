import { z } from 'zod';
import {
  closingDueOut,
  closingInput,
  closingPreviewOut,
  closingResultOut,
} from '../../shared/schemas/billing';
import { actorOf } from '../platform/audit';
import { businessNow } from '../platform/business-day';
import { idempotent, replayable } from '../platform/idempotency';
import { answer } from '../platform/output';
import { router, staffProcedure } from '../trpc';
import { dueClosing, previewClosing, runClosing } from './closing';

// The office's monthly closing run (ADR 033): which closing is due, what it would make, running it.

export const closingRouter = router({
  /** The closing to run next: the date the closing screen opens on. */
  due: staffProcedure
    .input(z.void())
    .output(answer(closingDueOut))
    .query(({ ctx }) => {
      const { now, timeZone } = businessNow(ctx);
      return dueClosing(ctx.db, now, timeZone);
    }),

  /** What a closing run for a date would make: customers, orders, amounts. */
  preview: staffProcedure
    .input(closingInput)
    .output(answer(closingPreviewOut))
    .query(({ ctx, input }) =>
      previewClosing(ctx.db, input.closingDate, {
        customerId: input.customerId,
        timeZone: ctx.config.timeZone,
      }),
    ),

  /**
   * Runs it: per customer one statement and an invoice per price basis (ADR 053), each order
   * invoiced exactly once.
   */
  run: staffProcedure
    .input(closingInput)
    .use(idempotent)
    .output(answer(closingResultOut))
    .mutation(
      replayable(({ ctx, input }) =>
        runClosing(ctx.db, actorOf(ctx.user), input.closingDate, {
          customerId: input.customerId,
          ...businessNow(ctx),
        }),
      ),
    ),
});
