import { z } from 'zod';
import { categoryOut } from '../../shared/schemas/catalogue';
import { listCategories } from '../services/catalogue';
import { publicProcedure, router } from '../trpc';

export const categoriesRouter = router({
  list: publicProcedure
    .input(z.void())
    .output(z.array(categoryOut))
    .query(({ ctx }) => listCategories(ctx.db)),
});
