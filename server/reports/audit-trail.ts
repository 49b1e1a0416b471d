import { and, desc, eq } from 'drizzle-orm';
import { auditEntry } from '../../drizzle/schema';
import type { AuditEntryOut } from '../../shared/schemas/office';
import type { Db } from '../platform/db';

/** The trail of one record, newest first (a customer's History view, "last changed by"). */
export function auditHistory(
  db: Db,
  entity: string,
  entityId: string,
  limit = 200,
): AuditEntryOut[] {
  return db
    .select()
    .from(auditEntry)
    .where(and(eq(auditEntry.entity, entity), eq(auditEntry.entityId, entityId)))
    .orderBy(desc(auditEntry.createdAt), desc(auditEntry.id))
    .limit(limit)
    .all()
    .map((e) => ({
      _id: e.id,
      action: e.action,
      actorName: e.actorName,
      at: e.createdAt,
      before: e.before ?? null,
      after: e.after ?? null,
    }));
}
