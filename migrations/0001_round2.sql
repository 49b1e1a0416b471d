CREATE TABLE `audit_entry` (
	`id` text PRIMARY KEY NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text NOT NULL,
	`action` text NOT NULL,
	`actor_id` text,
	`actor_name` text NOT NULL,
	`before` text,
	`after` text,
	`parent_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `account`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_entry_entity_idx` ON `audit_entry` (`entity`,`entity_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_entry_parent_id_idx` ON `audit_entry` (`parent_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `cash_handover` (
	`id` text PRIMARY KEY NOT NULL,
	`driver_id` text,
	`driver_name` text NOT NULL,
	`date` text NOT NULL,
	`collected` integer NOT NULL,
	`handed_over` integer NOT NULL,
	`confirmed` integer,
	`confirmed_by` text,
	`confirmed_at` text,
	`note` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`driver_id`) REFERENCES `account`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`confirmed_by`) REFERENCES `account`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "cash_handover_amounts_check" CHECK("cash_handover"."collected" >= 0 AND "cash_handover"."handed_over" >= 0)
);
--> statement-breakpoint
CREATE INDEX `cash_handover_driver_id_idx` ON `cash_handover` (`driver_id`,`date`);--> statement-breakpoint
CREATE INDEX `cash_handover_date_idx` ON `cash_handover` (`date`);--> statement-breakpoint
CREATE TABLE `login_failure` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bucket` text NOT NULL,
	`at_ms` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_failure_bucket_idx` ON `login_failure` (`bucket`,`at_ms`);--> statement-breakpoint
CREATE TABLE `setting` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_by` text,
	`updated_at` text,
	FOREIGN KEY (`updated_by`) REFERENCES `account`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_idempotency_key` (
	`account_id` text NOT NULL,
	`procedure` text NOT NULL,
	`key` text NOT NULL,
	`request_hash` text NOT NULL,
	`response` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`account_id`, `procedure`, `key`),
	FOREIGN KEY (`account_id`) REFERENCES `account`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Old keys held only an order id, not the request hash and answer the new mechanism needs;
-- they served retries of a few minutes, so they are dropped rather than converted.
DROP TABLE `idempotency_key`;--> statement-breakpoint
ALTER TABLE `__new_idempotency_key` RENAME TO `idempotency_key`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `idempotency_key_created_at_idx` ON `idempotency_key` (`created_at`);--> statement-breakpoint
ALTER TABLE `account` ADD `language` text;--> statement-breakpoint
ALTER TABLE `customer` ADD `credit_hold` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `category` ADD `name_ne` text;--> statement-breakpoint
ALTER TABLE `product` ADD `name_ne` text;--> statement-breakpoint
ALTER TABLE `delivery_job` ADD `recipient_name` text;--> statement-breakpoint
ALTER TABLE `delivery_job` ADD `proof_image` text;--> statement-breakpoint
ALTER TABLE `invoice_note` ADD `next_follow_up` text;--> statement-breakpoint
ALTER TABLE `customer_order` ADD `order_number` integer NOT NULL DEFAULT 0;--> statement-breakpoint
-- Existing orders are numbered in the order they were placed, from #10001.
UPDATE `customer_order` SET `order_number` = 10000 + (SELECT `n` FROM (SELECT `id`, ROW_NUMBER() OVER (ORDER BY `created_at`, `id`) AS `n` FROM `customer_order`) AS `numbered` WHERE `numbered`.`id` = `customer_order`.`id`);--> statement-breakpoint
ALTER TABLE `customer_order` ADD `delivered_by_name` text;--> statement-breakpoint
UPDATE `customer_order` SET `delivered_by_name` = (SELECT `username` FROM `account` WHERE `account`.`id` = `customer_order`.`delivered_by`) WHERE `delivered_by` IS NOT NULL;--> statement-breakpoint
ALTER TABLE `customer_order` ADD `off_schedule` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `customer_order` ADD `on_hold` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `customer_order_order_number_idx` ON `customer_order` (`order_number`);