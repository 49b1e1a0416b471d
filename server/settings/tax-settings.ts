import { eq, sql } from 'drizzle-orm';
import { setting } from '../../drizzle/schema';
import { asTaxRate, type PriceBasis, type TaxRate, type TaxRounding } from '../../shared/tax';
import type { Db } from '../platform/db';
import { prepared } from '../platform/prepared';

/** How the business prices and rounds consumption tax (setting key 'tax'). */
export interface TaxSettings {
  basis: PriceBasis;
  rounding: TaxRounding;
}

export const DEFAULT_TAX_SETTINGS: TaxSettings = { basis: 'exclusive', rounding: 'down' };

export function getTaxSettings(db: Db): TaxSettings {
  const row = prepared(db, 'settings.tax', () =>
    db
      .select({ value: setting.value })
      .from(setting)
      .where(eq(setting.key, sql.placeholder('key')))
      .prepare(),
  ).get({ key: 'tax' });
  return { ...DEFAULT_TAX_SETTINGS, ...((row?.value ?? {}) as Partial<TaxSettings>) };
}

/** A product's rate: its own, else its category's, else the reduced rate. */
export function effectiveTaxRate(
  productRate: number | null | undefined,
  categoryRate: number | null | undefined,
): TaxRate {
  return asTaxRate(productRate ?? categoryRate);
}
