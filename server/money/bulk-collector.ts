import type { z } from 'zod';
import type { assignCollectorManyInput, BulkOut } from '../../shared/schemas/office-lists';
import { type Actor, recordAudit } from '../platform/audit';
import { applyToEach } from '../platform/bulk';
import type { Db } from '../platform/db';
import { badRequest, conflict, notFound } from '../platform/errors';

interface Row {
  number: string | null;
  paidAmount: number;
  amount: number;
  cancelledAt: string | null;
  assignToCollect: string | null;
}

/**
 * Gives the selected invoices to one collector (the invoices list's bulk action, ADR 044): the
 * collector must be an employee, as in the invoice form; a cancelled or fully paid invoice has
 * nothing to collect and is reported, the others change in the same transaction.
 */
export function assignCollectorMany(
  db: Db,
  actor: Actor,
  input: z.output<typeof assignCollectorManyInput>,
): BulkOut {
  const read = (id: string) =>
    db.$client
      .prepare<[string], Row>(
        `SELECT number, paid_amount AS paidAmount, amount, cancelled_at AS cancelledAt,
            assign_to_collect AS assignToCollect FROM invoice WHERE id = ?`,
      )
      .get(id);
  return applyToEach(
    db,
    input.ids,
    (id) => {
      const before = read(id);
      if (!before) throw notFound('invoice.notFound');
      if (before.cancelledAt) throw conflict('invoice.alreadyCancelled');
      if (before.paidAmount >= before.amount) throw conflict('invoice.nothingDue');
      if (before.assignToCollect === input.collector) return;
      db.$client
        .prepare('UPDATE invoice SET assign_to_collect = ? WHERE id = ?')
        .run(input.collector, id);
      recordAudit(db, actor, {
        entity: 'invoice',
        entityId: id,
        action: 'update',
        before: { assignToCollect: before.assignToCollect },
        after: { assignToCollect: input.collector },
      });
    },
    (id) => read(id)?.number ?? id,
    () => {
      const emp = db.$client
        .prepare("SELECT 1 FROM account WHERE id = ? AND kind = 'employee'")
        .get(input.collector);
      if (!emp) throw badRequest('invoice.collectorNotEmployee');
    },
  );
}
