import { relations } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { account, customer } from './accounts';
import { createdAt } from './columns';
import { customerOrder } from './orders';

/** A delivery job ("ordertrack"): staff assign a customer's delivery to a driver. */
export const deliveryJob = sqliteTable(
  'delivery_job',
  {
    id: text('id').primaryKey(),
    /** Assigned by the server, increasing. */
    serialNo: integer('serial_no').notNull().unique(),
    customerId: text('customer_id').references(() => customer.id, { onDelete: 'set null' }),
    /** Snapshot for the 'Deleted Restaurant' fallback and search. */
    restaurantName: text('restaurant_name').notNull(),
    orderId: text('order_id').references(() => customerOrder.id, { onDelete: 'set null' }),
    preparedBy: text('prepared_by').references(() => account.id, { onDelete: 'set null' }),
    deliveredBy: text('delivered_by').references(() => account.id, { onDelete: 'set null' }),
    isDelivered: integer('is_delivered', { mode: 'boolean' }).notNull().default(false),
    /** When the driver tapped 'Mark As Delivered' (kept from the phone, even if sent later). */
    deliveredAt: text('delivered_at'),
    /** Optional proof of delivery: who received it, and a photo (an uploaded file's name). */
    recipientName: text('recipient_name'),
    proofImage: text('proof_image'),
    createdAt: createdAt(),
  },
  (t) => [
    index('delivery_job_delivered_by_idx').on(t.deliveredBy, t.isDelivered),
    index('delivery_job_is_delivered_idx').on(t.isDelivered, t.deliveredAt),
    // Also serves a customer's last delivery (MAX over the index, the office's customer list).
    index('delivery_job_customer_id_idx').on(t.customerId, t.deliveredAt),
    // A customer's phoned-in deliveries (no order) since a day: "no order in 30 days" asks it
    // for every customer on the dashboard. Without it SQLite reads every phoned-in job ever
    // made once per customer (through order_id IS NULL), a read that grows with the years.
    index('delivery_job_customer_created_idx').on(t.customerId, t.orderId, t.createdAt),
    // One order, one job (ADR 023); jobs without an order (NULL) are not limited.
    uniqueIndex('delivery_job_order_id_idx').on(t.orderId),
  ],
);

export const deliveryJobRelations = relations(deliveryJob, ({ one }) => ({
  customer: one(customer, { fields: [deliveryJob.customerId], references: [customer.id] }),
}));
