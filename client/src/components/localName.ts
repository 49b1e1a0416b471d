import type { TFunction } from 'i18next';
import { UNITS, type Unit } from '../../../shared/enums';

/** Something with an English name and an optional Nepali one (products, categories). */
export interface Named {
  name: string;
  nameNe?: string | null;
}

/** The Nepali name in Nepali when there is one; otherwise (and in English) the English name. */
export function localName(item: Named, language: string | undefined): string {
  return language === 'ne' && item.nameNe?.trim() ? item.nameNe : item.name;
}

/** A unit (Bag, Kg, ...) in the interface language; an unknown one as stored. */
export function unitLabel(t: TFunction, sku: string): string {
  return (UNITS as readonly string[]).includes(sku) ? t(`buyer.units.${sku as Unit}`) : sku;
}
