import { z } from 'zod';
import { messageOut } from '../../shared/schemas/common';
import {
  idInput,
  routeInput,
  routeListOut,
  routeOut,
  routeUpdateInput,
} from '../../shared/schemas/office';
import { actorOf } from '../platform/audit';
import { idempotent, replayable } from '../platform/idempotency';
import { answer } from '../platform/output';
import { router, staffProcedure } from '../trpc';
import { createRoute, deleteRoute, listRoutes, updateRoute } from './routes';

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
});
