import { relations } from 'drizzle-orm';
import { blob, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { account } from './accounts';

/** Sessions after the Lucia guide: the token is `<id>.<secret>`; only SHA-256(secret) is kept. */
export const session = sqliteTable(
  'session',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    secretHash: blob('secret_hash', { mode: 'buffer' }).notNull(),
    /** Epoch milliseconds: compared arithmetically on every request. */
    createdAtMs: integer('created_at_ms').notNull(),
    lastVerifiedAtMs: integer('last_verified_at_ms').notNull(),
  },
  (t) => [index('session_account_id_idx').on(t.accountId)],
);

export const sessionRelations = relations(session, ({ one }) => ({
  account: one(account, { fields: [session.accountId], references: [account.id] }),
}));
