import { eq, sql } from 'drizzle-orm';
import { setting } from '../../drizzle/schema';
import {
  DEFAULT_DELIVERY_SETTINGS,
  type DeliverySettings,
  earliestDeliveryDate,
} from '../../shared/delivery-dates';
import { isoDateInZone, timeInZone } from '../../shared/format';
import { DEFAULT_PAYMENT_BACKDATE_DAYS, type MoneySettings } from '../../shared/schemas/invoices';
import type { DeliveryCalendar } from '../../shared/schemas/settings';
import { fieldConflict } from '../accounts/usernames';
import { type Actor, recordAudit } from '../platform/audit';
import { type Db, write } from '../platform/db';
import { prepared } from '../platform/prepared';

// The business's settings, one JSON value per key in `setting`. Missing keys mean defaults.

export function getDeliverySettings(db: Db): DeliverySettings {
  // Prepared once: every placement checks its date against these (building the query each
  // time cost ~0.6 ms of a placement's CPU, profiled).
  const row = prepared(db, 'settings.byKey', () =>
    db
      .select()
      .from(setting)
      .where(eq(setting.key, sql.placeholder('key')))
      .prepare(),
  ).get({ key: 'delivery' });
  const value = (row?.value ?? {}) as Partial<DeliverySettings>;
  return { ...DEFAULT_DELIVERY_SETTINGS, ...value };
}

/** What the date picker needs, computed by the server's clock in the business's zone. */
export function deliveryCalendar(db: Db, timeZone: string, now = new Date()): DeliveryCalendar {
  const s = getDeliverySettings(db);
  const today = isoDateInZone(now, timeZone);
  return {
    timeZone,
    today,
    earliest: earliestDeliveryDate(today, timeInZone(now, timeZone), s),
    cutoff: s.cutoff,
    holidays: [...s.holidays].sort(),
  };
}

/** The office's Settings screen: the cut-off and the holidays, changed with an audit entry. */
export function updateDeliverySettings(
  db: Db,
  actor: Actor,
  input: DeliverySettings & { seen?: DeliverySettings | undefined },
): DeliverySettings {
  return write(db, () => {
    const now = getDeliverySettings(db);
    const next: DeliverySettings = {
      cutoff: input.cutoff,
      holidays: [...new Set(input.holidays)].sort(),
    };
    // Two screens open at once (ADR 109): this one's changes go onto what is stored now, so
    // the holidays another person added or removed meanwhile stay so.
    const { seen } = input;
    if (seen) {
      if (next.cutoff === seen.cutoff) next.cutoff = now.cutoff;
      else if (now.cutoff !== seen.cutoff && now.cutoff !== next.cutoff) {
        throw fieldConflict('cutoff', 'settings.cutoffChangedMeanwhile', { now: now.cutoff });
      }
      const added = next.holidays.filter((d) => !seen.holidays.includes(d));
      const removed = new Set(seen.holidays.filter((d) => !next.holidays.includes(d)));
      next.holidays = [...new Set([...now.holidays, ...added])]
        .filter((d) => !removed.has(d))
        .sort();
    }
    putSetting(db, actor, 'delivery', now, next);
    return next;
  });
}

// --- Money (ADR 023) ----------------------------------------------------------------------------

export function getMoneySettings(db: Db): MoneySettings {
  const row = prepared(db, 'settings.byKey', () =>
    db
      .select()
      .from(setting)
      .where(eq(setting.key, sql.placeholder('key')))
      .prepare(),
  ).get({ key: 'money' });
  const value = (row?.value ?? {}) as Partial<MoneySettings>;
  return { paymentBackdateDays: DEFAULT_PAYMENT_BACKDATE_DAYS, ...value };
}

/** How far back the office may date a payment, changed with an audit entry. */
export function updateMoneySettings(db: Db, actor: Actor, input: MoneySettings): MoneySettings {
  const next: MoneySettings = { paymentBackdateDays: input.paymentBackdateDays };
  saveSetting(db, actor, 'money', () => getMoneySettings(db), next);
  return next;
}

/** Inside a write(): stores a settings group under `key` and records who changed it from what. */
export function putSetting(db: Db, actor: Actor, key: string, before: object, next: object): void {
  const now = new Date().toISOString();
  db.insert(setting)
    .values({ key, value: next, updatedBy: actor.id, updatedAt: now })
    .onConflictDoUpdate({
      target: setting.key,
      set: { value: next, updatedBy: actor.id, updatedAt: now },
    })
    .run();
  recordAudit(db, actor, {
    entity: 'setting',
    entityId: key,
    action: 'update',
    before: { ...before },
    after: { ...next },
  });
}

/** One write(): putSetting, with the value before read in the same transaction. */
export function saveSetting<T extends object>(
  db: Db,
  actor: Actor,
  key: string,
  read: () => T,
  next: T,
): void {
  write(db, () => putSetting(db, actor, key, read(), next));
}
