import type { BulkOut } from '../../shared/schemas/office-lists';
import { type Db, write } from './db';
import { AppError } from './errors';

/**
 * A bulk action (ADR 044): one write() transaction over every selected item, each item applied
 * by the same function the single action uses, inside its own savepoint. An item refused by a
 * rule (an AppError: on hold, already dispatched, not found ...) is rolled back to its
 * savepoint and reported with its code; the others commit together. Any other failure rolls
 * the whole action back.
 */
export function applyToEach(
  db: Db,
  ids: readonly string[],
  apply: (id: string) => void,
  labelOf: (id: string) => string,
  before?: () => void,
): BulkOut {
  const unique = [...new Set(ids)];
  return write(db, () => {
    before?.();
    const out: BulkOut = { done: [], failed: [] };
    for (const id of unique) {
      db.$client.exec('SAVEPOINT bulk_item');
      try {
        apply(id);
        db.$client.exec('RELEASE bulk_item');
        out.done.push(id);
      } catch (error) {
        db.$client.exec('ROLLBACK TO bulk_item');
        db.$client.exec('RELEASE bulk_item');
        if (!(error instanceof AppError)) throw error;
        out.failed.push({
          id,
          label: labelOf(id),
          code: error.appCode,
          ...(error.params ? { params: error.params } : {}),
        });
      }
    }
    return out;
  });
}
