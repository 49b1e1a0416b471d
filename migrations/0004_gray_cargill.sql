CREATE TABLE `credit_note` (
	`id` text PRIMARY KEY NOT NULL,
	`number` text NOT NULL,
	`customer_id` text,
	`invoice_id` text,
	`claim_id` text,
	`issue_date` text NOT NULL,
	`reason` text NOT NULL,
	`net8` integer DEFAULT 0 NOT NULL,
	`tax8` integer DEFAULT 0 NOT NULL,
	`net10` integer DEFAULT 0 NOT NULL,
	`tax10` integer DEFAULT 0 NOT NULL,
	`total` integer NOT NULL,
	`applied_to_invoice_id` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customer`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `account`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "credit_note_total_check" CHECK("credit_note"."total" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_note_number_unique` ON `credit_note` (`number`);--> statement-breakpoint
CREATE INDEX `credit_note_customer_id_idx` ON `credit_note` (`customer_id`,`applied_to_invoice_id`);--> statement-breakpoint
CREATE TABLE `credit_note_line` (
	`id` text PRIMARY KEY NOT NULL,
	`credit_note_id` text NOT NULL,
	`position` integer NOT NULL,
	`order_line_id` text,
	`name` text NOT NULL,
	`unit_price` integer NOT NULL,
	`quantity` integer NOT NULL,
	`amount` integer NOT NULL,
	`tax_rate` integer NOT NULL,
	FOREIGN KEY (`credit_note_id`) REFERENCES `credit_note`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `credit_note_line_credit_note_id_idx` ON `credit_note_line` (`credit_note_id`,`position`);--> statement-breakpoint
CREATE TABLE `document_counter` (
	`kind` text PRIMARY KEY NOT NULL,
	`last` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `document_mail` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`document_id` text NOT NULL,
	`customer_id` text,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`status` text NOT NULL,
	`error` text,
	`sent_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customer`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`sent_by`) REFERENCES `account`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `document_mail_document_idx` ON `document_mail` (`kind`,`document_id`);--> statement-breakpoint
CREATE TABLE `goods_claim` (
	`id` text PRIMARY KEY NOT NULL,
	`customer_id` text,
	`order_id` text NOT NULL,
	`order_line_id` text NOT NULL,
	`quantity` integer NOT NULL,
	`reason` text NOT NULL,
	`photo` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`decided_by` text,
	`decided_at` text,
	`decision_note` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customer`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `account`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `account`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "goods_claim_quantity_check" CHECK("goods_claim"."quantity" > 0)
);
--> statement-breakpoint
CREATE INDEX `goods_claim_customer_id_idx` ON `goods_claim` (`customer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `goods_claim_status_idx` ON `goods_claim` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `invoice_line` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`position` integer NOT NULL,
	`order_id` text,
	`order_line_id` text,
	`date` text,
	`name` text NOT NULL,
	`sku` text DEFAULT '' NOT NULL,
	`unit_price` integer NOT NULL,
	`quantity` integer NOT NULL,
	`amount` integer NOT NULL,
	`tax_rate` integer NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoice`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "invoice_line_tax_rate_check" CHECK("invoice_line"."tax_rate" IN (8, 10))
);
--> statement-breakpoint
CREATE INDEX `invoice_line_invoice_id_idx` ON `invoice_line` (`invoice_id`,`position`);--> statement-breakpoint
CREATE INDEX `invoice_line_order_id_idx` ON `invoice_line` (`order_id`);--> statement-breakpoint
CREATE TABLE `statement` (
	`id` text PRIMARY KEY NOT NULL,
	`number` text NOT NULL,
	`customer_id` text,
	`invoice_id` text,
	`closing_date` text NOT NULL,
	`period_start` text NOT NULL,
	`previous_balance` integer NOT NULL,
	`payments_received` integer NOT NULL,
	`carried_over` integer NOT NULL,
	`period_amount` integer NOT NULL,
	`amount_due` integer NOT NULL,
	`due_date` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customer`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `statement_number_unique` ON `statement` (`number`);--> statement-breakpoint
CREATE INDEX `statement_customer_id_idx` ON `statement` (`customer_id`,`closing_date`);--> statement-breakpoint
CREATE INDEX `statement_closing_date_idx` ON `statement` (`closing_date`);--> statement-breakpoint
ALTER TABLE `customer` ADD `billing_name` text;--> statement-breakpoint
ALTER TABLE `customer` ADD `billing_address` text;--> statement-breakpoint
ALTER TABLE `customer` ADD `email` text;--> statement-breakpoint
ALTER TABLE `customer` ADD `closing_day` integer CONSTRAINT `customer_closing_day_check` CHECK (`closing_day` IS NULL OR `closing_day` BETWEEN 1 AND 31);--> statement-breakpoint
ALTER TABLE `customer` ADD `document_language` text DEFAULT 'ja' NOT NULL CONSTRAINT `customer_document_language_check` CHECK (`document_language` IN ('ja', 'en'));--> statement-breakpoint
ALTER TABLE `category` ADD `tax_rate` integer DEFAULT 8 NOT NULL CONSTRAINT `category_tax_rate_check` CHECK (`tax_rate` IN (8, 10));--> statement-breakpoint
ALTER TABLE `product` ADD `tax_rate` integer CONSTRAINT `product_tax_rate_check` CHECK (`tax_rate` IS NULL OR `tax_rate` IN (8, 10));--> statement-breakpoint
ALTER TABLE `invoice` ADD `kind` text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE `invoice` ADD `number` text;--> statement-breakpoint
ALTER TABLE `invoice` ADD `issue_date` text;--> statement-breakpoint
ALTER TABLE `invoice` ADD `period_start` text;--> statement-breakpoint
ALTER TABLE `invoice` ADD `period_end` text;--> statement-breakpoint
ALTER TABLE `invoice` ADD `net8` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoice` ADD `tax8` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoice` ADD `net10` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoice` ADD `tax10` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoice` ADD `credit_applied` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoice` ADD `cancelled_at` text;--> statement-breakpoint
ALTER TABLE `invoice` ADD `cancel_reason` text;--> statement-breakpoint
CREATE INDEX `invoice_number_idx` ON `invoice` (`number`);--> statement-breakpoint
ALTER TABLE `payment` ADD `receipt_number` text;--> statement-breakpoint
ALTER TABLE `customer_order` ADD `net8` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `customer_order` ADD `tax8` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `customer_order` ADD `net10` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `customer_order` ADD `tax10` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `customer_order` ADD `invoice_id` text;--> statement-breakpoint
ALTER TABLE `customer_order` ADD `slip_number` text;--> statement-breakpoint
CREATE INDEX `customer_order_invoice_id_idx` ON `customer_order` (`invoice_id`,`customer_id`,`is_delivered`);--> statement-breakpoint
ALTER TABLE `order_line` ADD `tax_rate` integer DEFAULT 8 NOT NULL CONSTRAINT `order_line_tax_rate_check` CHECK (`tax_rate` IN (8, 10));--> statement-breakpoint
ALTER TABLE `order_line` ADD `delivered_quantity` integer CONSTRAINT `order_line_delivered_quantity_check` CHECK (`delivered_quantity` IS NULL OR (`delivered_quantity` >= 0 AND `delivered_quantity` <= `quantity`));--> statement-breakpoint
ALTER TABLE `order_line` ADD `short_reason` text;--> statement-breakpoint
-- data migration
-- Orders placed before consumption tax was recorded: their lines are at the reduced rate (every
-- category starts at 8%, products follow their category), prices were tax-exclusive (the
-- default), so each order gains its 8% tax rounded down once, and its total becomes what the
-- customer pays. Hand-made invoices keep their typed amounts (kind 'manual').
UPDATE `customer_order` SET `net8` = `total`, `tax8` = (`total` * 8) / 100, `total` = `total` + (`total` * 8) / 100;
