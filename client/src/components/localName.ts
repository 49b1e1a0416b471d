import type { TFunction } from 'i18next';
import { UNITS, type Unit } from '../../../shared/enums';
import { DELIVERY_CHARGE_NAME } from '../../../shared/terms';
import i18n from '../i18n';

/**
 * Something with an English name and optional Nepali and Japanese ones (products, categories,
 * order lines).
 */
export interface Named {
  name: string;
  nameNe?: string | null;
  nameJa?: string | null;
}

/**
 * The name in the reader's language: the Nepali name in Nepali, the Japanese one in Japanese,
 * when there is one; otherwise (and in English) the English name (ADR 064). An order's delivery
 * charge line (no product, ADR 035) is named in the reader's language.
 */
export function localName(item: Named, language: string | undefined): string {
  if (item.name === DELIVERY_CHARGE_NAME) {
    return i18n.t('terms.deliveryCharge', language ? { lng: language } : undefined);
  }
  const local = language === 'ne' ? item.nameNe : language === 'ja' ? item.nameJa : null;
  return local?.trim() ? local : item.name;
}

/** A unit (Bag, Kg, ...) in the interface language; an unknown one as stored. */
export function unitLabel(t: TFunction, sku: string): string {
  return (UNITS as readonly string[]).includes(sku) ? t(`buyer.units.${sku as Unit}`) : sku;
}
