import {
  bankReadInput,
  bankReadOut,
  bankRecordInput,
  bankRecordOut,
} from '../../shared/schemas/bank-import';
import { actorOf } from '../platform/audit';
import { businessNow } from '../platform/business-day';
import { answer } from '../platform/output';
import { router, staffProcedure } from '../trpc';
import { readBankFile, recordBankTransfers } from './bank-import';

// 入金消込 from the bank's statement (ADR 085): the office only. Reading proposes and writes
// nothing; recording goes through the payment service, one transaction per bank row.
export const bankImportRouter = router({
  read: staffProcedure
    .input(bankReadInput)
    .output(answer(bankReadOut))
    .mutation(({ ctx, input }) => readBankFile(ctx.db, input.file)),

  record: staffProcedure
    .input(bankRecordInput)
    .output(answer(bankRecordOut))
    .mutation(({ ctx, input }) =>
      recordBankTransfers(ctx.db, actorOf(ctx.user), input.rows, businessNow(ctx)),
    ),
});
