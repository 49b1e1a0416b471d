import type { DocumentKind } from '../../../shared/enums';
import type { DocumentModel } from '../../../shared/schemas/documents';
import type { Db } from '../../platform/db';
import type { Scope } from '../../platform/scope';
import { creditNoteModel } from './models/credit-note';
import { invoiceModel } from './models/invoice';
import { receiptModel } from './models/receipt';
import { slipModel } from './models/slip';
import { statementModel } from './models/statement';

// The document models (docs/decisions/032): each builder reads one document's rows and returns
// the plain model the PDF renderer and the print view draw. Tax per rate comes only from
// shared/tax.ts (or the per-rate figures frozen on the row when it was issued). Reach: staff
// any document; a customer only its own; a driver the slips of the orders it delivered and the
// receipts of the payments it collected. Anything else is absent (404), never refused.
// Each document computes and reads its amounts with the price basis and tax rounding recorded
// on its own row (a slip: its order's), never the settings now: a document printed again after
// a change of the settings reads as it did when it was issued (ADR 053).
// Every date a document prints is the business's calendar date: an instant (a delivery's time,
// a row's creation) is read in the business's time zone (BUSINESS_TIME_ZONE), which every builder takes.
// One module per kind under models/; this entry picks the builder by kind and is what the
// routes, the PDF door and mail import.

export { customerDocuments } from './models/customer-documents';
export { closingStatementList, statementModel, statementsOfClosing } from './models/statement';

/** One document's model; `timeZone` is the business's (BUSINESS_TIME_ZONE), for the dates it prints. */
export function documentModel(
  db: Db,
  kind: DocumentKind,
  id: string,
  scope: Scope,
  timeZone: string,
): DocumentModel {
  switch (kind) {
    case 'slip':
      return slipModel(db, id, scope, timeZone);
    case 'invoice':
      return invoiceModel(db, id, scope, timeZone);
    case 'statement':
      return statementModel(db, id, scope, timeZone);
    case 'receipt':
      return receiptModel(db, id, scope, timeZone);
    case 'creditNote':
      return creditNoteModel(db, id, scope, timeZone);
  }
}
