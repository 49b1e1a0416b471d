CREATE TABLE `account` (
	`id` text PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`password_hash` text NOT NULL,
	`kind` text NOT NULL,
	`role` text,
	`name` text DEFAULT '' NOT NULL,
	`photo` text,
	`phone_number` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "account_role_check" CHECK(("account"."kind" = 'employee' AND "account"."role" IS NOT NULL) OR ("account"."kind" <> 'employee' AND "account"."role" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `account_username_unique` ON `account` (`username`);--> statement-breakpoint
CREATE INDEX `account_kind_idx` ON `account` (`kind`);--> statement-breakpoint
CREATE TABLE `customer` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text,
	`restaurant_name` text NOT NULL,
	`phone_number` text NOT NULL,
	`customer_code` text NOT NULL,
	`payment_method` text NOT NULL,
	`payment_date` text,
	`delivery_days` text DEFAULT '[]' NOT NULL,
	`route_id` text,
	`contact_person` text,
	`mobile_number` text,
	`bad_debt` integer DEFAULT false NOT NULL,
	`web_order` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `account`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`route_id`) REFERENCES `route`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customer_account_id_unique` ON `customer` (`account_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `customer_customer_code_unique` ON `customer` (`customer_code`);--> statement-breakpoint
CREATE INDEX `customer_route_id_idx` ON `customer` (`route_id`);--> statement-breakpoint
CREATE INDEX `customer_payment_method_idx` ON `customer` (`payment_method`,`bad_debt`);--> statement-breakpoint
CREATE INDEX `customer_restaurant_name_idx` ON `customer` (`restaurant_name`);--> statement-breakpoint
CREATE TABLE `route` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `category` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `category_name_unique` ON `category` (`name`);--> statement-breakpoint
CREATE TABLE `product` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`category_id` text,
	`price` integer NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`sku` text NOT NULL,
	`image` text,
	`product_rank` integer DEFAULT 0 NOT NULL,
	`item_type` text DEFAULT 'Regular' NOT NULL,
	`item_count` text DEFAULT 'Count' NOT NULL,
	`show_description` text DEFAULT 'Dont Show' NOT NULL,
	`stock_in_count` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `category`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "product_price_check" CHECK("product"."price" >= 0)
);
--> statement-breakpoint
CREATE INDEX `product_category_id_idx` ON `product` (`category_id`);--> statement-breakpoint
CREATE INDEX `product_product_rank_idx` ON `product` (`product_rank`);--> statement-breakpoint
CREATE TABLE `wishlist_entry` (
	`customer_id` text NOT NULL,
	`product_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`customer_id`, `product_id`),
	FOREIGN KEY (`customer_id`) REFERENCES `customer`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wishlist_entry_product_id_idx` ON `wishlist_entry` (`product_id`);--> statement-breakpoint
CREATE TABLE `information_item` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`image` text NOT NULL,
	`type` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `information_item_type_idx` ON `information_item` (`type`,`active`);--> statement-breakpoint
CREATE TABLE `uploaded_file` (
	`name` text PRIMARY KEY NOT NULL,
	`size_bytes` integer NOT NULL,
	`content_type` text NOT NULL,
	`uploaded_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`uploaded_by`) REFERENCES `account`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `delivery_job` (
	`id` text PRIMARY KEY NOT NULL,
	`serial_no` integer NOT NULL,
	`customer_id` text,
	`restaurant_name` text NOT NULL,
	`order_id` text,
	`prepared_by` text,
	`delivered_by` text,
	`is_delivered` integer DEFAULT false NOT NULL,
	`delivered_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customer`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`order_id`) REFERENCES `customer_order`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`prepared_by`) REFERENCES `account`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`delivered_by`) REFERENCES `account`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `delivery_job_serial_no_unique` ON `delivery_job` (`serial_no`);--> statement-breakpoint
CREATE INDEX `delivery_job_delivered_by_idx` ON `delivery_job` (`delivered_by`,`is_delivered`);--> statement-breakpoint
CREATE INDEX `delivery_job_is_delivered_idx` ON `delivery_job` (`is_delivered`,`delivered_at`);--> statement-breakpoint
CREATE INDEX `delivery_job_customer_id_idx` ON `delivery_job` (`customer_id`);--> statement-breakpoint
CREATE TABLE `invoice` (
	`id` text PRIMARY KEY NOT NULL,
	`customer_id` text,
	`due_date` text,
	`amount` integer NOT NULL,
	`paid_amount` integer DEFAULT 0 NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`assign_to_collect` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customer`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`assign_to_collect`) REFERENCES `account`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "invoice_amount_check" CHECK("invoice"."amount" > 0),
	CONSTRAINT "invoice_paid_amount_check" CHECK("invoice"."paid_amount" >= 0 AND "invoice"."paid_amount" <= "invoice"."amount")
);
--> statement-breakpoint
CREATE INDEX `invoice_customer_id_idx` ON `invoice` (`customer_id`);--> statement-breakpoint
CREATE INDEX `invoice_assign_to_collect_idx` ON `invoice` (`assign_to_collect`);--> statement-breakpoint
CREATE INDEX `invoice_due_date_idx` ON `invoice` (`due_date`);--> statement-breakpoint
CREATE TABLE `invoice_note` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`note` text NOT NULL,
	`date` text NOT NULL,
	`notes_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoice`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`notes_by`) REFERENCES `account`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `invoice_note_invoice_id_idx` ON `invoice_note` (`invoice_id`);--> statement-breakpoint
