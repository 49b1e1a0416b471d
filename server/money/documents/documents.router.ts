import {
  closingMailOut,
  closingMailStateOut,
  closingStatementsInput,
  closingStatementsOut,
  customerDocumentsInput,
  documentListOut,
  documentMailOut,
  documentModelOut,
  documentRef,
  myDocumentsInput,
} from '../../../shared/schemas/documents';
import { actorOf } from '../../platform/audit';
import { businessToday } from '../../platform/business-day';
import { answer } from '../../platform/output';
import { scopeAll } from '../../platform/scope';
import { authedProcedure, customerProcedure, router, staffProcedure } from '../../trpc';
import { documentScope } from './access';
import { closingMailState, sendClosingStatements } from './closing-mail';
import { documentMails, sendDocument } from './mail';
import { closingStatementList, customerDocuments, documentModel } from './models';

// Documents (docs/decisions/032): the model of one document (the print view draws
// it; GET /api/documents/{kind}/{id}.pdf renders the same model), a customer's documents, the
// statements of a closing, and e-mailing a document. Another account's document answers 404.

export const documentsRouter = router({
  /** One document's model, for staff, its customer, or the driver who delivered/collected. */
  model: authedProcedure
    .meta({ roles: ['customer', 'driver', 'manager', 'admin'] })
    .input(documentRef)
    .output(answer(documentModelOut))
    .query(({ ctx, input }) =>
      documentModel(ctx.db, input.kind, input.id, documentScope(ctx.user), ctx.config.timeZone),
    ),

  /** The signed-in customer's Account screen: balance, overdue, documents. */
  mine: customerProcedure
    .input(myDocumentsInput)
    .output(answer(documentListOut))
    .query(({ ctx, input }) =>
      customerDocuments(
        ctx.db,
        ctx.customer.id,
        { today: businessToday(ctx), timeZone: ctx.config.timeZone },
        input?.cursor ?? 1,
      ),
    ),

  /** A customer's documents, for the office. */
  ofCustomer: staffProcedure
    .input(customerDocumentsInput)
    .output(answer(documentListOut))
    .query(({ ctx, input }) =>
      customerDocuments(
        ctx.db,
        input.customerId,
        { today: businessToday(ctx), timeZone: ctx.config.timeZone },
        input.cursor ?? 1,
      ),
    ),

  /** The statements of one closing date (the closing run's download lists them). */
  closingStatements: staffProcedure
    .input(closingStatementsInput)
    .output(answer(closingStatementsOut))
    .query(({ ctx, input }) => closingStatementList(ctx.db, input.closingDate)),

  /** What e-mailing a closing's statements would send, and to whom it cannot (ADR 073). */
  closingMailState: staffProcedure
    .input(closingStatementsInput)
    .output(answer(closingMailStateOut))
    .query(({ ctx, input }) => closingMailState(ctx.db, ctx.config, input.closingDate)),

  /** E-mails each statement of a closing not sent yet to its customer (ADR 073). */
  sendClosingStatements: staffProcedure
    .input(closingStatementsInput)
    .output(answer(closingMailOut))
    .mutation(({ ctx, input }) =>
      sendClosingStatements(ctx.db, ctx.config, actorOf(ctx.user), input.closingDate),
    ),

  /** What was e-mailed of a document, and whether sending is possible at all. */
  mails: staffProcedure
    .input(documentRef)
    .output(answer(documentMailOut))
    .query(({ ctx, input }) => documentMails(ctx.db, ctx.config, input)),

  /** E-mails the document's PDF to its customer (customer.email). */
  send: staffProcedure
    .input(documentRef)
    .output(answer(documentMailOut))
    .mutation(({ ctx, input }) =>
      sendDocument(
        ctx.db,
        ctx.config,
        actorOf(ctx.user),
        documentModel(ctx.db, input.kind, input.id, scopeAll, ctx.config.timeZone),
      ),
    ),
});
