import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { bearerToken, cookieToken } from '../accounts/session-cookies';
import { edgeError } from '../platform/errors';

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
    return reply.code(403).send(edgeError('common.crossSite'));
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

/**
 * The security headers helmet sets, asked of helmet once at start. Running it on every request
 * halved the server's throughput; the headers never vary, so each reply gets this fixed set
 * instead. Helmet is called as the connect-style middleware it is, on a stand-in response
 * that writes the headers down (a throwaway Fastify instance and an injected request cost
 * ~20 ms of the start). HSTS only behind a TLS proxy: the office box is often reached over
 * plain http on the LAN.
 */
export async function securityHeaders(opts: { hsts: boolean }): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    hsts: opts.hsts,
  });
  await new Promise<void>((resolve, reject) =>
    middleware({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) =>
      err ? reject(err) : resolve(),
    ),
  );
  return headers;
}
