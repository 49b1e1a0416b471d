import { and, desc, eq } from 'drizzle-orm';
import { informationItem } from '../../drizzle/schema';
import type { InformationType } from '../../shared/enums';
import type { InformationOut } from '../../shared/schemas/information';
import { type Actor, recordAudit } from '../platform/audit';
import { type Db, write } from '../platform/db';
import { notFound } from '../platform/errors';
import { newId } from '../platform/ids';

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

// --- The office's side: every item, created, changed and deleted ------------------------------

function trail(r: Row) {
  return { name: r.name, image: r.image, type: r.type, active: r.active };
}

export function listInformation(db: Db, type?: InformationType): InformationOut[] {
  return db
    .select()
    .from(informationItem)
    .where(type ? eq(informationItem.type, type) : undefined)
    .orderBy(desc(informationItem.createdAt))
    .all()
    .map(out);
}

function itemById(db: Db, id: string): Row {
  const row = db.select().from(informationItem).where(eq(informationItem.id, id)).get();
  if (!row) throw notFound('information.notFound');
  return row;
}

export function createInformation(
  db: Db,
  actor: Actor,
  input: { name: string; image: string; type: InformationType; active: boolean },
): InformationOut {
  return write(db, () => {
    const id = newId();
    db.insert(informationItem)
      .values({ id, ...input })
      .run();
    const row = itemById(db, id);
    recordAudit(db, actor, {
      entity: 'information',
      entityId: id,
      action: 'create',
      before: null,
      after: trail(row),
    });
    return out(row);
  });
}

export function updateInformation(
  db: Db,
  actor: Actor,
  input: {
    id: string;
    name?: string;
    image?: string;
    type?: InformationType;
    active?: boolean;
  },
): InformationOut {
  return write(db, () => {
    const before = itemById(db, input.id);
    const { id, ...changes } = input;
    db.update(informationItem).set(changes).where(eq(informationItem.id, id)).run();
    const after = itemById(db, id);
    recordAudit(db, actor, {
      entity: 'information',
      entityId: id,
      action: 'update',
      before: trail(before),
      after: trail(after),
    });
    return out(after);
  });
}

export function deleteInformation(db: Db, actor: Actor, id: string): { message: string } {
  return write(db, () => {
    const before = itemById(db, id);
    db.delete(informationItem).where(eq(informationItem.id, id)).run();
    recordAudit(db, actor, {
      entity: 'information',
      entityId: id,
      action: 'delete',
      before: trail(before),
      after: null,
    });
    return { message: 'Information deleted' };
  });
}
