import { z } from 'zod';
import { auditEntryOut, auditHistoryInput } from '../../shared/schemas/office';
import { answer } from '../output';
import { auditHistory } from '../services/audit';
import { router, staffProcedure } from '../trpc';

export const auditRouter = router({
  /** One record's trail, newest first: who, when, and the changed fields before and after. */
  history: staffProcedure
    .input(auditHistoryInput)
    .output(answer(z.array(auditEntryOut)))
    .query(({ ctx, input }) => auditHistory(ctx.db, input.entity, input.id)),
});
