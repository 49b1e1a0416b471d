DROP INDEX `customer_route_id_idx`;--> statement-breakpoint
ALTER TABLE `customer` ADD `stop_position` integer;--> statement-breakpoint
CREATE INDEX `customer_route_id_idx` ON `customer` (`route_id`,`stop_position`);--> statement-breakpoint
-- data migration
-- Each route's customers get a stop position in the order the office has seen them so far: by
-- restaurant name, then customer code (ADR 042). Customers without a route keep none.
UPDATE `customer` SET `stop_position` = (SELECT COUNT(*) FROM `customer` c WHERE c.`route_id` = `customer`.`route_id` AND (c.`restaurant_name` < `customer`.`restaurant_name` OR (c.`restaurant_name` = `customer`.`restaurant_name` AND c.`customer_code` <= `customer`.`customer_code`))) WHERE `route_id` IS NOT NULL;
