import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PriceBasis } from '../../../shared/tax';
import { trpc } from '../trpc';

// Whether the catalogue's prices include consumption tax is the business's setting (tax-exclusive
// unless it chose otherwise); a price that does not say which reads as a different sum to each
// reader. The screens ask once (a long staleTime: it changes seldom) and pass it down, so a card
// itself never queries.

/** The business's price basis, once known. */
export function usePriceBasis(): PriceBasis | undefined {
  return trpc.settings.tax.useQuery(undefined, { staleTime: 60_000 }).data?.basis;
}

/** The i18n key of the small word beside a price: 税抜 / excl. tax, 税込 / incl. tax. */
export function priceBasisKey(basis: PriceBasis): 'product.exclTax' | 'product.inclTax' {
  return basis === 'inclusive' ? 'product.inclTax' : 'product.exclTax';
}

/** "excl. tax" beside a price (as the catalogue's first screen draws it); nothing until known. */
export function PriceBasisNote({
  basis,
  lh,
}: {
  basis: PriceBasis | undefined;
  /** The line height of the price's row, when it sets one (the compact list's). */
  lh?: number;
}) {
  const { t } = useTranslation();
  if (!basis) return null;
  return (
    // Two short words that never break: beside a price in the phone's compact row, the unit
    // gives way (it truncates) rather than the row growing a line.
    <Text
      size="xs"
      c="dimmed"
      lh={lh}
      data-testid="price-basis"
      style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {t(priceBasisKey(basis))}
    </Text>
  );
}
