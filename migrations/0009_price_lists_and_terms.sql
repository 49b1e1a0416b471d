CREATE TABLE `customer_price` (
	`customer_id` text NOT NULL,
	`product_id` text NOT NULL,
	`price` integer NOT NULL,
	PRIMARY KEY(`customer_id`, `product_id`),
	FOREIGN KEY (`customer_id`) REFERENCES `customer`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "customer_price_price_check" CHECK("customer_price"."price" >= 0)
);
--> statement-breakpoint
CREATE INDEX `customer_price_product_id_idx` ON `customer_price` (`product_id`);--> statement-breakpoint
CREATE TABLE `customer_terms` (
	`customer_id` text PRIMARY KEY NOT NULL,
	`price_list_id` text,
	`min_order_rule` text DEFAULT 'none' NOT NULL,
	`min_order_value` integer DEFAULT 0 NOT NULL,
	`delivery_charge` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customer`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`price_list_id`) REFERENCES `price_list`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "customer_terms_min_order_value_check" CHECK("customer_terms"."min_order_value" >= 0),
	CONSTRAINT "customer_terms_delivery_charge_check" CHECK("customer_terms"."delivery_charge" >= 0)
);
--> statement-breakpoint
CREATE INDEX `customer_terms_price_list_id_idx` ON `customer_terms` (`price_list_id`);--> statement-breakpoint
CREATE TABLE `hidden_for_customer` (
	`product_id` text NOT NULL,
	`customer_id` text NOT NULL,
	PRIMARY KEY(`customer_id`, `product_id`),
	FOREIGN KEY (`product_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customer`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `hidden_for_customer_product_id_idx` ON `hidden_for_customer` (`product_id`);--> statement-breakpoint
CREATE TABLE `hidden_for_list` (
	`product_id` text NOT NULL,
	`price_list_id` text NOT NULL,
	PRIMARY KEY(`price_list_id`, `product_id`),
	FOREIGN KEY (`product_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`price_list_id`) REFERENCES `price_list`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `hidden_for_list_product_id_idx` ON `hidden_for_list` (`product_id`);--> statement-breakpoint
CREATE TABLE `price_list` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `price_list_name_unique` ON `price_list` (`name`);--> statement-breakpoint
CREATE TABLE `price_list_price` (
	`price_list_id` text NOT NULL,
	`product_id` text NOT NULL,
	`price` integer NOT NULL,
	PRIMARY KEY(`price_list_id`, `product_id`),
	FOREIGN KEY (`price_list_id`) REFERENCES `price_list`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `product`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "price_list_price_price_check" CHECK("price_list_price"."price" >= 0)
);
--> statement-breakpoint
CREATE INDEX `price_list_price_product_id_idx` ON `price_list_price` (`product_id`);--> statement-breakpoint
ALTER TABLE `product` ADD `min_quantity` integer DEFAULT 1 NOT NULL CHECK (`min_quantity` BETWEEN 1 AND 9999);--> statement-breakpoint
ALTER TABLE `product` ADD `lot` integer DEFAULT 1 NOT NULL CHECK (`lot` BETWEEN 1 AND 9999);