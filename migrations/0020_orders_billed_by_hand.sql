-- Orders delivered before the app made invoices from deliveries (0004) were billed then by hand
-- (spec §2's invoices): a closing run must never bill them again. Which orders those are can
-- only be told before this start's migrations run, so the server leaves a mark table when it
-- opens a database from before 0004 (server/platform/upgrade.ts); here, in the migrations'
-- transaction, every order delivered and not invoiced at that moment is marked, and the mark
-- goes. On any other database the UPDATE finds no mark and changes nothing.
ALTER TABLE `customer_order` ADD `billed_by_hand` integer DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE `customer_order` SET `billed_by_hand` = 1
 WHERE `is_delivered` = 1 AND `invoice_id` IS NULL
   AND EXISTS (SELECT 1 FROM `sqlite_master`
                WHERE `type` = 'table' AND `name` = 'upgrade_from_before_invoicing');
--> statement-breakpoint
DROP TABLE IF EXISTS `upgrade_from_before_invoicing`;
