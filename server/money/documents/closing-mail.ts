import type { ClosingMailOut, ClosingMailStateOut } from '../../../shared/schemas/documents';
import type { Actor } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { AppError, badRequest, conflict } from '../../platform/errors';
import { scopeAll } from '../../platform/scope';
import { sendDocument } from './mail';
import { documentModel } from './models';

// E-mailing all statements of a closing at once (ADR 073): after the month's closing run the
// office sends each customer its statement in one go instead of thirty times one. Each is sent
// as one document is (sendDocument: its PDF attached, the attempt recorded); a statement sent
// before is not sent again, and a customer without an e-mail address is named, not skipped
// silently.

interface Row {
  id: string;
  number: string;
  restaurantName: string;
  email: string;
  sent: number;
}

function statementsToMail(db: Db, closingDate: string): Row[] {
  return db.$client
    .prepare<[string], Row>(
      `SELECT s.id, s.number, COALESCE(c.restaurant_name, '') AS restaurantName,
              TRIM(COALESCE(c.email, '')) AS email,
              EXISTS (SELECT 1 FROM document_mail m
                       WHERE m.kind = 'statement' AND m.document_id = s.id
                         AND m.status = 'sent') AS sent
         FROM statement s LEFT JOIN customer c ON c.id = s.customer_id
        WHERE s.closing_date = ? ORDER BY c.customer_code, s.number`,
    )
    .all(closingDate);
}

/** What sending a closing's statements would do: how many go out, and to whom they cannot. */
export function closingMailState(db: Db, config: Config, closingDate: string): ClosingMailStateOut {
  const rows = statementsToMail(db, closingDate);
  return {
    closingDate,
    configured: config.mail !== null,
    statements: rows.length,
    alreadySent: rows.filter((r) => r.sent).length,
    toSend: rows.filter((r) => !r.sent && r.email).length,
    noEmail: rows
      .filter((r) => !r.sent && !r.email)
      .map((r) => ({ number: r.number, restaurantName: r.restaurantName })),
  };
}

// One sending of a closing at a time: a second click (or a second clerk) while the first is
// still talking to the mail server would send the same statements twice. One process serves
// the business (ARCHITECTURE.md), so this set is the whole truth.
const sending = new Set<string>();

/**
 * How many statements are on their way at once. One after another, each waited for its own
 * connection to the mail server: 375 statements took 55 s against a server on this machine
 * and minutes against a real one over TLS, one request the office watched spinning
 * (docs/performance.md, Round 24). A few at once is what any mail server accepts from one sender.
 */
export const MAIL_AT_ONCE = 4;

/** Sends each statement of the closing not sent yet to its customer's address. */
export async function sendClosingStatements(
  db: Db,
  config: Config,
  actor: Actor,
  closingDate: string,
): Promise<ClosingMailOut> {
  if (!config.mail) throw badRequest('document.mailNotConfigured');
  if (sending.has(closingDate)) throw conflict('document.sendingAlready');
  sending.add(closingDate);
  try {
    const out: ClosingMailOut = { closingDate, sent: [], failed: [], noEmail: [], alreadySent: 0 };
    const toSend: Row[] = [];
    for (const r of statementsToMail(db, closingDate)) {
      if (r.sent) out.alreadySent += 1;
      else if (!r.email) out.noEmail.push({ number: r.number, restaurantName: r.restaurantName });
      else toSend.push(r);
    }
    // Each outcome in the statement's place, so the answer lists them in the closing's order.
    const outcomes: ({ sent: true } | { sent: false; error: string; code: string })[] = [];
    // Once the mail server cannot be reached, the statements not yet tried are not tried: each
    // would wait out the same timeout (minutes for a month's statements) to fail the same way.
    // They are listed with that reason and go with the next sending, as any unsent one does.
    let unreachable: { sent: false; error: string; code: string } | null = null;
    let next = 0;
    const sender = async () => {
      while (next < toSend.length) {
        const i = next++;
        const r = toSend[i] as Row;
        if (unreachable) {
          outcomes[i] = unreachable;
          continue;
        }
        try {
          const model = documentModel(db, 'statement', r.id, scopeAll, config.timeZone);
          await sendDocument(db, config, actor, model);
          outcomes[i] = { sent: true };
        } catch (err) {
          // Recorded as failed by sendDocument; the others still go.
          const error =
            err instanceof AppError ? String(err.params?.error ?? err.appCode) : String(err);
          const code = err instanceof AppError ? err.appCode : 'document.sendFailed';
          const failed = { sent: false as const, error, code };
          outcomes[i] = failed;
          if (code === 'document.mailServerUnreachable') unreachable ??= failed;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(MAIL_AT_ONCE, toSend.length) }, sender));
    toSend.forEach((r, i) => {
      const who = { number: r.number, restaurantName: r.restaurantName, to: r.email };
      const o = outcomes[i];
      if (o?.sent) out.sent.push(who);
      else
        out.failed.push({ ...who, error: o?.error ?? '', code: o?.code ?? 'document.sendFailed' });
    });
    return out;
  } finally {
    sending.delete(closingDate);
  }
}
