import { eq } from 'drizzle-orm';
import { setting } from '../../drizzle/schema';
import {
  BANK_ACCOUNT_TYPES,
  type BusinessSettingsOut,
  type TaxSettingsOut,
} from '../../shared/schemas/tax';

type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

import type { Actor } from '../platform/audit';
import { type Db, write } from '../platform/db';
import { putSetting } from './settings';
import { DEFAULT_TAX_SETTINGS, getTaxSettings } from './tax-settings';

// The business's money settings: how prices carry consumption tax (key 'tax') and the details
// its documents print (key 'business': legal name, address, both also in English, phone, bank account, qualified-
// invoice registration number). Missing keys mean defaults; every change is audited.

export const DEFAULT_BUSINESS_SETTINGS: BusinessSettingsOut = {
  legalName: '',
  address: '',
  nameEn: '',
  addressEn: '',
  phone: '',
  bank: {
    bankName: '',
    branchName: '',
    accountType: 'ordinary',
    accountNumber: '',
    accountHolder: '',
  },
  registrationNumber: '',
};

export function getBusinessSettings(db: Db): BusinessSettingsOut {
  const row = db
    .select({ value: setting.value })
    .from(setting)
    .where(eq(setting.key, 'business'))
    .get();
  const value = (row?.value ?? {}) as Partial<BusinessSettingsOut>;
  const bank = { ...DEFAULT_BUSINESS_SETTINGS.bank, ...(value.bank ?? {}) };
  return {
    ...DEFAULT_BUSINESS_SETTINGS,
    ...value,
    bank: { ...bank, accountType: accountTypeOf(bank.accountType) },
  };
}

/**
 * A stored account type as one the settings accept. A value written by hand or by a script in
 * Japanese (普通, 当座, 貯蓄) is read as its type; anything else as ordinary, rather than
 * failing the whole settings screen.
 */
function accountTypeOf(stored: unknown): BankAccountType {
  if ((BANK_ACCOUNT_TYPES as readonly unknown[]).includes(stored)) return stored as BankAccountType;
  return stored === '当座' ? 'current' : stored === '貯蓄' ? 'savings' : 'ordinary';
}

export function updateBusinessSettings(
  db: Db,
  actor: Actor,
  input: BusinessSettingsOut,
): BusinessSettingsOut {
  return write(db, () => {
    const before = getBusinessSettings(db);
    putSetting(db, actor, 'business', before, input);
    return getBusinessSettings(db);
  });
}

/** Changes how prices carry tax: orders placed from now on follow it, placed ones keep theirs. */
export function updateTaxSettings(db: Db, actor: Actor, input: TaxSettingsOut): TaxSettingsOut {
  return write(db, () => {
    const before = getTaxSettings(db);
    const next = { ...DEFAULT_TAX_SETTINGS, basis: input.basis, rounding: input.rounding };
    putSetting(db, actor, 'tax', before, next);
    return getTaxSettings(db);
  });
}
