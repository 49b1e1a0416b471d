import { z } from 'zod';
import { idParam, productOut } from '../../shared/schemas/catalogue';
import {
  type CatalogueVariant,
  catalogueSnapshot,
  catalogueTag,
  getProduct,
} from '../services/catalogue';
import { publicCachedProcedure, publicProcedure, router } from '../trpc';

const variantOf = (ctx: { user: unknown }): CatalogueVariant => (ctx.user ? 'member' : 'anonymous');

export const productsRouter = router({
  /** Signed-in users get Special, Restocked, then the rest; visitors productRank order. */
  list: publicCachedProcedure((ctx) => catalogueTag(ctx.db, variantOf(ctx)))
    .input(z.void())
    .output(z.array(productOut))
    .query(({ ctx }) => catalogueSnapshot(ctx.db, variantOf(ctx)).products),

  byId: publicProcedure
    .input(z.object({ id: idParam }))
    .output(productOut)
    .query(({ ctx, input }) => getProduct(ctx.db, input.id)),
});
