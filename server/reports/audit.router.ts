import { auditHistoryInput, auditTrailOut } from '../../shared/schemas/office';
import { answer } from '../platform/output';
import { router, staffProcedure } from '../trpc';
import { auditHistory } from './audit-trail';

export const auditRouter = router({
  /** One record's trail, newest first: who, when, and the changed fields before and after. */
  history: staffProcedure
    .input(auditHistoryInput)
    .output(answer(auditTrailOut))
    .query(({ ctx, input }) => auditHistory(ctx.db, input.entity, input.id)),
});
