import { z } from 'zod';
import { activeInformationInput, informationOut } from '../../shared/schemas/information';
import {
  idInput,
  informationInput,
  informationListInput,
  informationUpdateInput,
} from '../../shared/schemas/office';
import { actorOf } from '../platform/audit';
import { idempotent, replayable } from '../platform/idempotency';
import { answer } from '../platform/output';
import { publicProcedure, router, staffProcedure } from '../trpc';
import {
  activePopup,
  createInformation,
  deleteInformation,
  listActiveInformation,
  listInformation,
  updateInformation,
} from './information';

export const informationRouter = router({
  active: publicProcedure
    .input(activeInformationInput)
    .output(answer(z.array(informationOut)))
    .query(({ ctx, input }) => listActiveInformation(ctx.db, input.type)),

  activePopup: publicProcedure
    .input(z.void())
    .output(answer(informationOut.nullable()))
    .query(({ ctx }) => activePopup(ctx.db)),

  /** Every item, active or not (the office's list). */
  list: staffProcedure
    .input(informationListInput)
    .output(answer(z.array(informationOut)))
    .query(({ ctx, input }) => listInformation(ctx.db, input.type)),

  create: staffProcedure
    .input(informationInput)
    .use(idempotent)
    .output(answer(informationOut))
    .mutation(replayable(({ ctx, input }) => createInformation(ctx.db, actorOf(ctx.user), input))),

  update: staffProcedure
    .input(informationUpdateInput)
    .output(answer(informationOut))
    .mutation(({ ctx, input }) => updateInformation(ctx.db, actorOf(ctx.user), input)),

  remove: staffProcedure
    .input(idInput)
    .output(answer(z.object({ message: z.string() })))
    .mutation(({ ctx, input }) => deleteInformation(ctx.db, actorOf(ctx.user), input.id)),
});
