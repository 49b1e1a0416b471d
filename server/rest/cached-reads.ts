import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageInput } from '../../shared/schemas/orders';
import { createContextFromRequest, type Services } from '../context';
import { restError } from '../errors';
import { catalogueSnapshot } from '../services/catalogue';
import { customerHistoryPage } from '../services/orders';
import { requireCustomer } from '../trpc';

// The two reads a restaurant repeats most, served from bytes serialized once instead of
// through the generic handler (which validates and serializes on every call). Each answers
// exactly what its procedure answers (products.list, orders.mine), from the same service
// cache, under the same rule. See docs/decisions/005.

function fail(req: FastifyRequest, reply: FastifyReply, err: unknown) {
  const { status, body } = restError(err);
  if (status >= 500) req.log.error({ err }, 'cached read failed');
  return reply.code(status).send(body);
}

export async function cachedReadRoutes(app: FastifyInstance, services: Services): Promise<void> {
  /** GET /api/products: JSON and gzip made once per catalogue version, ETag / 304. */
  app.get('/api/products', async (req, reply) => {
    const { user } = createContextFromRequest(services, req, reply);
    const snap = catalogueSnapshot(services.db, user ? 'member' : 'anonymous');
    reply
      .header('etag', snap.etag)
      .header('vary', 'Accept-Encoding, Cookie, Authorization')
      .header('cache-control', 'private, no-cache');
    if (req.headers['if-none-match'] === snap.etag) return reply.code(304).send();
    reply.type('application/json; charset=utf-8');
    if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      return reply.header('content-encoding', 'gzip').send(snap.gzip);
    }
    return reply.send(snap.json);
  });

  /** GET /api/orders/myorders?pageNumber=: the signed-in customer's history page. */
  app.get('/api/orders/myorders', async (req, reply) => {
    try {
      const { user } = createContextFromRequest(services, req, reply);
      const customer = requireCustomer(user);
      const query = req.query as Record<string, string | undefined>;
      const { pageNumber } = pageInput.parse({ pageNumber: query.pageNumber || undefined });
      const { json } = customerHistoryPage(services.db, customer.id, pageNumber);
      return reply
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(json);
    } catch (err) {
      return fail(req, reply, err);
    }
  });
}
