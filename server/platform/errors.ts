import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError, z } from 'zod';
import { en } from '../../shared/locales';

// The one place where failures become statuses, codes and messages (DESIGN §4).
// A service throws `appError(status, code, params)`; the client shows `t('errors.' + code)` in
// its language, and REST adds the English text as `message`. Nothing the client sees carries SQL
// text or a stack.

type ErrorTree = typeof en.errors;
/** Every code a service may throw: `<domain>.<name>`, each with English (and Nepali) text. */
export type ErrorCode = {
  [D in keyof ErrorTree]: `${D & string}.${keyof ErrorTree[D] & string}`;
}[keyof ErrorTree];

export type ErrorParams = Record<string, string | number>;
/** Per-field codes of a validation failure: `{"orderItems.0.quantity": "order.quantityRange"}`. */
export type FieldIssues = Record<string, ErrorCode>;

type Status = TRPCError['code'];

/** A deliberate refusal: an HTTP-ish status, a stable code and its parameters. */
export class AppError extends TRPCError {
  readonly appCode: ErrorCode;
  readonly params: ErrorParams | undefined;
  readonly issues: FieldIssues | undefined;
  constructor(
    status: Status,
    code: ErrorCode,
    params?: ErrorParams,
    opts: { cause?: unknown; issues?: FieldIssues } = {},
  ) {
    super({ code: status, message: englishText(code, params), cause: opts.cause });
    this.appCode = code;
    this.params = params;
    this.issues = opts.issues;
  }
}

export const appError = (status: Status, code: ErrorCode, params?: ErrorParams) =>
  new AppError(status, code, params);
export const badRequest = (code: ErrorCode, params?: ErrorParams) =>
  new AppError('BAD_REQUEST', code, params);
export const notFound = (code: ErrorCode = 'common.notFound', params?: ErrorParams) =>
  new AppError('NOT_FOUND', code, params);
export const conflict = (code: ErrorCode, params?: ErrorParams) =>
  new AppError('CONFLICT', code, params);

export function isErrorCode(value: unknown): value is ErrorCode {
  if (typeof value !== 'string') return false;
  const dot = value.indexOf('.');
  if (dot < 0) return false;
  const domain = (en.errors as Record<string, Record<string, string>>)[value.slice(0, dot)];
  return typeof domain?.[value.slice(dot + 1)] === 'string';
}

/** The English text of a code with its parameters filled in (REST's `message`, logs). */
export function englishText(code: ErrorCode, params?: ErrorParams): string {
  const [domain, name] = code.split('.') as [string, string];
  const template = (en.errors as Record<string, Record<string, string>>)[domain]?.[name] ?? code;
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(params?.[key] ?? ''));
}

interface SqliteLikeError {
  code?: string;
}

function sqliteCode(err: unknown): string | undefined {
  const code = (err as SqliteLikeError | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : undefined;
}

/** Turns anything thrown inside a procedure into an AppError (or a 500) with an honest status. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof TRPCError) {
    const cause = err.cause;
    if (cause instanceof AppError) return cause;
    const mapped = cause ? mapCause(cause) : undefined;
    if (mapped) return mapped;
    return fromTRPCCode(err);
  }
  return (
    mapCause(err) ??
    new AppError('INTERNAL_SERVER_ERROR', 'common.generic', undefined, { cause: err })
  );
}

/** tRPC's own refusals (unknown procedure, bad method, parse failures) keep their status. */
function fromTRPCCode(err: TRPCError): AppError {
  const byStatus: Partial<Record<Status, ErrorCode>> = {
    NOT_FOUND: 'common.notFound',
    UNAUTHORIZED: 'auth.signInFirst',
    FORBIDDEN: 'auth.forbidden',
    PARSE_ERROR: 'common.badJson',
    PAYLOAD_TOO_LARGE: 'common.tooLarge',
    TOO_MANY_REQUESTS: 'common.serverBusy',
    INTERNAL_SERVER_ERROR: 'common.generic',
  };
  return new AppError(err.code, byStatus[err.code] ?? 'common.badRequest', undefined, {
    cause: err,
  });
}

function mapCause(cause: unknown): AppError | undefined {
  if (cause instanceof ZodError) return validationError(cause);
  const code = sqliteCode(cause);
  if (!code) return undefined;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return new AppError('CONFLICT', 'common.alreadyExists', undefined, { cause });
  }
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
    return new AppError('BAD_REQUEST', 'common.missingReference', undefined, { cause });
  }
  if (code.startsWith('SQLITE_CONSTRAINT')) {
    return new AppError('BAD_REQUEST', 'common.valuesNotAllowed', undefined, { cause });
  }
  if (code === 'SQLITE_BUSY') {
    return new AppError('SERVICE_UNAVAILABLE', 'common.serverBusy', undefined, { cause });
  }
  return undefined;
}

