PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_payment` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`amount` integer NOT NULL,
	`date` text NOT NULL,
	`collected_by` text,
	`receipt_number` text,
	`receipt_replaces` text,
	`taken_at` text,
	`kind` text DEFAULT 'payment' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoice`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`collected_by`) REFERENCES `account`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "payment_amount_check" CHECK("__new_payment"."amount" > 0),
	CONSTRAINT "payment_kind_check" CHECK("__new_payment"."kind" IN ('payment', 'bank_fee')),
	CONSTRAINT "payment_bank_fee_receipt_check" CHECK("__new_payment"."kind" = 'payment' OR "__new_payment"."receipt_number" IS NULL)
);
--> statement-breakpoint
INSERT INTO `__new_payment`("id", "invoice_id", "amount", "date", "collected_by", "receipt_number", "receipt_replaces", "taken_at", "kind", "created_at") SELECT "id", "invoice_id", "amount", "date", "collected_by", "receipt_number", "receipt_replaces", "taken_at", 'payment', "created_at" FROM `payment`;--> statement-breakpoint
DROP TABLE `payment`;--> statement-breakpoint
ALTER TABLE `__new_payment` RENAME TO `payment`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `payment_invoice_id_idx` ON `payment` (`invoice_id`);--> statement-breakpoint
CREATE INDEX `payment_collected_by_idx` ON `payment` (`collected_by`,`date`);--> statement-breakpoint
ALTER TABLE `statement` ADD `adjustments` integer DEFAULT 0 NOT NULL;