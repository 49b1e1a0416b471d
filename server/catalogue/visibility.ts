import type { Db } from '../platform/db';
import { prepared } from '../platform/prepared';

// Products hidden from chosen customers or price lists (ADR 035): absent from that customer's
// catalogue (and so from its search, category and Thai pages, order sheet and wishlist), and
// refused at placement with `terms.productHidden`.

function prepare(db: Db) {
  return {
    all: db.$client
      .prepare<[{ customer: string; list: string | null }], string>(
        `SELECT product_id FROM hidden_for_customer WHERE customer_id = @customer
         UNION SELECT product_id FROM hidden_for_list WHERE price_list_id = @list`,
      )
      .pluck(),
    ownCount: db.$client
      .prepare<[string], number>('SELECT COUNT(*) FROM hidden_for_customer WHERE customer_id = ?')
      .pluck(),
  };
}

function stmts(db: Db) {
  return prepared(db, 'catalogue.visibility', () => prepare(db));
}

/** The products a customer (on `priceListId`, or the standard prices) must not see. */
export function hiddenProductIds(
  db: Db,
  customerId: string,
  priceListId: string | null,
): Set<string> {
  return new Set(stmts(db).all.all({ customer: customerId, list: priceListId }));
}

/** How many products are hidden from this customer alone (not through its list). */
export function ownHiddenCount(db: Db, customerId: string): number {
  return stmts(db).ownCount.get(customerId) ?? 0;
}
