import type { Transporter } from 'nodemailer';
import { documentT } from '../../../shared/documents/labels';
import type { DocumentKind } from '../../../shared/enums';
import type { DocumentMailOut, DocumentModel } from '../../../shared/schemas/documents';
import type { Actor } from '../../platform/audit';
import type { Config } from '../../platform/config';
import { type Db, write } from '../../platform/db';
import { AppError, badRequest } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { scopeAll } from '../../platform/scope';
import { documentModel } from './models';
import { customerRow } from './parties';
import { pdfFileName, renderPdf } from './pdf';

// E-mailing a document (docs/decisions/032): the PDF is made and sent outside any transaction,
// then what was sent (or refused), when and to whom is written to document_mail in one.

// nodemailer is loaded with the first e-mail, not at the server's start.
const transports = new Map<string, Transporter>();
async function transportFor(url: string): Promise<Transporter> {
  let t = transports.get(url);
  if (!t) {
    const { default: nodemailer } = await import('nodemailer');
    t = nodemailer.createTransport(url);
    transports.set(url, t);
  }
  return t;
}

/**
 * The sender as the restaurant's mail app lists it: the business's name beside the address, as
 * the documents name it, unless MAIL_FROM already gives a name of its own ("Name <address>").
 */
function senderOf(from: string, issuerName: string): string | { name: string; address: string } {
  return from.includes('<') || issuerName.trim() === ''
    ? from
    : { name: issuerName, address: from };
}

function mailLog(db: Db, config: Config, kind: DocumentKind, id: string): DocumentMailOut {
  const mails = db.$client
    .prepare<[string, string], DocumentMailOut['mails'][number]>(
      `SELECT m.id AS _id, m."to", m.subject, m.status, m.error, a.username AS sentBy,
              m.created_at AS sentAt
         FROM document_mail m LEFT JOIN account a ON a.id = m.sent_by
        WHERE m.kind = ? AND m.document_id = ? ORDER BY m.created_at DESC, m.id DESC LIMIT 100`,
    )
    .all(kind, id);
  return { configured: config.mail !== null, mails };
}

/** What was e-mailed of a document the office can see (an unknown one answers 404). */
export function documentMails(
  db: Db,
  config: Config,
  ref: { kind: DocumentKind; id: string },
): DocumentMailOut {
  documentModel(db, ref.kind, ref.id, scopeAll, config.timeZone);
  return mailLog(db, config, ref.kind, ref.id);
}

/** Sends the document's PDF to its customer's address and records the attempt. */
export async function sendDocument(
  db: Db,
  config: Config,
  actor: Actor,
  model: DocumentModel,
): Promise<DocumentMailOut> {
  if (!config.mail) throw badRequest('document.mailNotConfigured');
  const customer = customerRow(db, model.recipient.customerId);
  const to = customer?.email?.trim();
  if (!customer || !to) throw badRequest('document.noEmail');
  const t = documentT(model.language);
  const title = t(`title.${model.kind}`);
  const issuer = model.issuer.legalName || 'Wholesale Orders';
  const subject = t('mail.subject', { title, number: model.number, issuer });
  const text = t('mail.body', {
    title,
    number: model.number,
    issuer,
    recipient: model.recipient.name,
  });
  const pdf = await renderPdf([model]);
  let error: string | null = null;
  try {
    await (await transportFor(config.mail.smtpUrl)).sendMail({
      from: senderOf(config.mail.from, model.issuer.legalName),
      to,
      subject,
      text,
      attachments: [{ filename: pdfFileName(model), content: pdf, contentType: 'application/pdf' }],
    });
  } catch (err) {
    error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
  }
  write(db, () => {
    db.$client
      .prepare(
        `INSERT INTO document_mail (id, kind, document_id, customer_id, "to", subject, status, error, sent_by, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        newId(),
        model.kind,
        model.id,
        customer.id,
        to,
        subject,
        error ? 'failed' : 'sent',
        error,
        actor.id,
        nowIso(),
      );
  });
  if (error) throw new AppError('SERVICE_UNAVAILABLE', 'document.sendFailed', { error });
  return mailLog(db, config, model.kind, model.id);
}
