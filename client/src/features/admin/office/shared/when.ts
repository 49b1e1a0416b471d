const formats = new Map<string, Intl.DateTimeFormat>();

/** ja-JP's medium date is the Japanese interface's one format, 2026/11/26 (ADR 025). */
const localeOf = (language: string) =>
  language === 'ne' ? 'ne-NP' : language === 'ja' ? 'ja-JP' : 'en-GB';

/** An ISO timestamp as a local date and time in the reader's language. */
export function formatWhen(iso: string, language: string): string {
  const locale = localeOf(language);
  let f = formats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    formats.set(locale, f);
  }
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : f.format(d);
}

/** An ISO timestamp as a local date. */
export function formatDay(iso: string, language: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString(localeOf(language), { dateStyle: 'medium' });
}
