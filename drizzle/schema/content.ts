import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { INFORMATION_TYPES } from '../../shared/enums';
import { account } from './accounts';
import { createdAt } from './columns';

/** Slider and popup content shown to customers. */
export const informationItem = sqliteTable(
  'information_item',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    image: text('image').notNull(),
    type: text('type', { enum: INFORMATION_TYPES }).notNull(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('information_item_type_idx').on(t.type, t.active)],
);

/** Files the server accepted; only these names may be deleted through the API. */
export const uploadedFile = sqliteTable('uploaded_file', {
  name: text('name').primaryKey(),
  sizeBytes: integer('size_bytes').notNull(),
  contentType: text('content_type').notNull(),
  uploadedBy: text('uploaded_by').references(() => account.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