CREATE TABLE `payment` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`amount` integer NOT NULL,
	`date` text NOT NULL,
	`collected_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoice`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`collected_by`) REFERENCES `account`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "payment_amount_check" CHECK("payment"."amount" > 0)
);
--> statement-breakpoint
CREATE INDEX `payment_invoice_id_idx` ON `payment` (`invoice_id`);--> statement-breakpoint
CREATE TABLE `customer_order` (
	`id` text PRIMARY KEY NOT NULL,
	`customer_id` text,
	`placed_by` text,
	`restaurant_name` text NOT NULL,
	`customer_code` text NOT NULL,
	`username` text NOT NULL,
	`phone_number` text DEFAULT '' NOT NULL,
	`route_name` text,
	`delivery_date` text NOT NULL,
	`custom_message` text DEFAULT '' NOT NULL,
	`total` integer NOT NULL,
	`is_delivered` integer DEFAULT false NOT NULL,
	`delivered_by` text,
	`delivered_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customer`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`placed_by`) REFERENCES `account`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`delivered_by`) REFERENCES `account`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "customer_order_total_check" CHECK("customer_order"."total" >= 0)
);
--> statement-breakpoint
CREATE INDEX `customer_order_customer_id_idx` ON `customer_order` (`customer_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `customer_order_is_delivered_idx` ON `customer_order` (`is_delivered`,`delivery_date`);--> statement-breakpoint
CREATE INDEX `customer_order_created_at_idx` ON `customer_order` (`created_at`);--> statement-breakpoint
CREATE INDEX `customer_order_delivered_by_idx` ON `customer_order` (`delivered_by`,`delivered_at`);--> statement-breakpoint
CREATE TABLE `idempotency_key` (
	`account_id` text NOT NULL,
	`key` text NOT NULL,
	`result_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`account_id`, `key`),
	FOREIGN KEY (`account_id`) REFERENCES `account`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `idempotency_key_created_at_idx` ON `idempotency_key` (`created_at`);--> statement-breakpoint
CREATE TABLE `order_line` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`product_id` text,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`sku` text NOT NULL,
	`unit_price` integer NOT NULL,
	`quantity` integer NOT NULL,
	`line_total` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `customer_order`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "order_line_unit_price_check" CHECK("order_line"."unit_price" >= 0),
	CONSTRAINT "order_line_quantity_check" CHECK("order_line"."quantity" BETWEEN 1 AND 9999),
	CONSTRAINT "order_line_total_check" CHECK("order_line"."line_total" = "order_line"."unit_price" * "order_line"."quantity")
);
--> statement-breakpoint
CREATE INDEX `order_line_order_id_idx` ON `order_line` (`order_id`,`position`);--> statement-breakpoint
CREATE INDEX `order_line_product_id_idx` ON `order_line` (`product_id`);--> statement-breakpoint
CREATE TABLE `session` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`secret_hash` blob NOT NULL,
	`created_at_ms` integer NOT NULL,
	`last_verified_at_ms` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `account`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `session_account_id_idx` ON `session` (`account_id`);