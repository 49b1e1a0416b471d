import { z } from 'zod';
import { messageOut } from '../../shared/schemas/common';
import {
  activeInformationInput,
  activePopupOut,
  informationListOut,
  informationOut,
} from '../../shared/schemas/information';
import {
  idInput,
  informationInput,
  informationListInput,
  informationUpdateInput,
} from '../../shared/schemas/office';
import { actorOf } from '../platform/audit';
import { businessToday } from '../platform/business-day';
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

/** The business day now, in the business's time zone: what decides which promotions show. */

export const informationRouter = router({
  active: publicProcedure
    .input(activeInformationInput)
    .output(answer(informationListOut))
    .query(({ ctx, input }) => listActiveInformation(ctx.db, businessToday(ctx), input.type)),

  activePopup: publicProcedure
    .input(z.void())
    .output(answer(activePopupOut))
    .query(({ ctx }) => activePopup(ctx.db, businessToday(ctx))),

  /** Every item, active or not (the office's list). */
  list: staffProcedure
    .input(informationListInput)
    .output(answer(informationListOut))
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
    .output(answer(messageOut))
    .mutation(({ ctx, input }) => deleteInformation(ctx.db, actorOf(ctx.user), input.id)),
});
