import { eq } from 'drizzle-orm';
import { setting } from '../../drizzle/schema';
import {
  DEFAULT_DELIVERY_SETTINGS,
  type DeliverySettings,
  earliestDeliveryDate,
} from '../../shared/delivery-dates';
import { isoDateInZone, timeInZone } from '../../shared/format';
import type { DeliveryCalendar } from '../../shared/schemas/settings';
import type { Db } from '../db';

// The business's settings, one JSON value per key in `setting`. Missing keys mean defaults.

export function getDeliverySettings(db: Db): DeliverySettings {
  const row = db.select().from(setting).where(eq(setting.key, 'delivery')).get();
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
