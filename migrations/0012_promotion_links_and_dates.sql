-- Promotions (slider and popup items) may lead to a product or a category and run between two
-- business days (ADR 045). Added columns only: no table rebuild (ARCHITECTURE pitfall 7).
ALTER TABLE `information_item` ADD `product_id` text REFERENCES `product`(`id`) ON UPDATE no action ON DELETE set null;--> statement-breakpoint
ALTER TABLE `information_item` ADD `category_id` text REFERENCES `category`(`id`) ON UPDATE no action ON DELETE set null;--> statement-breakpoint
ALTER TABLE `information_item` ADD `starts_on` text CHECK (`starts_on` IS NULL OR `starts_on` GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]');--> statement-breakpoint
ALTER TABLE `information_item` ADD `ends_on` text CHECK (`ends_on` IS NULL OR (`ends_on` GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND (`starts_on` IS NULL OR `ends_on` >= `starts_on`)));
