CREATE TABLE `counter` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `handover_correction` (
	`id` text PRIMARY KEY NOT NULL,
	`handover_id` text NOT NULL,
	`payment_id` text NOT NULL,
	`invoice_id` text,
	`restaurant_name` text,
	`before_amount` integer NOT NULL,
	`after_amount` integer NOT NULL,
	`reason` text NOT NULL,
	`corrected_by` text,
	`corrected_by_name` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`handover_id`) REFERENCES `cash_handover`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`corrected_by`) REFERENCES `account`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `handover_correction_handover_id_idx` ON `handover_correction` (`handover_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `invoice` ADD `deleted_customer_name` text;--> statement-breakpoint
ALTER TABLE `invoice` ADD `deleted_customer_code` text;--> statement-breakpoint
ALTER TABLE `invoice` ADD `deleted_payment_method` text;--> statement-breakpoint
ALTER TABLE `payment` ADD `taken_at` text;--> statement-breakpoint
CREATE INDEX `payment_collected_by_idx` ON `payment` (`collected_by`,`date`);--> statement-breakpoint
-- data migration
-- One job per order (ADR 023). Of an order's jobs the one kept is the first delivered, else the
-- first made; the other pending ones are deleted (they would send a driver to collect the order
-- twice); other delivered ones keep their history and let go of the order. Then the index.
-- (Run before `delivery_job_order_id_idx` is created: the index cannot be made over duplicates.)
DELETE FROM `delivery_job` WHERE `order_id` IS NOT NULL AND `is_delivered` = 0 AND `id` <> (SELECT j.`id` FROM `delivery_job` j WHERE j.`order_id` = `delivery_job`.`order_id` ORDER BY j.`is_delivered` DESC, j.`delivered_at`, j.`serial_no` LIMIT 1);--> statement-breakpoint
UPDATE `delivery_job` SET `order_id` = NULL WHERE `order_id` IS NOT NULL AND `id` <> (SELECT j.`id` FROM `delivery_job` j WHERE j.`order_id` = `delivery_job`.`order_id` ORDER BY j.`is_delivered` DESC, j.`delivered_at`, j.`serial_no` LIMIT 1);--> statement-breakpoint
CREATE UNIQUE INDEX `delivery_job_order_id_idx` ON `delivery_job` (`order_id`);--> statement-breakpoint
-- Order numbers go on from the highest ever given, deleted orders included (a database without
-- orders starts the counter with its first order).
INSERT INTO `counter` (`name`, `value`) SELECT 'order_number', MAX(COALESCE((SELECT MAX(`order_number`) FROM `customer_order`), 10000), COALESCE((SELECT MAX(CAST(json_extract(`before`, '$.orderNumber') AS INTEGER)) FROM `audit_entry` WHERE `entity` = 'customer_order' AND `action` = 'delete'), 10000)) WHERE EXISTS (SELECT 1 FROM `customer_order`) OR EXISTS (SELECT 1 FROM `audit_entry` WHERE `entity` = 'customer_order' AND `action` = 'delete');--> statement-breakpoint
-- Invoices whose customer was deleted before this version: the customer's name, code and
-- payment method as the trail recorded them at its deletion (NULL when the trail has none).
UPDATE `invoice` SET `deleted_customer_name` = (SELECT json_extract(d.`before`, '$.restaurantName') FROM `audit_entry` d WHERE d.`entity` = 'customer' AND d.`action` = 'delete' AND d.`entity_id` = (SELECT json_extract(a.`after`, '$.customerId') FROM `audit_entry` a WHERE a.`entity` = 'invoice' AND a.`entity_id` = `invoice`.`id` AND a.`after` IS NOT NULL ORDER BY a.`created_at` DESC, a.`id` DESC LIMIT 1) ORDER BY d.`created_at` DESC LIMIT 1), `deleted_customer_code` = (SELECT json_extract(d.`before`, '$.customerCode') FROM `audit_entry` d WHERE d.`entity` = 'customer' AND d.`action` = 'delete' AND d.`entity_id` = (SELECT json_extract(a.`after`, '$.customerId') FROM `audit_entry` a WHERE a.`entity` = 'invoice' AND a.`entity_id` = `invoice`.`id` AND a.`after` IS NOT NULL ORDER BY a.`created_at` DESC, a.`id` DESC LIMIT 1) ORDER BY d.`created_at` DESC LIMIT 1), `deleted_payment_method` = (SELECT json_extract(d.`before`, '$.paymentMethod') FROM `audit_entry` d WHERE d.`entity` = 'customer' AND d.`action` = 'delete' AND d.`entity_id` = (SELECT json_extract(a.`after`, '$.customerId') FROM `audit_entry` a WHERE a.`entity` = 'invoice' AND a.`entity_id` = `invoice`.`id` AND a.`after` IS NOT NULL ORDER BY a.`created_at` DESC, a.`id` DESC LIMIT 1) ORDER BY d.`created_at` DESC LIMIT 1) WHERE `customer_id` IS NULL;
