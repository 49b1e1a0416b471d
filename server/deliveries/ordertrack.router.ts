import { z } from 'zod';
import { deletedOut } from '../../shared/schemas/common';
import {
  deliverInput,
  deliverySheetInput,
  deliverySheetOut,
  driverDeliveredInput,
  driverJobsInput,
  driverRouteInput,
  driverRouteOut,
  formOptionsOut,
  jobFormInput,
  jobListInput,
  jobListOut,
  jobOut,
  jobPageOut,
  jobUpdateInput,
  pagedInput,
} from '../../shared/schemas/doorstep';
import { idInput } from '../../shared/schemas/office';
import { actorOf } from '../platform/audit';
import { idempotent, replayable } from '../platform/idempotency';
import { answer } from '../platform/output';
import { driverOrStaffProcedure, router, staffProcedure } from '../trpc';
import { deliverJob } from './deliver';
import { deliverySheet } from './delivery-sheet';
import { createJob, deleteJob, updateJob } from './job-form';
import { jobFormOptions } from './job-form-options';
import {
  assertDriverInScope,
  listDeliveredJobs,
  listDeliveredToday,
  listPendingJobs,
} from './job-lists';
import { getJob } from './job-reads';
import { driverRoute } from './route-stops';

// Delivery jobs (spec §7 "Orders (order tracking)"). The office acts on all jobs; a driver only
// on their own (driverOrStaffProcedure hands the service the driver's scope).
export const ordertrackRouter = router({
  /** GET /api/ordertrack: every pending job. */
  pending: staffProcedure
    .input(jobListInput)
    .output(answer(jobListOut))
    .query(({ ctx, input }) => listPendingJobs(ctx.db, ctx.scope, { keyword: input.keyword })),

  /** GET /api/ordertrack/delivercompleted: the jobs delivered today. */
  deliveredToday: staffProcedure
    .input(z.void())
    .output(answer(jobListOut))
    .query(({ ctx }) => listDeliveredToday(ctx.db, ctx.config.timeZone)),

  /** GET /api/ordertrack/completed: every delivered job, newest first, paged, keyword. */
  completed: staffProcedure
    .input(pagedInput)
    .output(answer(jobPageOut))
    .query(({ ctx, input }) => listDeliveredJobs(ctx.db, ctx.scope, input)),

  /** GET /api/ordertrack/{driverId}: a driver's pending jobs (a driver: only their own). */
  driverPending: driverOrStaffProcedure
    .input(driverJobsInput)
    .output(answer(jobListOut))
    .query(({ ctx, input }) => {
      assertDriverInScope(ctx.scope, input.driverId);
      return listPendingJobs(ctx.db, ctx.scope, input);
    }),

  /** GET /api/ordertrack/{driverId}/delivered: paged, keyword. */
  driverDelivered: driverOrStaffProcedure
    .input(driverDeliveredInput)
    .output(answer(jobPageOut))
    .query(({ ctx, input }) => {
      assertDriverInScope(ctx.scope, input.driverId);
      return listDeliveredJobs(ctx.db, ctx.scope, input);
    }),

  /** GET /api/ordertrack/{driverId}/route: today's stops in route order (ADR 042). */
  driverRoute: driverOrStaffProcedure
    .input(driverRouteInput)
    .output(answer(driverRouteOut))
    .query(({ ctx, input }) => {
      assertDriverInScope(ctx.scope, input.driverId);
      return driverRoute(ctx.db, ctx.scope, input.driverId, new Date(), ctx.config.timeZone);
    }),

  byId: driverOrStaffProcedure
    .input(idInput)
    .output(answer(jobOut))
    .query(({ ctx, input }) => getJob(ctx.db, input.id, ctx.scope)),

  /** PUT /api/ordertrack/{orderId}/deliver: irreversible; keeps the time the driver tapped. */
  deliver: driverOrStaffProcedure
    .input(deliverInput)
    .use(idempotent)
    .output(answer(jobOut))
    .mutation(
      replayable(({ ctx, input }) =>
        deliverJob(ctx.db, actorOf(ctx.user), ctx.scope, input, new Date(), {
          timeZone: ctx.config.timeZone,
        }),
      ),
    ),

  create: staffProcedure
    .input(jobFormInput)
    .use(idempotent)
    .output(answer(jobOut))
    .mutation(replayable(({ ctx, input }) => createJob(ctx.db, actorOf(ctx.user), input))),

  update: staffProcedure
    .input(jobUpdateInput)
    .output(answer(jobOut))
    .mutation(({ ctx, input }) => updateJob(ctx.db, actorOf(ctx.user), input)),

  remove: staffProcedure
    .input(idInput)
    .output(answer(deletedOut))
    .mutation(({ ctx, input }) => deleteJob(ctx.db, actorOf(ctx.user), input.id)),

  /** The job form's choices: customers, drivers and routes. */
  formOptions: staffProcedure
    .input(z.void())
    .output(answer(formOptionsOut))
    .query(({ ctx }) => jobFormOptions(ctx.db)),

  /** A driver's printable delivery sheet. */
  sheet: staffProcedure
    .input(deliverySheetInput)
    .output(answer(deliverySheetOut))
    .query(({ ctx, input }) => deliverySheet(ctx.db, input.driverId, ctx.config.timeZone)),
});
