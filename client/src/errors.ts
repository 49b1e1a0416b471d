import type { TFunction } from 'i18next';
import type { ErrorCode, ErrorParams, FieldIssues } from '../../server/platform/errors';
import { formatDate } from './dateFormat';
import i18n, { dynamicT } from './i18n';

// What the user reads when a call fails (DESIGN §4). The server never sends a sentence to
// match: a tRPC error carries `data.appCode`, `data.params` and per-field `data.issues`
// (server/trpc.ts errorFormatter), and the text is `t('errors.' + code, params)` in the
// current language. Every screen goes through here.

/** A failure as the screens use it: a code, its parameters and per-field codes. */
export interface Failure {
  code: ErrorCode;
  params?: ErrorParams;
  issues?: FieldIssues;
}

/** Shown when the server could not be reached at all. */
export const NETWORK: ErrorCode = 'common.network';

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)
    : undefined;
}

/** A key of `errors.*` in the English tree (the Nepali tree has the same keys, tested). */
export function isKnownCode(value: unknown): value is ErrorCode {
  return (
    typeof value === 'string' &&
    /^\w+\.\w+$/.test(value) &&
    i18n.exists(`errors.${value}`, { lng: 'en' })
  );
}

/**
 * fetch() rejects with a TypeError when no answer came back ('Failed to fetch' in Chromium,
 * other words elsewhere); tRPC wraps it as the cause of a client error without `data`.
 */
function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  const e = record(error);
  if (!e || (e.data !== undefined && e.data !== null)) return false;
  return e.cause instanceof TypeError;
}

/** The code, parameters and field codes of a failed call; null when it carries none. */
export function failureOf(error: unknown): Failure | null {
  const data = record(record(error)?.data);
  if (data && isKnownCode(data.appCode)) {
    const failure: Failure = { code: data.appCode };
    const params = record(data.params);
    if (params) failure.params = params as ErrorParams;
    const issues = record(data.issues);
    if (issues) {
      failure.issues = Object.fromEntries(
        Object.entries(issues).filter((entry): entry is [string, ErrorCode] =>
          isKnownCode(entry[1]),
        ),
      );
    }
    return failure;
  }
  if (isNetworkFailure(error)) return { code: NETWORK };
  return null;
}

/** The text of one code in the current language. */
export function codeText(t: TFunction, code: ErrorCode, params?: ErrorParams): string {
  return t(`errors.${code}`, readerParams(params ?? {}, i18n.language));
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A refusal's parameters as its reader reads them. The server sends a date as YYYY-MM-DD
 * (`order.deliveryDateTooEarly` {earliest}) and a product by its name, with its Nepali and
 * Japanese names beside it (`nameNe`, `nameJa`) when it has them (`terms.productHidden`,
 * `order.outOfStock`, `stock.insufficient`...): dates in the language's one format, the product
 * as the catalogue names it for that reader, a unit in the reader's word (`claim.aboveDelivered`).
 */
export function readerParams(params: ErrorParams, language: string | undefined): ErrorParams {
  const out: ErrorParams = {};
  for (const [key, value] of Object.entries(params)) {
    out[key] =
      typeof value === 'string' && ISO_DATE.test(value) ? formatDate(value, language) : value;
  }
  // A unit comes as the product's unit code ("Kg", "Pcs"): the reader's word for it, as the
  // screens show it (components/localName.ts unitLabel); an unknown code stays as it is.
  const unit = typeof params.unit === 'string' ? params.unit : '';
  if (unit && i18n.exists(`buyer.units.${unit}`, { lng: language })) {
    out.unit = i18n.t(`buyer.units.${unit}` as never, { lng: language });
  }
  const nameNe = typeof params.nameNe === 'string' ? params.nameNe.trim() : '';
  if (language === 'ne' && nameNe) out.name = nameNe;
  const nameJa = typeof params.nameJa === 'string' ? params.nameJa.trim() : '';
  if (language === 'ja' && nameJa) out.name = nameJa;
  return out;
}

/**
 * What to tell the user about `error`: its code's text, 'Cannot reach the server' when no
 * answer came, else the text of `fallbackKey` (a full key, e.g. 'errors.common.fetchFailed').
 */
export function errorText(t: TFunction, error: unknown, fallbackKey: string): string {
  const failure = failureOf(error);
  return failure ? codeText(t, failure.code, failure.params) : dynamicT(t)(fallbackKey);
}

/** Per-field texts of a validation failure (`{ 'orderItems.0.quantity': '...' }`). */
export function fieldErrors(t: TFunction, error: unknown): Record<string, string> {
  const issues = failureOf(error)?.issues ?? {};
  return Object.fromEntries(
    Object.entries(issues).map(([field, code]) => [field, codeText(t, code)]),
  );
}

/** The HTTP status the server answered with, when it answered. */
export function httpStatusOf(error: unknown): number | undefined {
  const status = record(record(error)?.data)?.httpStatus;
  return typeof status === 'number' ? status : undefined;
}