/**
 * Shared zod schemas use error codes as their messages (`'common.required'`), so a field's
 * issue is already a code; zod's own defaults (a wrong type) become `common.invalid`.
 */
export function zodIssues(err: ZodError): FieldIssues {
  const out: FieldIssues = {};
  for (const issue of err.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    out[key] ??= isErrorCode(issue.message) ? issue.message : 'common.invalid';
  }
  return out;
}

/** A validation failure: the first field's code is the error's code, every field's in `issues`. */
export function validationError(err: ZodError): AppError {
  const issues = zodIssues(err);
  const first = Object.values(issues)[0] ?? 'common.invalid';
  return new AppError('BAD_REQUEST', first, boundOf(err.issues[0]), { cause: err, issues });
}

/**
 * A size limit's bound as the error's parameter ("at most {{max}} lines"): the schema's code
 * names the limit, zod's issue carries its value.
 */
function boundOf(issue: ZodError['issues'][number] | undefined): ErrorParams | undefined {
  if (issue?.code === 'too_big' && typeof issue.maximum === 'number') {
    return { max: issue.maximum };
  }
  if (issue?.code === 'too_small' && typeof issue.minimum === 'number') {
    return { min: issue.minimum };
  }
  return undefined;
}

/** What a client may see of an error, on either door. */
export interface PublicError {
  message: string;
  code: ErrorCode;
  params?: ErrorParams;
  issues?: FieldIssues;
}

export function publicError(err: AppError): PublicError {
  const body: PublicError = { message: err.message, code: err.appCode };
  if (err.appCode === 'common.generic') body.message = englishText('common.generic');
  if (err.params) body.params = err.params;
  if (err.issues) body.issues = err.issues;
  return body;
}

/**
 * A refusal made before any procedure runs (malformed JSON, a body too large, a cross-site
 * change, an unknown path): the same `{message, code}` as a procedure's, so the app can say it
 * in the reader's language.
 */
export function edgeError(code: ErrorCode): PublicError {
  return { message: englishText(code), code };
}

/** Every error code, in the order of the English texts. */
export const ERROR_CODES = Object.entries(
  en.errors as Record<string, Record<string, string>>,
).flatMap(([domain, names]) =>
  Object.keys(names).map((name) => `${domain}.${name}` as ErrorCode),
) as [ErrorCode, ...ErrorCode[]];

/**
 * The body of a REST refusal, as the API description shows it (server/doors/openapi.ts). Every
 * refusal has `code`, a procedure's and one made before any procedure runs (`edgeError`).
 */
export const restErrorOut = z.object({
  message: z.string().describe('English text, for people; `code` is for programs.'),
  code: z
    .enum(ERROR_CODES)
    .describe("A stable code: the app translates it (`errors.<code>` in the client's language)."),
  params: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .optional()
    .describe('Values the text was filled in with, e.g. `{"max": 200}`.'),
  issues: z
    .record(z.string(), z.enum(ERROR_CODES))
    .optional()
    .describe('A validation failure: each invalid field (a dotted path) with its code.'),
});
// The schema describes what publicError() makes.
const _publicErrorFits: z.input<typeof restErrorOut> = {} as PublicError;
void _publicErrorFits;

/** The body and status for a REST response: `{message, code, params?, issues?}`. */
export function restError(err: unknown): { status: number; body: PublicError } {
  const e = toAppError(err);
  return { status: getHTTPStatusCodeFromError(e), body: publicError(e) };
}
