import { SETUP_STEPS, type SetupChecklistOut, type SetupStep } from '../../shared/schemas/setup';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';
import { getBusinessSettings } from './business-settings';

// The office's first-day checklist (ADR 057), computed from the data on every read: no table
// remembers a step, so a step is done exactly when what it asks for exists (and undone again
// when it is removed). A handful of COUNTs over small tables.

/** Steps the business can work without: documents can be printed and handed over. */
const OPTIONAL: ReadonlySet<SetupStep> = new Set(['mail']);

const filled = (...values: string[]) => values.every((v) => v.trim() !== '');

export function setupChecklist(db: Db, config: Pick<Config, 'mail'>): SetupChecklistOut {
  const sqlite = db.$client;
  const one = (sql: string) => (sqlite.prepare(sql).pluck().get() as number | undefined) ?? 0;
  const business = getBusinessSettings(db);
  const bank = business.bank;
  // The tax basis and rounding have defaults that may well be right: the step is done once the
  // office has saved them, or saved the business details on the same screen below them.
  const settingsSaved = one(`SELECT COUNT(*) FROM setting WHERE key IN ('tax', 'business')`) > 0;
  const products = sqlite
    .prepare<[], { total: number; orderable: number | null }>(
      `SELECT COUNT(*) AS total,
              SUM(CASE WHEN item_count <> 'Count' OR stock_in_count > 0 THEN 1 ELSE 0 END) AS orderable
         FROM product`,
    )
    .get() ?? { total: 0, orderable: 0 };
  const orderable = products.orderable ?? 0;

  const done: Record<SetupStep, boolean> = {
    business: filled(business.legalName, business.address, business.phone),
    registrationNumber: filled(business.registrationNumber),
    bankAccount: filled(bank.bankName, bank.branchName, bank.accountNumber, bank.accountHolder),
    tax: settingsSaved,
    category: one('SELECT COUNT(*) FROM category') > 0,
    // A product no customer can order (counted, with no stock) does not open the shop.
    product: orderable > 0,
    route: one('SELECT COUNT(*) FROM route') > 0,
    driver: one(`SELECT COUNT(*) FROM account WHERE kind = 'employee' AND role = 'driver'`) > 0,
    customerLogin: one('SELECT COUNT(*) FROM customer WHERE account_id IS NOT NULL') > 0,
    mail: config.mail !== null,
  };
  const steps = SETUP_STEPS.map((key) => ({
    key,
    done: done[key],
    optional: OPTIONAL.has(key),
  }));
  return {
    steps,
    products: { total: products.total, orderable },
    complete: steps.every((s) => s.done || s.optional),
  };
}
