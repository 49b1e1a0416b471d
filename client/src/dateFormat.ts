import i18n, { type TKey } from './i18n';

// A date written in the reader's language's one format (ADR 040), apart from dates.ts so that
// errors.ts can write a refusal's dates without the business clock's server query.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD date in the given language's one format; anything else as it is. */
export function formatDate(iso: string, language: string | undefined): string {
  const m = ISO_DATE.exec(iso);
  if (!m) return iso;
  const [, y, mm, dd] = m;
  if (language?.startsWith('ja')) return `${y}/${mm}/${dd}`;
  const month = i18n.t(`common.month.m${Number(mm)}` as TKey, { lng: language });
  return `${Number(dd)} ${month} ${y}`;
}
