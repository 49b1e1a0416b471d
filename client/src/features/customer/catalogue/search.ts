import { matchScore, searchKey, searchQuery } from '../../../../../shared/search/fold';

/**
 * Search by name (spec §2), forgiving as a buyer types on a phone: every word of the query
 * must appear in the name, in any order, regardless of case and spacing ("basmati 5kg" and
 * "5 kg basmati" both find "Basmati Rice India Gate Classic 5kg"), and spelled as it is said
 * ("daal", "masla", Devanagari: the fold of docs/decisions/039, shared with the server's
 * search). Blank matches everything. `names` may hold several names of one product (English
 * and Nepali): any one may match. The server's `products.search` adds the customer's usual
 * products first; this is what the screen shows until its answer comes.
 */
export function matchesName(
  names: string | readonly (string | null | undefined)[],
  query: string,
): boolean {
  return matchScore(searchKey(typeof names === 'string' ? [names] : names), searchQuery(query)) > 0;
}

/** The category that makes a product appear on the Thai page (spec §2). */
export const THAI_CATEGORY = 'Thai Items';
