-- The dues of a customer (invoices not cancelled, not fully paid) from the index alone, as
-- before cancellation added cancelled_at to the sum (docs/performance.md, Round 8).
DROP INDEX `invoice_customer_id_idx`;--> statement-breakpoint
CREATE INDEX `invoice_customer_id_idx` ON `invoice` (`customer_id`,`paid_amount`,`amount`,`cancelled_at`);