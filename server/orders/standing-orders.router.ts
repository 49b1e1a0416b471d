import { z } from 'zod';
import {
  customerIdInput,
  orderSheetOut,
  pauseForInput,
  pauseIdForInput,
  pauseIdInput,
  pauseInput,
  runsForDateInput,
  standingDayOut,
  standingPauseOut,
  standingRunOut,
  standingSettingsIn,
  updateDraftForInput,
  updateDraftInput,
  usualOrderForInput,
  usualOrderInput,
} from '../../shared/schemas/standing';
import { actorOf } from '../platform/audit';
import { businessNow } from '../platform/business-day';
import { answer } from '../platform/output';
import { customerProcedure, router, staffProcedure } from '../trpc';
import {
  addPause,
  getStandingSettings,
  listPauses,
  listUsualOrders,
  orderSheetProducts,
  removePause,
  runsForDate,
  setUsualOrder,
  upcomingRuns,
  updateDraft,
  updateStandingSettings,
} from './standing-orders';

// Standing orders (ADR 037): the customer's own (no customer id in the input: only theirs),
// and the office's for any customer. Thin: every rule is in standing-orders.ts.
export const standingRouter = router({
  usual: customerProcedure
    .input(z.void())
    .output(answer(z.array(standingDayOut)))
    .query(({ ctx }) => listUsualOrders(ctx.db, ctx.customer.id, ctx.config.timeZone)),

  setUsual: customerProcedure
    .input(usualOrderInput)
    .output(answer(z.array(standingDayOut)))
    .mutation(({ ctx, input }) =>
      setUsualOrder(ctx.db, ctx.customer.id, input, {
        timeZone: ctx.config.timeZone,
        actor: null,
      }),
    ),

  pauses: customerProcedure
    .input(z.void())
    .output(answer(z.array(standingPauseOut)))
    .query(({ ctx }) => listPauses(ctx.db, ctx.customer.id)),

  addPause: customerProcedure
    .input(pauseInput)
    .output(answer(z.array(standingPauseOut)))
    .mutation(({ ctx, input }) => addPause(ctx.db, ctx.customer.id, input)),

  removePause: customerProcedure
    .input(pauseIdInput)
    .output(answer(z.array(standingPauseOut)))
    .mutation(({ ctx, input }) => removePause(ctx.db, ctx.customer.id, input.id)),

  /** The home screen: drafts to look at, and upcoming days without one (holiday, paused). */
  upcoming: customerProcedure
    .input(z.void())
    .output(answer(z.array(standingRunOut)))
    .query(({ ctx }) => upcomingRuns(ctx.db, ctx.customer.id, businessNow(ctx))),

  updateDraft: customerProcedure
    .input(updateDraftInput)
    .output(answer(standingRunOut))
    .mutation(({ ctx, input }) =>
      updateDraft(ctx.db, ctx.customer.id, input, {
        timeZone: ctx.config.timeZone,
        editedBy: ctx.user.account.id,
      }),
    ),

  // --- The office, for a customer -----------------------------------------------------------

  usualFor: staffProcedure
    .input(customerIdInput)
    .output(answer(z.array(standingDayOut)))
    .query(({ ctx, input }) => listUsualOrders(ctx.db, input.customerId, ctx.config.timeZone)),

  setUsualFor: staffProcedure
    .input(usualOrderForInput)
    .output(answer(z.array(standingDayOut)))
    .mutation(({ ctx, input }) =>
      setUsualOrder(ctx.db, input.customerId, input, {
        timeZone: ctx.config.timeZone,
        actor: actorOf(ctx.user),
      }),
    ),

  orderSheetFor: staffProcedure
    .input(customerIdInput)
    .output(answer(orderSheetOut))
    .query(({ ctx, input }) => orderSheetProducts(ctx.db, input.customerId)),

  pausesFor: staffProcedure
    .input(customerIdInput)
    .output(answer(z.array(standingPauseOut)))
    .query(({ ctx, input }) => listPauses(ctx.db, input.customerId)),

  addPauseFor: staffProcedure
    .input(pauseForInput)
    .output(answer(z.array(standingPauseOut)))
    .mutation(({ ctx, input }) => addPause(ctx.db, input.customerId, input)),

  removePauseFor: staffProcedure
    .input(pauseIdForInput)
    .output(answer(z.array(standingPauseOut)))
    .mutation(({ ctx, input }) => removePause(ctx.db, input.customerId, input.id)),

  upcomingFor: staffProcedure
    .input(customerIdInput)
    .output(answer(z.array(standingRunOut)))
    .query(({ ctx, input }) => upcomingRuns(ctx.db, input.customerId, businessNow(ctx))),

  /** The office changes or skips a customer's draft until the cut-off, as the customer may. */
  updateDraftFor: staffProcedure
    .input(updateDraftForInput)
    .output(answer(standingRunOut))
    .mutation(({ ctx, input }) =>
      updateDraft(ctx.db, input.customerId, input, {
        timeZone: ctx.config.timeZone,
        editedBy: ctx.user.account.id,
      }),
    ),

  /** Web orders: the standing orders of a delivery date, beside the placed ones. */
  forDate: staffProcedure
    .input(runsForDateInput)
    .output(answer(z.array(standingRunOut)))
    .query(({ ctx, input }) => runsForDate(ctx.db, input.deliveryDate, ctx.config.timeZone)),

  settings: staffProcedure
    .input(z.void())
    .output(answer(standingSettingsIn))
    .query(({ ctx }) => getStandingSettings(ctx.db)),

  updateSettings: staffProcedure
    .input(standingSettingsIn)
    .output(answer(standingSettingsIn))
    .mutation(({ ctx, input }) => updateStandingSettings(ctx.db, actorOf(ctx.user), input)),
});
