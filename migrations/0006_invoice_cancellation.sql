ALTER TABLE `invoice` ADD `cancelled_by` text REFERENCES account(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `invoice` ADD `cancelled_by_name` text;--> statement-breakpoint
ALTER TABLE `invoice` ADD `statement_id` text;