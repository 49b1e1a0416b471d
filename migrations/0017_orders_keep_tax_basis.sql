-- Orders, invoices and credit notes keep the price basis (exclusive: prices without tax,
-- inclusive: with) and the tax rounding they were computed with (ADR 053), so a change of the
-- settings applies to what is made after it and never rebills an order already placed or
-- reprints an issued document differently. Added in place, no table rebuild. SQLite adds a NOT
-- NULL column only with a DEFAULT; the schema (drizzle/schema) declares none, so the app must
-- say on every insert. Rows made before this were computed with the settings as stored now
-- (setting 'tax'; exclusive and down when none is stored, as getTaxSettings reads it).
ALTER TABLE `credit_note` ADD `tax_basis` text DEFAULT 'exclusive' NOT NULL;--> statement-breakpoint
ALTER TABLE `credit_note` ADD `tax_rounding` text DEFAULT 'down' NOT NULL;--> statement-breakpoint
ALTER TABLE `invoice` ADD `tax_basis` text DEFAULT 'exclusive' NOT NULL;--> statement-breakpoint
ALTER TABLE `invoice` ADD `tax_rounding` text DEFAULT 'down' NOT NULL;--> statement-breakpoint
ALTER TABLE `customer_order` ADD `tax_basis` text DEFAULT 'exclusive' NOT NULL;--> statement-breakpoint
ALTER TABLE `customer_order` ADD `tax_rounding` text DEFAULT 'down' NOT NULL;--> statement-breakpoint
UPDATE `customer_order` SET
  `tax_basis` = CASE json_extract((SELECT `value` FROM `setting` WHERE `key` = 'tax'), '$.basis')
                  WHEN 'inclusive' THEN 'inclusive' ELSE 'exclusive' END,
  `tax_rounding` = CASE json_extract((SELECT `value` FROM `setting` WHERE `key` = 'tax'), '$.rounding')
                     WHEN 'halfUp' THEN 'halfUp' WHEN 'up' THEN 'up' ELSE 'down' END;--> statement-breakpoint
UPDATE `invoice` SET
  `tax_basis` = CASE json_extract((SELECT `value` FROM `setting` WHERE `key` = 'tax'), '$.basis')
                  WHEN 'inclusive' THEN 'inclusive' ELSE 'exclusive' END,
  `tax_rounding` = CASE json_extract((SELECT `value` FROM `setting` WHERE `key` = 'tax'), '$.rounding')
                     WHEN 'halfUp' THEN 'halfUp' WHEN 'up' THEN 'up' ELSE 'down' END;--> statement-breakpoint
UPDATE `credit_note` SET
  `tax_basis` = CASE json_extract((SELECT `value` FROM `setting` WHERE `key` = 'tax'), '$.basis')
                  WHEN 'inclusive' THEN 'inclusive' ELSE 'exclusive' END,
  `tax_rounding` = CASE json_extract((SELECT `value` FROM `setting` WHERE `key` = 'tax'), '$.rounding')
                     WHEN 'halfUp' THEN 'halfUp' WHEN 'up' THEN 'up' ELSE 'down' END;
