import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isoDateInZone } from '../../shared/format';
import { taxSummaryInput } from '../../shared/schemas/tax-summary';
import { readSessionToken } from '../accounts/session-cookies';
import { resolveUser, type Services } from '../context';
import { AppError, restError } from '../platform/errors';
import { exportWorkbook } from '../reports/export';
import { taxSummaryWorkbook } from '../reports/tax-summary';
import { roleOf, STAFF } from '../trpc';

// The Excel download (spec §7 "Export"): a binary answer, so a plain route beside the REST
// table, guarded by the same session and the same staff rule as the procedures.

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Workbook = (req: FastifyRequest) => Promise<{ fileName: string; bytes: Buffer }>;

function send(services: Services, routeId: string | null) {
  return sendWorkbook(services, (req) => {
    const id = routeId ?? (req.params as { routeId?: string }).routeId ?? '';
    if (!id || id.length > 64) throw new AppError('NOT_FOUND', 'common.notFound');
    const today = isoDateInZone(new Date(), services.config.timeZone);
    return exportWorkbook(services.db, id === 'all' ? null : id, today);
  });
}

function sendWorkbook(services: Services, make: Workbook) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      const { user } = resolveUser(services.db, readSessionToken(req));
      const role = roleOf(user);
      if (role === 'anonymous') throw new AppError('UNAUTHORIZED', 'auth.signInFirst');
      if (!STAFF.includes(role)) throw new AppError('FORBIDDEN', 'auth.forbidden');
      const { fileName, bytes } = await make(req);
      const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', XLSX_TYPE)
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .send(bytes);
    } catch (err) {
      const { status, body } = restError(err);
      if (status >= 500) req.log.error({ err }, 'export failed');
      return reply.code(status).send(body);
    }
  };
}

export async function exportPlugin(app: FastifyInstance, services: Services): Promise<void> {
  app.get('/api/data/all', send(services, 'all'));
  // The monthly tax summary for the accountant (ADR 031): ?from=YYYY-MM&to=YYYY-MM.
  app.get(
    '/api/data/tax-summary',
    sendWorkbook(services, (req) =>
      taxSummaryWorkbook(services.db, taxSummaryInput.parse(req.query ?? {})),
    ),
  );
  app.get('/api/data/:routeId', send(services, null));
}
