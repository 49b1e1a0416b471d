-- Reading the bank's statement (入金消込, ADR 085): each incoming row recorded as payments keeps its
-- fingerprint here, so the same row is never recorded twice; a customer names the account its
-- transfers arrive under (振込名義). A new table and a column added in place: no rebuild.
CREATE TABLE `bank_transfer` (
	`id` text PRIMARY KEY NOT NULL,
	`fingerprint` text NOT NULL,
	`date` text NOT NULL,
	`amount` integer NOT NULL,
	`payer_name` text NOT NULL,
	`customer_id` text,
	`recorded_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customer`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`recorded_by`) REFERENCES `account`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "bank_transfer_amount_check" CHECK("bank_transfer"."amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bank_transfer_fingerprint_idx` ON `bank_transfer` (`fingerprint`);--> statement-breakpoint
CREATE INDEX `bank_transfer_date_idx` ON `bank_transfer` (`date`);--> statement-breakpoint
ALTER TABLE `customer` ADD `transfer_name` text;