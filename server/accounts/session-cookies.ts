import type { FastifyReply, FastifyRequest } from 'fastify';

// How a session token travels: an httpOnly cookie for the browser, or `Authorization: Bearer`.

export const COOKIE_NAME = 'session';
/** Over https the cookie gets the `__Host-` prefix (Secure, Path=/, no Domain). */
export const SECURE_COOKIE_NAME = '__Host-session';

export interface SessionCookies {
  set(token: string, expiresAtMs: number): void;
  clear(): void;
}

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1] ?? null;
}

export function cookieToken(req: FastifyRequest): string | null {
  return req.cookies[SECURE_COOKIE_NAME] ?? req.cookies[COOKIE_NAME] ?? null;
}

/** The bearer header wins over the cookie. */
export function readSessionToken(req: FastifyRequest): string | null {
  return bearerToken(req) ?? cookieToken(req);
}

export function sessionCookies(req: FastifyRequest, reply: FastifyReply): SessionCookies {
  const secure = req.protocol === 'https';
  const name = secure ? SECURE_COOKIE_NAME : COOKIE_NAME;
  return {
    set(token, expiresAtMs) {
      reply.setCookie(name, token, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure,
        expires: new Date(expiresAtMs),
      });
    },
    clear() {
      reply.clearCookie(name, { httpOnly: true, sameSite: 'lax', path: '/', secure });
    },
  };
}
