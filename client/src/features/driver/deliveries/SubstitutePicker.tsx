import { NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../shared/format';
import { localName, unitLabel } from '../../../components/localName';
import { matchesName } from '../../customer/catalogue/search';
import type { SubstituteEntry } from './DeliveredLines';
import type { choicesFor, SubstituteProduct } from './substitutes';

/** The kept list as one restaurant may be handed it (substitutes.ts `choicesFor`). */
export type Offer = NonNullable<ReturnType<typeof choicesFor>>;

/**
 * A line delivered as "substituted": which product was handed over instead and how many
 * (ADR 050). The phone's own picker (a NativeSelect, as the reason's: a drop-down drawn by the
 * page opened past the edge of a 390 px screen), narrowed by a search field, each product with
 * the restaurant's price. Without the product list on the phone it says so; the delivery then
 * cannot be sent as substituted until the list is loaded.
 */
export function SubstitutePicker({
  name,
  productId,
  short,
  entry,
  offer,
  problems,
  onChange,
}: {
  /** The line's name as shown. */
  name: string;
  /** The line's own product: not offered as its own substitute. */
  productId: string | null | undefined;
  /** How many of the line were not delivered: the quantity offered first. */
  short: number;
  entry: SubstituteEntry | undefined;
  /** Null: this phone has never had the product list. */
  offer: Offer | null;
  problems?: { product?: string; quantity?: string };
  onChange: (entry: SubstituteEntry) => void;
}) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const label = (p: SubstituteProduct) =>
    `${localName(p, i18n.language)} · ${unitLabel(t, p.sku)} · ${formatYen(offer?.priceOf(p) ?? p.price)}`;
  const options = useMemo(() => {
    if (!offer) return [];
    // Read as the catalogue reads it (ADR 113): full-width, kana, Devanagari, spelling.
    return offer.products.filter(
      (p) =>
        p._id !== productId &&
        (p._id === entry?.productId || matchesName([p.name, p.nameNe, p.nameJa], search)),
    );
  }, [offer, search, productId, entry?.productId]);

  if (!offer) {
    return (
      <Text size="sm" c="orange.9" role="status" data-testid="substitute-no-list">
        {t('driverJobs.substitute.noList')}
      </Text>
    );
  }
  const chosen = entry?.productId ? offer.find(entry.productId) : undefined;
  const pick = (id: string) => {
    const p = offer.find(id);
    if (!p) {
      onChange({ productId: '', quantity: entry?.quantity ?? '' });
      return;
    }
    onChange({
      productId: p._id,
      quantity: entry?.quantity ?? Math.max(1, short),
      unitPrice: offer.priceOf(p),
      taxRate: p.taxRate,
    });
  };
  return (
    <Stack gap={4} data-testid="substitute-picker">
      <TextInput
        label={t('driverJobs.substitute.search', { name })}
        type="search"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      <NativeSelect
        label={t('driverJobs.substitute.product', { name })}
        data={[
          { value: '', label: t('driverJobs.substitute.choose') },
          ...options.map((p) => ({ value: p._id, label: label(p) })),
        ]}
        value={chosen ? chosen._id : ''}
        error={problems?.product}
        onChange={(e) => pick(e.currentTarget.value)}
      />
      {/* A text field, so Devanagari digits typed on a Nepali keyboard are kept and read. */}
      <TextInput
        label={t('driverJobs.substitute.quantity', { name })}
        inputMode="numeric"
        value={String(entry?.quantity ?? '')}
        error={problems?.quantity}
        onChange={(e) =>
          onChange({ ...(entry ?? { productId: '' }), quantity: e.currentTarget.value })
        }
      />
    </Stack>
  );
}
