import type { DocumentKind, DocumentLanguage } from '../../../shared/enums';
import type { DocumentModel } from '../../../shared/schemas/documents';
import type { Db } from '../../platform/db';

// Who issues a document and to whom (ADR 049). A document's parties are recorded when its
// number is taken (`recordParties`, called by takeDocumentNumber in the issuing transaction)
// and read back from then on (`partiesOf`): an issued qualified invoice keeps the issuer's name,
// address and registration number, and the recipient's billing name, it was issued with, also
// when the settings or the customer change later. A document from before this record existed
// reads them as they are now.

/** The business's details (setting 'business'), read defensively: any part may be missing. */
type Issuer = DocumentModel['issuer'];
type Recipient = DocumentModel['recipient'];

const str = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';

function objectOf(json: string | null | undefined): Record<string, unknown> {
  try {
    const parsed = json ? JSON.parse(json) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/**
 * The issuer in a business setting's JSON (the setting now, or as recorded on a document). An
 * English document prints the business's English name and address where the office gave them.
 */
function issuerFrom(json: string | null | undefined, language: DocumentLanguage): Issuer {
  const value = objectOf(json);
  const english = language === 'en';
  const b =
    value.bank && typeof value.bank === 'object' ? (value.bank as Record<string, unknown>) : null;
  const bank = b
    ? {
        bankName: str(b.bankName),
        branchName: str(b.branchName),
        accountType: str(b.accountType),
        accountNumber: str(b.accountNumber),
        accountHolder: str(b.accountHolder),
      }
    : null;
  return {
    legalName: (english && str(value.nameEn).trim()) || str(value.legalName),
    address: (english && str(value.addressEn).trim()) || str(value.address),
    phone: str(value.phone),
    registrationNumber: str(value.registrationNumber),
    bank: bank && (bank.bankName || bank.accountNumber) ? bank : null,
  };
}

const businessJson = (db: Db) =>
  db.$client
    .prepare<[], string>("SELECT value FROM setting WHERE key = 'business'")
    .pluck()
    .get() ?? '{}';

/** The business's details as they are now. */
function readIssuer(db: Db, language: DocumentLanguage): Issuer {
  return issuerFrom(businessJson(db), language);
}

interface CustomerRow {
  id: string;
  restaurantName: string;
  billingName: string | null;
  billingAddress: string | null;
  customerCode: string;
  documentLanguage: DocumentLanguage | null;
  email: string | null;
}

/** The customer a document is addressed to (its name, address, language and e-mail), or null. */
export function customerRow(db: Db, id: string | null): CustomerRow | null {
  if (!id) return null;
  return (
    db.$client
      .prepare<[string], CustomerRow>(
        `SELECT id, restaurant_name AS restaurantName, billing_name AS billingName,
                billing_address AS billingAddress, customer_code AS customerCode,
                document_language AS documentLanguage, email
           FROM customer WHERE id = ?`,
      )
      .get(id) ?? null
  );
}

const languageOf = (c: CustomerRow | null): DocumentLanguage =>
  c?.documentLanguage === 'en' ? 'en' : 'ja';

function recipientOf(c: CustomerRow | null, fallbackName: string): Recipient {
  return {
    customerId: c?.id ?? null,
    name: c?.billingName?.trim() || c?.restaurantName || fallbackName,
    address: c?.billingAddress ?? '',
    customerCode: c?.customerCode ?? '',
  };
}

/**
 * Records a new document's parties as they are now; inside the transaction that takes its
 * number. A document for no customer (its customer deleted) records nothing and reads live.
 */
export function recordParties(
  db: Db,
  kind: DocumentKind,
  number: string,
  customerId: string | null,
): void {
  const c = customerRow(db, customerId);
  if (!c) return;
  db.$client
    .prepare(
      `INSERT OR IGNORE INTO document_party (kind, number, issuer, recipient, language)
       VALUES (?, ?, ?, ?, ?)`,
    )
    .run(kind, number, businessJson(db), JSON.stringify(recipientOf(c, '')), languageOf(c));
}

/** A document's issuer, recipient and language. */
export interface Parties {
  issuer: Issuer;
  recipient: Recipient;
  language: DocumentLanguage;
}

/** A document's parties: as recorded at its issue, else (a document from before) as now. */
export function partiesOf(
  db: Db,
  kind: DocumentKind,
  number: string,
  c: CustomerRow | null,
  fallbackName: string,
): Parties {
  const kept = db.$client
    .prepare<[string, string], { issuer: string; recipient: string; language: string }>(
      'SELECT issuer, recipient, language FROM document_party WHERE kind = ? AND number = ?',
    )
    .get(kind, number);
  if (!kept) {
    const language = languageOf(c);
    return {
      issuer: readIssuer(db, language),
      recipient: recipientOf(c, fallbackName),
      language,
    };
  }
  const r = objectOf(kept.recipient);
  const language = kept.language === 'en' ? 'en' : 'ja';
  return {
    issuer: issuerFrom(kept.issuer, language),
    recipient: {
      customerId: typeof r.customerId === 'string' ? r.customerId : (c?.id ?? null),
      name: str(r.name) || fallbackName,
      address: str(r.address),
      customerCode: str(r.customerCode),
    },
    language,
  };
}
