import type { FastifyRequest } from 'fastify';
import { readSessionToken } from '../accounts/session-cookies';
import { type AuthUser, resolveUser, type Services } from '../context';
import { AppError } from '../platform/errors';
import { type Role, roleOf } from '../trpc';

// The plain Fastify routes beside the procedures (the Excel export, document PDFs, uploads) guard
// themselves as the procedure builders do (server/trpc.ts): no session is 401, a role outside
// the route's is 403. One place, so the rule is not written again in each door.

/** The caller of a plain route and its role; 401 without a session, 403 outside `roles`. */
export function sessionFor(
  services: Services,
  req: FastifyRequest,
  roles: readonly Role[],
): { user: AuthUser; role: Role } {
  const { user } = resolveUser(services.db, readSessionToken(req));
  const role = roleOf(user);
  if (!user || role === 'anonymous') throw new AppError('UNAUTHORIZED', 'auth.signInFirst');
  if (!roles.includes(role)) throw new AppError('FORBIDDEN', 'auth.forbidden');
  return { user, role };
}
