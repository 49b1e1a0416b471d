import type { Transporter } from 'nodemailer';
import { documentFormat } from '../../../shared/documents/formats';
import { amountLabelKey, asksForPayment, documentT } from '../../../shared/documents/labels';
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
import { renderPdf } from './pdf';

// E-mailing a document (docs/decisions/032): the PDF is made and sent outside any transaction,
// then what was sent (or refused), when and to whom is written to document_mail in one.

/**
 * How long the office waits on a mail server that does not answer. nodemailer's own defaults
 * (2 minutes to connect, 10 of silence) held the office's send button spinning for minutes
 * when the server was down or blocked; a mail server that answers does so within seconds.
 * Values in SMTP_URL's query string (`?connectionTimeout=…`) still win, as nodemailer merges
 * the URL's options over these.
 */
export const MAIL_TIMEOUTS = {
  connectionTimeout: 15_000,
  greetingTimeout: 15_000,
  socketTimeout: 60_000,
} as const;

// nodemailer is loaded with the first e-mail, not at the server's start.
const transports = new Map<string, Transporter>();
async function transportFor(url: string): Promise<Transporter> {
  let t = transports.get(url);
  if (!t) {
    const { default: nodemailer } = await import('nodemailer');
    t = nodemailer.createTransport({ url, ...MAIL_TIMEOUTS });
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

/** Characters a file name may not hold on Windows, macOS or a phone, and line breaks. */
const UNSAFE_IN_FILE_NAME = /[\\/:*?"<>|\p{Cc}]+/gu;

/**
 * The mail a document goes out as, in the document's language: the subject; a body that greets
 * the recipient as the document does (御中), names the document, its number, its amount and,
 * when it asks for payment, its due date (a statement its period too), and is signed with the
 * business's name, address, phone and registration number as the document prints them; and the
 * attachment's name, which says what it is and from whom (請求書_INV-000203_株式会社….pdf), not
 * only a number an accountant's folder cannot tell apart from another supplier's. nodemailer
 * encodes a name that is not ASCII as RFC 2231 (Content-Disposition) and RFC 2047 (the
 * Content-Type's name), which Gmail, Outlook and iPhone Mail all read (ADR 112).
 */
export function documentMail(model: DocumentModel): {
  subject: string;
  text: string;
  filename: string;
} {
  const t = documentT(model.language);
  const f = documentFormat(model.language);
  const title = t(`title.${model.kind}`);
  const issuer = model.issuer.legalName || 'Wholesale Orders';
  const subject = t('mail.subject', { title, number: model.number, issuer });
  // 「ご請求金額：¥12,345」 in Japanese, with the full-width colon Japanese text uses.
  const colon = model.language === 'ja' ? '：' : ': ';
  const figure = (label: string, value: string) => `${label}${colon}${value}`;
  const figures: string[] = [];
  if (model.cancellation) {
    figures.push(t('label.cancelledIntro', { date: f.date(model.cancellation.date) }));
  } else if (model.paidInFull) {
    figures.push(t('label.paidIntro'));
  }
  figures.push(figure(t(amountLabelKey(model)), f.yen(model.amount)));
  if (model.period) {
    figures.push(
      figure(
        t('label.period'),
        t('label.periodRange', {
          start: f.date(model.period.start),
          end: f.date(model.period.end),
        }),
      ),
    );
  }
  if (asksForPayment(model) && model.dueDate) {
    figures.push(figure(t('label.dueDate'), f.date(model.dueDate)));
  }
  const { address, phone, registrationNumber } = model.issuer;
  const signature = [
    issuer,
    ...address.split(/\r?\n/).map((l) => l.trim()),
    phone.trim() ? `${t('label.phone')} ${phone.trim()}` : '',
    registrationNumber.trim()
      ? `${t('label.registrationNumber')} ${registrationNumber.trim()}`
      : '',
  ].filter((l) => l !== '');
  const text = [
    t('mail.greeting', { recipient: model.recipient.name }),
    '',
    t('mail.opening', { issuer }),
    t('mail.attached', { title, number: model.number }),
    '',
    ...figures,
    '',
    t('mail.closing'),
    '',
    '----------------------------------------',
    ...signature,
    '',
  ].join('\n');
  const filename = `${[title, model.number, issuer]
    .join('_')
    .replace(UNSAFE_IN_FILE_NAME, '_')
    .replace(/[\s.]+$/, '')}.pdf`;
  return { subject, text, filename };
}

/** What the office is told when the mail server did not take the mail, in its own words. */
function sendError(err: unknown, to: string): AppError {
  const e = (err ?? {}) as { code?: unknown; command?: unknown; message?: unknown };
  const error = (typeof e.message === 'string' ? e.message : String(err)).slice(0, 500);
  const code = typeof e.code === 'string' ? e.code : '';
  const command = typeof e.command === 'string' ? e.command : '';
  // nodemailer's documented error codes: EENVELOPE when the server refused the recipient.
  if (code === 'EENVELOPE' || command.startsWith('RCPT')) {
    return new AppError('BAD_REQUEST', 'document.addressRefused', { to, error });
  }
  if (['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'ETLS', 'EAUTH', 'ENOAUTH'].includes(code)) {
    return new AppError('SERVICE_UNAVAILABLE', 'document.mailServerUnreachable', { error });
  }
  return new AppError('SERVICE_UNAVAILABLE', 'document.sendFailed', { error });
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
  const { subject, text, filename } = documentMail(model);
  const pdf = await renderPdf([model]);
  let failure: AppError | null = null;
  try {
    await (await transportFor(config.mail.smtpUrl)).sendMail({
      from: senderOf(config.mail.from, model.issuer.legalName),
      to,
      subject,
      text,
      attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
    });
  } catch (err) {
    failure = sendError(err, to);
  }
  const error = failure ? String(failure.params?.error ?? failure.appCode) : null;
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
  if (failure) throw failure;
  return mailLog(db, config, model.kind, model.id);
}
