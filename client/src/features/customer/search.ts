/** Lower case, without spaces: "Basmati Rice 5 KG" -> "basmatirice5kg". */
function squash(text: string): string {
  return text.toLocaleLowerCase().replace(/\s+/g, '');
}

/**
 * Search by name (spec §2), forgiving as a buyer types on a phone: every word of the query
 * must appear in the name, in any order, regardless of case and spacing ("basmati 5kg" and
 * "5 kg basmati" both find "Basmati Rice India Gate Classic 5kg"). Blank matches everything.
 * `names` may hold several names of one product (English and Nepali): any one may match.
 */
export function matchesName(
  names: string | readonly (string | null | undefined)[],
  query: string,
): boolean {
  const words = query.trim().split(/\s+/).filter(Boolean).map(squash);
  if (words.length === 0) return true;
  const haystack = (typeof names === 'string' ? [names] : names)
    .filter((n): n is string => Boolean(n))
    .map(squash)
    .join('\u0000');
  return words.every((w) => haystack.includes(w));
}

/** The category that makes a product appear on the Thai page (spec §2). */
export const THAI_CATEGORY = 'Thai Items';
