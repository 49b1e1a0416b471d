import {
  closingStatementsInput,
  closingStatementsOut,
  customerDocumentsInput,
  documentListOut,
  documentMailOut,
  documentModelOut,
  documentRef,
} from '../../../shared/schemas/documents';
import { params } from './route-helpers';
import type { RestRoute } from './routes';

// The /api paths of documents (server/money/documents; ADR 032): a customer's balance and
// documents, a closing's statements, a document as data, its mails and sending it.

export const documentRoutes: RestRoute[] = [
  // --- Documents (docs/decisions/032); their PDFs are plain routes (server/doors/documents.ts) --
  {
    method: 'GET',
    path: '/api/documents/mine',
    procedure: 'documents.mine',
    summary: "The signed-in customer's balance, what is overdue, and its documents",
    response: documentListOut,
  },
  {
    method: 'GET',
    path: '/api/documents/customer/:customerId',
    procedure: 'documents.ofCustomer',
    input: params,
    summary: "A customer's balance, what is overdue, and its documents",
    request: { params: customerDocumentsInput.pick({ customerId: true }) },
    response: documentListOut,
  },
  {
    method: 'GET',
    path: '/api/documents/statements/:closingDate',
    procedure: 'documents.closingStatements',
    input: params,
    summary: 'The statements of one closing date',
    request: { params: closingStatementsInput },
    response: closingStatementsOut,
  },
  {
    method: 'GET',
    path: '/api/documents/:kind/:id',
    procedure: 'documents.model',
    input: params,
    summary: 'A document as data: what its PDF and its print view show',
    request: { params: documentRef },
    response: documentModelOut,
  },
  {
    method: 'GET',
    path: '/api/documents/:kind/:id/mails',
    procedure: 'documents.mails',
    input: params,
    summary: 'What was e-mailed of a document, when and to whom, and whether mail is set up',
    request: { params: documentRef },
    response: documentMailOut,
  },
  {
    method: 'POST',
    path: '/api/documents/:kind/:id/send',
    procedure: 'documents.send',
    input: params,
    summary: "E-mail a document's PDF to its customer",
    request: { params: documentRef },
    response: documentMailOut,
  },
];
