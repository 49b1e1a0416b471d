import { z } from 'zod';
import { categoryOut } from '../../shared/schemas/catalogue';
import { categoriesTag, listCategories } from '../services/catalogue';
import { publicCachedProcedure, router } from '../trpc';

export const categoriesRouter = router({
  list: publicCachedProcedure((ctx) => categoriesTag(ctx.db))
    .input(z.void())
    .output(z.array(categoryOut))
    .query(({ ctx }) => listCategories(ctx.db)),
});
