import { z } from 'zod';
import { messageOut } from '../../shared/schemas/common';
import {
  idInput,
  routeInput,
  routeListOut,
  routeOut,
  routeStopOrderInput,
  routeStopsOut,
  routeUpdateInput,
} from '../../shared/schemas/office';
import { actorOf } from '../platform/audit';
import { idempotent, replayable } from '../platform/idempotency';
import { answer } from '../platform/output';
import { router, staffProcedure } from '../trpc';
import {
  createRoute,
  deleteRoute,
  listRoutes,
  routeStops,
  setStopOrder,
  updateRoute,
} from './routes';

export const routesRouter = router({
  list: staffProcedure
    .input(z.void())
    .output(answer(routeListOut))
    .query(({ ctx }) => listRoutes(ctx.db)),

  create: staffProcedure
    .input(routeInput)
    .use(idempotent)
    .output(answer(routeOut))
    .mutation(replayable(({ ctx, input }) => createRoute(ctx.db, actorOf(ctx.user), input))),

  update: staffProcedure
    .input(routeUpdateInput)
    .output(answer(routeOut))
    .mutation(({ ctx, input }) => updateRoute(ctx.db, actorOf(ctx.user), input)),

  remove: staffProcedure
    .input(idInput)
    .output(answer(messageOut))
    .mutation(({ ctx, input }) => deleteRoute(ctx.db, actorOf(ctx.user), input.id)),

  /** GET /api/route/{id}/stops: the route's customers, first stop first (ADR 042). */
  stops: staffProcedure
    .input(idInput)
    .output(answer(routeStopsOut))
    .query(({ ctx, input }) => routeStops(ctx.db, input.id)),

  /** PUT /api/route/{id}/stops: the order of the route's customers, every one of them. */
  setStopOrder: staffProcedure
    .input(routeStopOrderInput)
    .output(answer(routeStopsOut))
    .mutation(({ ctx, input }) => setStopOrder(ctx.db, actorOf(ctx.user), input)),
});
