import { setImmediate } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DOCUMENT_KINDS, type DocumentKind } from '../../shared/enums';
import { closingStatementsInput } from '../../shared/schemas/documents';
import type { Services } from '../context';
import { documentScope } from '../money/documents/access';
import { documentModel, statementModel, statementsOfClosing } from '../money/documents/models';
import { pdfFileName, renderPdf } from '../money/documents/pdf';
import { AppError, restError } from '../platform/errors';
import { scopeAll } from '../platform/scope';
import { SIGNED_IN, STAFF } from '../trpc';
import { sessionFor } from './session';

// Documents as PDF (docs/decisions/032): binary answers, so plain routes beside the REST table,
// guarded by the same session and the same reach as documents.model. The model is read first
// (its transaction, if a number is given, ends there); the PDF is rendered outside any
// transaction.

function sendPdf(reply: FastifyReply, fileName: string, bytes: Buffer, download: boolean) {
  return reply
    .header('cache-control', 'no-store')
    .header('content-type', 'application/pdf')
    .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${fileName}"`)
    .send(bytes);
}

function fail(req: FastifyRequest, reply: FastifyReply, err: unknown) {
  const { status, body } = restError(err);
  if (status >= 500) req.log.error({ err }, 'document failed');
  return reply.code(status).send(body);
}

export async function documentsPlugin(app: FastifyInstance, services: Services): Promise<void> {
  /** All statements of one closing date as one PDF (staff). */
  app.get('/api/documents/statements/:closingDate.pdf', async (req, reply) => {
    try {
      sessionFor(services, req, STAFF);
      const { closingDate } = closingStatementsInput.parse(req.params);
      // One statement at a time, letting other requests in between (renderPdf does the same
      // while drawing): 300 customers' statements held the whole server for ~1 s here.
      const models = [];
      for (const s of statementsOfClosing(services.db, closingDate)) {
        if (models.length > 0) await setImmediate();
        models.push(statementModel(services.db, s.id, scopeAll, services.config.timeZone));
      }
      if (models.length === 0) throw new AppError('NOT_FOUND', 'common.notFound');
      const bytes = await renderPdf(models);
      return sendPdf(reply, `statements-${closingDate}.pdf`, bytes, true);
    } catch (err) {
      return fail(req, reply, err);
    }
  });

  /** One document; `?download=1` asks for an attachment instead of showing it. */
  app.get('/api/documents/:kind/:id.pdf', async (req, reply) => {
    try {
      const { user } = sessionFor(services, req, SIGNED_IN);
      const { kind, id } = req.params as { kind: string; id: string };
      if (!(DOCUMENT_KINDS as readonly string[]).includes(kind) || !id || id.length > 64) {
        throw new AppError('NOT_FOUND', 'common.notFound');
      }
      const model = documentModel(
        services.db,
        kind as DocumentKind,
        id,
        documentScope(user),
        services.config.timeZone,
      );
      const bytes = await renderPdf([model]);
      const download = (req.query as { download?: string }).download === '1';
      return sendPdf(reply, pdfFileName(model), bytes, download);
    } catch (err) {
      return fail(req, reply, err);
    }
  });
}
