import type { HistoryEntryOut } from '../../shared/schemas/invoices';
import type { Db } from '../platform/db';
import { notFound } from '../platform/errors';
import { prepared } from '../platform/prepared';
import type { Scope } from '../platform/scope';
import { findInvoiceRow } from './invoice-reads';

// An invoice's history: its audit trail with its payments' and notes', read by the office (and
// by the driver it is assigned to) from the invoice screen.

interface AuditRow {
  id: string;
  entity: string;
  entityId: string;
  action: string;
  actorName: string;
  before: string | null;
  after: string | null;
  createdAt: string;
}

/**
 * Every change to the invoice and to its payments and notes, oldest first. The office reads it
 * after the invoice is deleted too (ADR 023): the trail never depends on the live record. A
 * driver reads only the history of an invoice assigned to them now.
 */
export function invoiceHistory(db: Db, id: string, scope: Scope): HistoryEntryOut[] {
  if (scope.kind !== 'all' && !findInvoiceRow(db, id, scope)) throw notFound('invoice.notFound');
  const rows = prepared(db, 'invoices.history', () =>
    db.$client.prepare<{ id: string }, AuditRow>(
      `SELECT id, entity, entity_id AS entityId, action, actor_name AS actorName, before, after,
              created_at AS createdAt
         FROM audit_entry
        WHERE (entity = 'invoice' AND entity_id = @id) OR parent_id = @id
        ORDER BY created_at, id`,
    ),
  ).all({ id });
  if (rows.length === 0 && !findInvoiceRow(db, id, scope)) throw notFound('invoice.notFound');
  return rows.map((r) => ({
    _id: r.id,
    entity: r.entity,
    entityId: r.entityId,
    action: r.action,
    actorName: r.actorName,
    before: r.before ? (JSON.parse(r.before) as Record<string, unknown>) : null,
    after: r.after ? (JSON.parse(r.after) as Record<string, unknown>) : null,
    createdAt: r.createdAt,
  }));
}
