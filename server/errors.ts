import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';

// The one place where failures become statuses and messages (DESIGN §4).
// Nothing the client sees carries SQL text or a stack.

export const GENERIC_MESSAGE = 'Something went wrong. Please try again.';

export type FieldIssues = Record<string, string>;

interface SqliteLikeError {
  code?: string;
  message?: string;
}

function sqliteCode(err: unknown): string | undefined {
  const code = (err as SqliteLikeError | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : undefined;
}

/** Turns anything thrown inside a procedure into a TRPCError with an honest status. */
export function toTRPCError(err: unknown): TRPCError {
  if (err instanceof TRPCError) {
    if (err.code === 'INTERNAL_SERVER_ERROR' && err.cause && !(err.cause instanceof TRPCError)) {
      const mapped = mapCause(err.cause);
      if (mapped) return mapped;
    }
    return err;
  }
  return mapCause(err) ?? new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: err });
}

function mapCause(cause: unknown): TRPCError | undefined {
  if (cause instanceof ZodError) {
    return new TRPCError({ code: 'BAD_REQUEST', message: zodMessage(cause), cause });
  }
  const code = sqliteCode(cause);
  if (!code) return undefined;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return new TRPCError({ code: 'CONFLICT', message: 'This already exists.', cause });
  }
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
    return new TRPCError({
      code: 'BAD_REQUEST',
      message: 'It refers to something that does not exist.',
      cause,
    });
  }
  if (code.startsWith('SQLITE_CONSTRAINT')) {
    return new TRPCError({ code: 'BAD_REQUEST', message: 'The values are not allowed.', cause });
  }
  if (code === 'SQLITE_BUSY') {
    return new TRPCError({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The server is busy. Please try again.',
      cause,
    });
  }
  return undefined;
}

export function zodIssues(err: ZodError): FieldIssues {
  const out: FieldIssues = {};
  for (const issue of err.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    out[key] ??= issue.message;
  }
  return out;
}

function zodMessage(err: ZodError): string {
  const first = err.issues[0];
  if (!first) return 'Invalid input.';
  const where = first.path.length ? `${first.path.join('.')}: ` : '';
  return `Invalid input. ${where}${first.message}`;
}

/** The message a client may see for this error. */
export function publicMessage(err: TRPCError): string {
  if (err.code === 'INTERNAL_SERVER_ERROR') return GENERIC_MESSAGE;
  if (err.cause instanceof ZodError && err.message === err.cause.message) {
    return zodMessage(err.cause);
  }
  return err.message;
}

/** The body and status for a REST response: `{message, issues?}`. */
export function restError(err: unknown): {
  status: number;
  body: { message: string; issues?: FieldIssues };
} {
  const e = toTRPCError(err);
  const body: { message: string; issues?: FieldIssues } = { message: publicMessage(e) };
  if (e.cause instanceof ZodError) body.issues = zodIssues(e.cause);
  return { status: getHTTPStatusCodeFromError(e), body };
}
