import { sql } from 'drizzle-orm';
import type { DocumentKind } from '../../shared/enums';
import { codeKey } from '../../shared/search/typed';
import type { Db } from '../platform/db';
import { recordParties } from './documents/parties';

// Document numbers run in sequence per kind without gaps (a qualified invoice's number must be
// traceable): the counter moves inside the transaction that issues the document, so a rolled
// back issue gives its number back. Call it only inside `write(db, ...)`/`db.transaction`.

export const DOCUMENT_PREFIX: Record<DocumentKind, string> = {
  invoice: 'INV',
  slip: 'DS',
  statement: 'ST',
  receipt: 'RC',
  creditNote: 'CN',
};

/** The number `n` of a kind as documents print it, e.g. documentNumber('invoice', 42) = "INV-000042". */
export function documentNumber(kind: DocumentKind, n: number): string {
  return `${DOCUMENT_PREFIX[kind]}-${String(n).padStart(6, '0')}`;
}

/**
 * A document number as typed in a search box, as documents print it: "inv79", "INV 79",
 * "ＩＮＶ－０００７９" -> "INV-000079" (ADR 113). Null when the text is no kind's prefix and digits.
 */
export function typedDocumentNumber(text: string): string | null {
  const m = codeKey(text)?.match(/^([a-z]+)(\d{1,9})$/);
  if (!m) return null;
  const kind = (Object.keys(DOCUMENT_PREFIX) as DocumentKind[]).find(
    (k) => DOCUMENT_PREFIX[k].toLowerCase() === m[1],
  );
  return kind ? documentNumber(kind, Number(m[2])) : null;
}

/**
 * The next number of a kind, e.g. "INV-000042", for a document to `customerId`: its issuer and
 * recipient are recorded with it, as they are now (ADR 049).
 */
export function takeDocumentNumber(db: Db, kind: DocumentKind, customerId: string | null): string {
  const row = db.get<{ last: number }>(
    sql`INSERT INTO document_counter (kind, last) VALUES (${kind}, 1)
        ON CONFLICT (kind) DO UPDATE SET last = last + 1
        RETURNING last`,
  );
  const number = documentNumber(kind, row.last);
  recordParties(db, kind, number, customerId);
  return number;
}
