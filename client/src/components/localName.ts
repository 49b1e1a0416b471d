import type { TFunction } from 'i18next';
import { UNITS, type Unit } from '../../../shared/enums';
import { DELIVERY_CHARGE_NAME } from '../../../shared/terms';
import i18n from '../i18n';

/** Something with an English name and an optional Nepali one (products, categories). */
export interface Named {
  name: string;
  nameNe?: string | null;
}

/**
 * The Nepali name in Nepali when there is one; otherwise (and in English) the English name. An
 * order's delivery charge line (no product, ADR 035) is named in the reader's language.
 */
export function localName(item: Named, language: string | undefined): string {
  if (item.name === DELIVERY_CHARGE_NAME) {
    return i18n.t('terms.deliveryCharge', language ? { lng: language } : undefined);
  }
  return language === 'ne' && item.nameNe?.trim() ? item.nameNe : item.name;
}

/** A unit (Bag, Kg, ...) in the interface language; an unknown one as stored. */
export function unitLabel(t: TFunction, sku: string): string {
  return (UNITS as readonly string[]).includes(sku) ? t(`buyer.units.${sku as Unit}`) : sku;
}
