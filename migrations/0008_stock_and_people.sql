CREATE TABLE `customer_person` (
	`account_id` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`title` text DEFAULT 'staff' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `account`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customer`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `customer_person_customer_id_idx` ON `customer_person` (`customer_id`);--> statement-breakpoint
CREATE TABLE `stock_movement` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`delta` integer NOT NULL,
	`reason` text NOT NULL,
	`ref_id` text,
	`note` text DEFAULT '' NOT NULL,
	`balance` integer NOT NULL,
	`by_account` text,
	`by_name` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`by_account`) REFERENCES `account`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "stock_movement_balance_check" CHECK("stock_movement"."balance" >= 0)
);
--> statement-breakpoint
CREATE INDEX `stock_movement_product_id_idx` ON `stock_movement` (`product_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `product` ADD `low_stock_at` integer;--> statement-breakpoint
ALTER TABLE `customer_order` ADD `placed_by_name` text;--> statement-breakpoint
-- data migration
-- A product's stock never goes below zero (ADR 036): older rows are raised to zero, then a
-- trigger refuses any write below it, whoever makes it (a CHECK would need a table rebuild).
UPDATE `product` SET `stock_in_count` = 0 WHERE `stock_in_count` < 0;--> statement-breakpoint
-- Stock never moved before this version, so a counted product's stock is whatever was typed
-- once, most often 0. Counted now, every such product would turn Out of Stock at the upgrade.
-- A counted product with no stock that is not marked Out of Stock goes on selling as before:
-- it is not counted until the office records its stock (ADR 036).
UPDATE `product` SET `item_count` = 'Not Count' WHERE `item_count` = 'Count' AND `stock_in_count` <= 0 AND `item_type` <> 'Out of Stock';--> statement-breakpoint
CREATE TRIGGER `product_stock_not_negative_insert` BEFORE INSERT ON `product` WHEN NEW.`stock_in_count` < 0 BEGIN SELECT RAISE(ABORT, 'stock_in_count below zero'); END;--> statement-breakpoint
CREATE TRIGGER `product_stock_not_negative_update` BEFORE UPDATE OF `stock_in_count` ON `product` WHEN NEW.`stock_in_count` < 0 BEGIN SELECT RAISE(ABORT, 'stock_in_count below zero'); END;--> statement-breakpoint
-- Orders placed before this version: who placed them, by the placing account's username.
UPDATE `customer_order` SET `placed_by_name` = (SELECT `username` FROM `account` WHERE `account`.`id` = `customer_order`.`placed_by`) WHERE `placed_by` IS NOT NULL;
