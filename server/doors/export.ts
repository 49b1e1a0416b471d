import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../shared/enums';
import { isoDateInZone } from '../../shared/format';
import { journalInput } from '../../shared/schemas/journal';
import { ledgerInput } from '../../shared/schemas/ledger';
import { taxSummaryInput } from '../../shared/schemas/tax-summary';
import type { Services } from '../context';
import { ledgerWorkbook } from '../money/ledger';
import { AppError, restError } from '../platform/errors';
import { exportWorkbook } from '../reports/export';
import { journalFile } from '../reports/journal';
import { taxSummaryWorkbook } from '../reports/tax-summary';
import { STAFF } from '../trpc';
import { firstScreenLanguage } from './first-screen';
import { sessionFor } from './session';

// The Excel download (spec §7 "Export"): a binary answer, so a plain route beside the REST
// table, guarded by the same session and the same staff rule as the procedures. The workbook
// is in the reader's language, decided as the app's screens decide it (firstScreenLanguage):
// the account's chosen language, else this device's (`lang` cookie), else the browser's
// Accept-Language (en, ne, ja), else English.

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Workbook = (
  req: FastifyRequest,
  language: Language,
) => Promise<{ fileName: string; bytes: Buffer; type?: string }>;

function send(services: Services, routeId: string | null) {
  return sendWorkbook(services, (req, language) => {
    const id = routeId ?? (req.params as { routeId?: string }).routeId ?? '';
    if (!id || id.length > 64) throw new AppError('NOT_FOUND', 'common.notFound');
    const { timeZone } = services.config;
    const today = isoDateInZone(services.clock?.() ?? new Date(), timeZone);
    return exportWorkbook(services.db, id === 'all' ? null : id, today, timeZone, language);
  });
}

function sendWorkbook(services: Services, make: Workbook) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      const { user } = sessionFor(services, req, STAFF);
      const language = firstScreenLanguage(
        user?.account.language,
        req.cookies?.lang,
        req.headers['accept-language'],
      );
      const { fileName, bytes, type } = await make(req, language);
      const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', type ?? XLSX_TYPE)
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
    sendWorkbook(services, (req, language) =>
      taxSummaryWorkbook(
        services.db,
        taxSummaryInput.parse(req.query ?? {}),
        services.config.timeZone,
        language,
      ),
    ),
  );
  // A customer's ledger (得意先元帳, ADR 074): ?from=YYYY-MM-DD&to=YYYY-MM-DD, the screen's rows.
  app.get(
    '/api/data/ledger/:customerId',
    sendWorkbook(services, (req, language) => {
      const { timeZone } = services.config;
      const input = ledgerInput.parse({
        ...(req.query as object),
        customerId: (req.params as { customerId?: string }).customerId,
      });
      const today = isoDateInZone(services.clock?.() ?? new Date(), timeZone);
      return ledgerWorkbook(services.db, timeZone, input, today, language);
    }),
  );
  // The period's journal entries for 弥生会計 (ADR 076): ?from=YYYY-MM-DD&to=YYYY-MM-DD&books=
  // exclusive|inclusive, the last calendar month by default; a Shift_JIS CSV, not a workbook.
  app.get(
    '/api/data/journal',
    sendWorkbook(services, async (req) => {
      const { timeZone } = services.config;
      const input = journalInput.parse(req.query ?? {});
      const today = isoDateInZone(services.clock?.() ?? new Date(), timeZone);
      const { fileName, bytes } = journalFile(services.db, timeZone, input, today);
      return { fileName, bytes, type: 'text/csv; charset=Shift_JIS' };
    }),
  );
  app.get('/api/data/:routeId', send(services, null));
}
