import { z } from 'zod';
import { categoryListOut } from '../../shared/schemas/catalogue';
import { messageOut } from '../../shared/schemas/common';
import {
  categoryAdminOut,
  categoryInput,
  categoryUpdateInput,
  idInput,
} from '../../shared/schemas/office';
import { actorOf } from '../platform/audit';
import { idempotent, replayable } from '../platform/idempotency';
import { answer } from '../platform/output';
import { publicProcedure, router, staffProcedure } from '../trpc';
import { listCategories } from './catalogue';
import {
  createCategory,
  deleteCategory,
  listCategoriesForOffice,
  updateCategory,
} from './products';

export const categoriesRouter = router({
  list: publicProcedure
    .input(z.void())
    .output(answer(categoryListOut))
    .query(({ ctx }) => listCategories(ctx.db)),

  /** The office's list: with the Nepali name and how many products each holds. */
  listForOffice: staffProcedure
    .input(z.void())
    .output(answer(z.array(categoryAdminOut)))
    .query(({ ctx }) => listCategoriesForOffice(ctx.db)),

  create: staffProcedure
    .input(categoryInput)
    .use(idempotent)
    .output(answer(categoryAdminOut))
    .mutation(replayable(({ ctx, input }) => createCategory(ctx.db, actorOf(ctx.user), input))),

  update: staffProcedure
    .input(categoryUpdateInput)
    .output(answer(categoryAdminOut))
    .mutation(({ ctx, input }) => updateCategory(ctx.db, actorOf(ctx.user), input)),

  remove: staffProcedure
    .input(idInput)
    .output(answer(messageOut))
    .mutation(({ ctx, input }) => deleteCategory(ctx.db, actorOf(ctx.user), input.id)),
});
