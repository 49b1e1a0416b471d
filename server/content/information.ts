import { and, desc, eq, gte, isNull, lte, or, type SQL } from 'drizzle-orm';
import { category, informationItem, product } from '../../drizzle/schema';
import type { InformationType } from '../../shared/enums';
import type { InformationOut } from '../../shared/schemas/information';
import { type Actor, recordAudit } from '../platform/audit';
import { type Db, write } from '../platform/db';
import { badRequest, notFound } from '../platform/errors';
import { newId } from '../platform/ids';

type Row = typeof informationItem.$inferSelect;
const out = (r: Row): InformationOut => ({
  _id: r.id,
  name: r.name,
  image: r.image,
  type: r.type,
  active: r.active,
  productId: r.productId,
  categoryId: r.categoryId,
  startsOn: r.startsOn,
  endsOn: r.endsOn,
});

/**
 * What customers see: active items whose days include `today` (the business day, YYYY-MM-DD
 * in the business's time zone), newest first. The server decides, not the phone's clock.
 */
export function listActiveInformation(
  db: Db,
  today: string,
  type?: InformationType,
): InformationOut[] {
  const conditions: SQL[] = [
    eq(informationItem.active, true),
    or(isNull(informationItem.startsOn), lte(informationItem.startsOn, today)) as SQL,
    or(isNull(informationItem.endsOn), gte(informationItem.endsOn, today)) as SQL,
  ];
  if (type) conditions.push(eq(informationItem.type, type));
  return db
    .select()
    .from(informationItem)
    .where(and(...conditions))
    .orderBy(desc(informationItem.createdAt))
    .all()
    .map(out);
}

/** The newest popup shown today, or null when none is. */
export function activePopup(db: Db, today: string): InformationOut | null {
  return listActiveInformation(db, today, 'popup')[0] ?? null;
}

// --- The office's side: every item, created, changed and deleted ------------------------------

function trail(r: Row) {
  return {
    name: r.name,
    image: r.image,
    type: r.type,
    active: r.active,
    productId: r.productId,
    categoryId: r.categoryId,
    startsOn: r.startsOn,
    endsOn: r.endsOn,
  };
}

interface LinkAndDays {
  productId?: string | null;
  categoryId?: string | null;
  startsOn?: string | null;
  endsOn?: string | null;
}

/**
 * The item's link and days as they will be stored (a change merged over `before`): one link
 * at most, to a product or category that exists; the end not before the start. The input
 * schema checks what one request carries; this checks the stored result.
 */
function checkLinkAndDays(db: Db, next: Required<LinkAndDays>): void {
  if (next.productId && next.categoryId) throw badRequest('information.oneLink');
  if (next.startsOn && next.endsOn && next.endsOn < next.startsOn) {
    throw badRequest('information.endBeforeStart');
  }
  if (
    next.productId &&
    !db.select({ id: product.id }).from(product).where(eq(product.id, next.productId)).get()
  ) {
    throw badRequest('information.linkNotFound');
  }
  if (
    next.categoryId &&
    !db.select({ id: category.id }).from(category).where(eq(category.id, next.categoryId)).get()
  ) {
    throw badRequest('information.linkNotFound');
  }
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
  input: { name: string; image: string; type: InformationType; active: boolean } & LinkAndDays,
): InformationOut {
  return write(db, () => {
    const id = newId();
    const linkAndDays = {
      productId: input.productId ?? null,
      categoryId: input.categoryId ?? null,
      startsOn: input.startsOn ?? null,
      endsOn: input.endsOn ?? null,
    };
    checkLinkAndDays(db, linkAndDays);
    db.insert(informationItem)
      .values({ id, ...input, ...linkAndDays })
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
  } & LinkAndDays,
): InformationOut {
  return write(db, () => {
    const before = itemById(db, input.id);
    const { id, ...changes } = input;
    checkLinkAndDays(db, {
      productId: changes.productId !== undefined ? changes.productId : before.productId,
      categoryId: changes.categoryId !== undefined ? changes.categoryId : before.categoryId,
      startsOn: changes.startsOn !== undefined ? changes.startsOn : before.startsOn,
      endsOn: changes.endsOn !== undefined ? changes.endsOn : before.endsOn,
    });
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
