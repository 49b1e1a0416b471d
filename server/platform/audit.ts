import { getTableName } from 'drizzle-orm';
import { auditEntry } from '../../drizzle/schema';
import type { AuthUser } from '../context';
import type { Db } from './db';
import { newId } from './ids';
import { prepared } from './prepared';

// The audit trail (DESIGN §6): every back-office create, update and delete, and every change to
// an invoice or a payment, records who, when, and the changed fields before and after. Call it
// inside the same write() as the change, so the trail and the change commit together.

export type AuditAction = 'create' | 'update' | 'delete';
type Fields = Record<string, unknown>;

/** Who is acting, as the trail keeps it. */
export interface Actor {
  id: string | null;
  name: string;
}

export function actorOf(user: AuthUser): Actor {
  return { id: user.account.id, name: user.account.username };
}

/** Never keep secrets in the trail: these fields are recorded as changed, never by value. */
const SECRET = new Set(['password', 'passwordHash']);

/** The fields whose values differ, as `{before, after}` holding only those fields. */
export function changedFields(
  before: Fields | null,
  after: Fields | null,
): { before: Fields | null; after: Fields | null } {
  if (!before || !after) {
    return { before: before && redact(before), after: after && redact(after) };
  }
  const b: Fields = {};
  const a: Fields = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === 'updatedAt' || key === 'createdAt') continue;
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    b[key] = SECRET.has(key) ? '(changed)' : before[key];
    a[key] = SECRET.has(key) ? '(changed)' : after[key];
  }
  return { before: b, after: a };
}

function redact(fields: Fields): Fields {
  const out: Fields = {};
  for (const [k, v] of Object.entries(fields)) if (!SECRET.has(k)) out[k] = v;
  return out;
}

/**
 * Records one change. `before` is null for a create, `after` null for a delete. An update that
 * changed nothing records nothing. `parentId` ties a child's entry (a payment) to its parent
 * (the invoice) so the parent's card can show the whole history.
 */
export function recordAudit(
  db: Db,
  actor: Actor,
  change: {
    entity: string;
    entityId: string;
    action: AuditAction;
    before: Fields | null;
    after: Fields | null;
    parentId?: string | null;
  },
): void {
  const diff = changedFields(change.before, change.after);
  if (change.action === 'update' && diff.after && Object.keys(diff.after).length === 0) return;
  // As drizzle writes a JSON column: NULL stays NULL, anything else its JSON text.
  const json = (v: Fields | null) => (v === null ? null : JSON.stringify(v));
  insertStatement(db).run(
    newId(),
    change.entity,
    change.entityId,
    change.action,
    actor.id,
    actor.name,
    json(diff.before),
    json(diff.after),
    change.parentId ?? null,
  );
}

// Prepared once per database: building the drizzle insert each time cost ~0.1 ms of every
// audited change (a dispatch records two). created_at keeps its SQL default, per row.
function insertStatement(db: Db) {
  return prepared(db, 'audit.insert', () =>
    db.$client.prepare(
      `INSERT INTO ${getTableName(auditEntry)}
         (id, entity, entity_id, action, actor_id, actor_name, before, after, parent_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
  );
}
