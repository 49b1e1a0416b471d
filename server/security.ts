import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, cookieToken } from './auth/transport';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameOrigin(req: FastifyRequest): boolean | null {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
  const origin = req.headers.origin;
  if (typeof origin === 'string') return origin === `${req.protocol}://${req.host}`;
  return null;
}

/**
 * Cross-site request forgery guard for every route (REST, /trpc, uploads): a request that
 * changes something must come from the app's own origin when a browser says where it comes
 * from, and a cookie-authenticated one must say so. Bearer-only clients (scripts, the spec's
 * invoice calls) send no cookie and no browser headers and pass.
 */
export async function sameOriginGuard(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (SAFE_METHODS.has(req.method)) return;
  const verdict = sameOrigin(req);
  const needsProof = cookieToken(req) !== null && bearerToken(req) === null;
  if (verdict === false || (verdict === null && needsProof)) {
    return reply.code(403).send({ message: 'Cross-site request refused.' });
  }
}
