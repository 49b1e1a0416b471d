import { and, desc, eq } from 'drizzle-orm';
import { informationItem } from '../../drizzle/schema';
import type { InformationType } from '../../shared/enums';
import type { InformationOut } from '../../shared/schemas/information';
import type { Db } from '../db';

type Row = typeof informationItem.$inferSelect;
const out = (r: Row): InformationOut => ({
  _id: r.id,
  name: r.name,
  image: r.image,
  type: r.type,
  active: r.active,
});

export function listActiveInformation(db: Db, type?: InformationType): InformationOut[] {
  const where = type
    ? and(eq(informationItem.active, true), eq(informationItem.type, type))
    : eq(informationItem.active, true);
  return db
    .select()
    .from(informationItem)
    .where(where)
    .orderBy(desc(informationItem.createdAt))
    .all()
    .map(out);
}

/** The newest active popup, or null when none is active. */
export function activePopup(db: Db): InformationOut | null {
  return listActiveInformation(db, 'popup')[0] ?? null;
}
