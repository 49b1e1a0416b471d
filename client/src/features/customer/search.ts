/** Case-insensitive "name contains" (spec §2 search by name); blank matches everything. */
export function matchesName(name: string, query: string): boolean {
  const q = query.trim().toLocaleLowerCase();
  return q === '' || name.toLocaleLowerCase().includes(q);
}

/** The category that makes a product appear on the Thai page (spec §2). */
export const THAI_CATEGORY = 'Thai Items';
