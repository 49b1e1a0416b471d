import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { account, customer, customerPerson } from '../../drizzle/schema';
import type { PersonOut, personInput } from '../../shared/schemas/people';
import { hashPassword } from '../accounts/passwords';
import { invalidateAccountSessions } from '../accounts/sessions';
import { assertUsernameFree } from '../accounts/usernames';
import type { AuthUser } from '../context';
import { type Actor, recordAudit } from '../platform/audit';
import { type Db, write } from '../platform/db';
import { AppError, notFound } from '../platform/errors';
import { newId, nowIso } from '../platform/ids';

// A restaurant's people (ADR 036). The owner is the customer's own login; the others are
// `customer_person` rows, each an account of kind 'customer' whose session resolves to the
// same customer record (server/context.ts). Removing a person deletes their account: their
// sessions end at once and their next request answers 401. Orders they placed keep their
// name (customer_order.placed_by_name).

/** The restaurant's owner manages its people; its other people may not (403). */
export function assertOwner(user: AuthUser): string {
  const c = user.customer;
  if (!c || c.accountId !== user.account.id) throw new AppError('FORBIDDEN', 'people.ownerOnly');
  return c.id;
}

function assertCustomer(db: Db, customerId: string) {
  const c = db.select().from(customer).where(eq(customer.id, customerId)).get();
  if (!c) throw notFound('customer.notFound');
  return c;
}

export function listPeople(db: Db, customerId: string): PersonOut[] {
  const c = assertCustomer(db, customerId);
  const out: PersonOut[] = [];
  if (c.accountId) {
    const o = db.select().from(account).where(eq(account.id, c.accountId)).get();
    if (o) {
      out.push({
        _id: o.id,
        username: o.username,
        name: c.contactPerson || o.name || c.restaurantName,
        title: 'owner',
        owner: true,
        createdAt: o.createdAt,
      });
    }
  }
  const rows = db
    .select({ a: account, p: customerPerson })
    .from(customerPerson)
    .innerJoin(account, eq(account.id, customerPerson.accountId))
    .where(eq(customerPerson.customerId, customerId))
    .orderBy(asc(customerPerson.createdAt), asc(account.username))
    .all();
  for (const { a, p } of rows) {
    out.push({
      _id: a.id,
      username: a.username,
      name: a.name,
      title: p.title,
      owner: false,
      createdAt: p.createdAt,
    });
  }
  return out;
}

export async function addPerson(
  db: Db,
  actor: Actor,
  customerId: string,
  input: z.output<typeof personInput>,
): Promise<PersonOut[]> {
  assertCustomer(db, customerId);
  assertUsernameFree(db, input.username, 'people.usernameTaken');
  // Hashed before the transaction: nothing may be awaited inside it.
  const hash = await hashPassword(input.password);
  write(db, () => {
    assertCustomer(db, customerId);
    assertUsernameFree(db, input.username, 'people.usernameTaken');
    const id = newId();
    db.insert(account)
      .values({
        id,
        username: input.username,
        passwordHash: hash,
        kind: 'customer',
        name: input.name,
      })
      .run();
    db.insert(customerPerson)
      .values({ accountId: id, customerId, title: input.title, createdAt: nowIso() })
      .run();
    recordAudit(db, actor, {
      entity: 'customer_person',
      entityId: id,
      action: 'create',
      before: null,
      after: { customerId, username: input.username, name: input.name, title: input.title },
      parentId: customerId,
    });
  });
  return listPeople(db, customerId);
}

/** One of the restaurant's people (never its owner): another restaurant's answers 404. */
function personOf(db: Db, customerId: string, accountId: string) {
  const row = db
    .select({ a: account, p: customerPerson })
    .from(customerPerson)
    .innerJoin(account, eq(account.id, customerPerson.accountId))
    .where(and(eq(customerPerson.customerId, customerId), eq(customerPerson.accountId, accountId)))
    .get();
  if (!row) throw notFound('people.notFound');
  return row;
}

/** Removes a person: their login is deleted and every session of theirs ends now. */
export function removePerson(
  db: Db,
  actor: Actor,
  customerId: string,
  accountId: string,
): PersonOut[] {
  write(db, () => removeInside(db, actor, customerId, accountId));
  return listPeople(db, customerId);
}

function removeInside(db: Db, actor: Actor, customerId: string, accountId: string): void {
  const { a, p } = personOf(db, customerId, accountId);
  invalidateAccountSessions(db, a.id);
  db.delete(account).where(eq(account.id, a.id)).run();
  recordAudit(db, actor, {
    entity: 'customer_person',
    entityId: a.id,
    action: 'delete',
    before: { customerId, username: a.username, name: a.name, title: p.title },
    after: null,
    parentId: customerId,
  });
}

/** Inside a write(), before the customer is deleted: its people's logins go with it. */
export function removeAllPeople(db: Db, actor: Actor, customerId: string): void {
  const ids = db
    .select({ id: customerPerson.accountId })
    .from(customerPerson)
    .where(eq(customerPerson.customerId, customerId))
    .all();
  for (const { id } of ids) removeInside(db, actor, customerId, id);
}

/** A new password for a person, set by the owner or the office; their sessions end. */
export async function resetPersonPassword(
  db: Db,
  actor: Actor,
  customerId: string,
  input: { id: string; newPassword: string },
): Promise<PersonOut[]> {
  personOf(db, customerId, input.id);
  const hash = await hashPassword(input.newPassword);
  write(db, () => {
    personOf(db, customerId, input.id);
    db.update(account)
      .set({ passwordHash: hash, updatedAt: nowIso() })
      .where(eq(account.id, input.id))
      .run();
    invalidateAccountSessions(db, input.id);
    recordAudit(db, actor, {
      entity: 'customer_person',
      entityId: input.id,
      action: 'update',
      before: { password: '' },
      after: { password: 'x' },
      parentId: customerId,
    });
  });
  return listPeople(db, customerId);
}
