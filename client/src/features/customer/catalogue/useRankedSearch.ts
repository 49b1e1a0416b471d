import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ProductOut } from '../../../../../shared/schemas/catalogue';
import { trpc } from '../../../trpc';
import { matchesName } from './search';

/**
 * The products matching a typed search, best first (docs/decisions/039). The screen filters
 * its cached catalogue at once with the shared forgiving match; the server's answer (the
 * customer's usual products first) replaces that order when it comes, a moment after typing
 * stops. A blank query is the catalogue as it is.
 */
export function useRankedSearch(
  products: readonly ProductOut[] | undefined,
  query: string,
): ProductOut[] {
  const [settled] = useDebouncedValue(query.trim(), 200);
  const ranked = trpc.products.search.useQuery(
    { q: settled },
    { enabled: settled !== '', placeholderData: keepPreviousData, staleTime: 60_000 },
  );
  return useMemo(() => {
    const all = products ?? [];
    const q = query.trim();
    if (q === '') return all.slice();
    if (ranked.data && settled === q && !ranked.isPlaceholderData) {
      const byId = new Map(all.map((p) => [p._id, p]));
      return ranked.data.ids.flatMap((id) => byId.get(id) ?? []);
    }
    return all.filter((p) => matchesName([p.name, p.nameNe, p.nameJa], q));
  }, [products, query, settled, ranked.data, ranked.isPlaceholderData]);
}
