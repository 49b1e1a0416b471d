import type { DocumentKind } from '../../../../shared/enums';

/** The PDF of a document (server/doors/documents.ts). */
export const pdfUrl = (kind: DocumentKind, id: string) =>
  `/api/documents/${kind}/${encodeURIComponent(id)}.pdf`;

/** The print view of a document inside an area: /admin/print/invoice/{id}. */
export const printPath = (area: 'admin' | 'customer' | 'driver', kind: DocumentKind, id: string) =>
  `/${area}/print/${kind}/${encodeURIComponent(id)}`;

/** All statements of one closing date as one PDF (staff). */
export const closingPdfUrl = (closingDate: string) =>
  `/api/documents/statements/${closingDate}.pdf`;
