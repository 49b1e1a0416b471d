import helmet from '@fastify/helmet';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
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

/** Content Security Policy: only our own scripts; Mantine sets style attributes at run time. */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

const NOT_SECURITY = new Set([
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
]);

/**
 * The security headers @fastify/helmet would set, asked of helmet once at start. Running helmet
 * on every request halves the server's throughput; the headers never vary, so each reply
 * gets this fixed set instead. HSTS only behind a TLS proxy: the office box is often reached
 * over plain http on the LAN.
 */
export async function securityHeaders(opts: { hsts: boolean }): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    hsts: opts.hsts,
  });
  probe.get('/', async () => '');
  const res = await probe.inject({ url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!NOT_SECURITY.has(name) && value !== undefined) headers[name] = String(value);
  }
  return headers;
}
