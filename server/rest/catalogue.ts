import type { FastifyInstance } from 'fastify';
import { readSessionToken } from '../auth/transport';
import { resolveUser, type Services } from '../context';
import { catalogueSnapshot } from '../services/catalogue';

/**
 * GET /api/products: the one read every customer screen starts with, served from the cached
 * snapshot (already serialized and gzipped) with an ETag, so a repeat visit costs a 304.
 * It answers exactly what the products.list procedure answers; see docs/decisions/005.
 */
export async function catalogueRoute(app: FastifyInstance, services: Services): Promise<void> {
  app.get('/api/products', async (req, reply) => {
    const { user } = resolveUser(services.db, readSessionToken(req));
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
}
