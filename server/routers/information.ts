import { z } from 'zod';
import { activeInformationInput, informationOut } from '../../shared/schemas/information';
import { activePopup, listActiveInformation } from '../services/information';
import { publicProcedure, router } from '../trpc';

export const informationRouter = router({
  active: publicProcedure
    .input(activeInformationInput)
    .output(z.array(informationOut))
    .query(({ ctx, input }) => listActiveInformation(ctx.db, input.type)),

  activePopup: publicProcedure
    .input(z.void())
    .output(informationOut.nullable())
    .query(({ ctx }) => activePopup(ctx.db)),
});
