-- A cash delivery's invoice re-issued after a cancellation names the invoice it replaces, and the
-- cancelled one names its replacement (the same link read the other way), as a corrected
-- receipt names the receipt it replaces (0018).
ALTER TABLE `invoice` ADD `replaces_invoice_id` text;
--> statement-breakpoint
-- Re-issues made before: the cancellation's audit entry recorded the new invoice's number. One
-- pass over those entries, each matched by number (indexed).
UPDATE `invoice` SET `replaces_invoice_id` = r.`old_id`
  FROM (SELECT a.`entity_id` AS `old_id`, json_extract(a.`after`, '$.reissuedAs') AS `new_number`
          FROM `audit_entry` a
         WHERE a.`entity` = 'invoice' AND a.`after` LIKE '%"reissuedAs":"%' AND json_valid(a.`after`)) r
 WHERE `invoice`.`number` = r.`new_number` AND `invoice`.`kind` = 'delivery';
