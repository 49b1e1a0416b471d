import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { INFORMATION_TYPES } from '../../shared/enums';
import { account } from './accounts';
import { category, product } from './catalogue';
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
    /** Where a tap on it leads (ADR 045): one product, one category, or nowhere. */
    productId: text('product_id').references(() => product.id, { onDelete: 'set null' }),
    categoryId: text('category_id').references(() => category.id, { onDelete: 'set null' }),
    /** Shown to customers from this business day (YYYY-MM-DD, business time zone), if set. */
    startsOn: text('starts_on'),
    /** ... up to and including this day, if set. A CHECK written by hand in migration 0012
     * (ALTER TABLE ADD COLUMN) keeps it on or after `startsOn`: declared here it would make
     * drizzle-kit rebuild the table (ARCHITECTURE pitfall 7). */
    endsOn: text('ends_on'),
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
