-- Products and categories may carry a Japanese name beside the English and Nepali ones (ADR 064).
-- An order line keeps the product's Japanese name as it was when the order was placed, and an
-- invoice's or credit note's line copies its order line's when it is issued, so a Japanese
-- document prints the name it was issued with. Rows from before have none: they print English.
-- Columns added in place: a drizzle-kit rebuild of these tables would run with foreign keys on
-- (ARCHITECTURE pitfall).
ALTER TABLE `category` ADD `name_ja` text;--> statement-breakpoint
ALTER TABLE `product` ADD `name_ja` text;--> statement-breakpoint
ALTER TABLE `order_line` ADD `name_ja` text;--> statement-breakpoint
ALTER TABLE `invoice_line` ADD `name_ja` text;--> statement-breakpoint
ALTER TABLE `credit_note_line` ADD `name_ja` text;
