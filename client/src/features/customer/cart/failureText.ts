import type { TFunction } from 'i18next';
import type { ErrorParams } from '../../../../../server/platform/errors';
import { formatDate } from '../../../dates';
import { codeText, errorText, failureOf } from '../../../errors';

// A refusal's parameters as its reader reads them. The server sends a date as YYYY-MM-DD
// (`order.deliveryDateTooEarly` {earliest}) and a product by its name, with its Nepali name
// beside it (`nameNe`) when it has one (`terms.productHidden`, `order.outOfStock`,
// `stock.insufficient`...). The text is the code's in the reader's language; its dates are
// written in that language's one format (client/src/dates.ts) and the product is named as the
// catalogue names it for that reader.

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `params` for a reader of `language`: dates in its format, the product's name in its language. */
export function readerParams(params: ErrorParams, language: string | undefined): ErrorParams {
  const out: ErrorParams = {};
  for (const [key, value] of Object.entries(params)) {
    out[key] =
      typeof value === 'string' && ISO_DATE.test(value) ? formatDate(value, language) : value;
  }
  const nameNe = typeof params.nameNe === 'string' ? params.nameNe.trim() : '';
  if (language === 'ne' && nameNe) out.name = nameNe;
  return out;
}

/**
 * What to tell the reader about a failed call (as errors.ts errorText), with the parameters
 * read as above.
 */
export function failureText(
  t: TFunction,
  error: unknown,
  fallbackKey: string,
  language: string | undefined,
): string {
  const failure = failureOf(error);
  if (!failure?.params) return errorText(t, error, fallbackKey);
  return codeText(t, failure.code, readerParams(failure.params, language));
}
