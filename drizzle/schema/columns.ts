import { sql } from 'drizzle-orm';
import { text } from 'drizzle-orm/sqlite-core';

// One timestamp convention: ISO 8601 UTC text ("2026-11-22T09:30:00.000Z"), which sorts as it reads.
// Calendar dates (delivery, due, payment) are separate `YYYY-MM-DD` text columns.
export const createdAt = () =>
  text('created_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);

export const updatedAt = () =>
  text('updated_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);
