CREATE TABLE `standing_line` (
	`customer_id` text NOT NULL,
	`weekday` text NOT NULL,
	`product_id` text NOT NULL,
	`name` text NOT NULL,
	`quantity` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`customer_id`, `weekday`, `product_id`),
	FOREIGN KEY (`customer_id`) REFERENCES `customer`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "standing_line_quantity_check" CHECK("standing_line"."quantity" BETWEEN 1 AND 9999)
);
--> statement-breakpoint
CREATE INDEX `standing_line_weekday_idx` ON `standing_line` (`weekday`,`customer_id`);--> statement-breakpoint
CREATE TABLE `standing_pause` (
	`id` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`from_date` text NOT NULL,
	`to_date` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customer`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "standing_pause_range_check" CHECK("standing_pause"."from_date" <= "standing_pause"."to_date")
);
--> statement-breakpoint
CREATE INDEX `standing_pause_customer_id_idx` ON `standing_pause` (`customer_id`,`from_date`);--> statement-breakpoint
CREATE TABLE `standing_run` (
	`id` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`delivery_date` text NOT NULL,
	`status` text NOT NULL,
	`skip` integer DEFAULT false NOT NULL,
	`lines` text DEFAULT '[]' NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`reason` text,
	`order_id` text,
	`edited_by` text,
	`decided_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customer`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `customer_order`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`edited_by`) REFERENCES `account`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `standing_run_customer_date_idx` ON `standing_run` (`customer_id`,`delivery_date`);--> statement-breakpoint
CREATE INDEX `standing_run_date_status_idx` ON `standing_run` (`delivery_date`,`status`);--> statement-breakpoint
CREATE INDEX `standing_run_status_idx` ON `standing_run` (`status`,`delivery_date`);