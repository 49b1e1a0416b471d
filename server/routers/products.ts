import { z } from 'zod';
import { idParam, productOut } from '../../shared/schemas/catalogue';
import { catalogueSnapshot, getProduct } from '../services/catalogue';
import { publicProcedure, router } from '../trpc';

export const productsRouter = router({
  /** Signed-in users get Special, Restocked, then the rest; visitors productRank order. */
  list: publicProcedure
    .input(z.void())
    .output(z.array(productOut))
    .query(({ ctx }) => catalogueSnapshot(ctx.db, ctx.user ? 'member' : 'anonymous').products),

  byId: publicProcedure
    .input(z.object({ id: idParam }))
    .output(productOut)
    .query(({ ctx, input }) => getProduct(ctx.db, input.id)),
});
