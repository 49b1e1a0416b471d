DROP INDEX `delivery_job_customer_id_idx`;--> statement-breakpoint
CREATE INDEX `delivery_job_customer_id_idx` ON `delivery_job` (`customer_id`,`delivered_at`);--> statement-breakpoint
DROP INDEX `invoice_customer_id_idx`;--> statement-breakpoint
CREATE INDEX `invoice_customer_id_idx` ON `invoice` (`customer_id`,`paid_amount`,`amount`);--> statement-breakpoint
CREATE INDEX `customer_order_customer_delivered_idx` ON `customer_order` (`customer_id`,`delivered_at`);