ALTER TABLE `payment` ADD `statement_id` text;--> statement-breakpoint
ALTER TABLE `statement` ADD `payment_corrections` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `statement` ADD `counted_payments` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `statement` ADD `counted_fees` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each payment a statement has counted already (ADR 070's rule: the first statement of its
-- customer made after it was entered, with a closing on or after its date) is marked counted by
-- that statement, so the next closing counts it neither again nor never (ADR 072).
UPDATE `payment` SET `statement_id` = (
  SELECT s.id FROM `statement` s JOIN `invoice` i ON i.customer_id = s.customer_id
   WHERE i.id = `payment`.`invoice_id`
     AND s.closing_date >= `payment`.`date` AND s.created_at >= `payment`.`created_at`
   ORDER BY s.created_at, s.closing_date LIMIT 1
);--> statement-breakpoint
-- What each statement and those before it counted, at the payments' amounts now: a correction
-- made before this version is taken as already on its statement.
UPDATE `statement` SET
  `counted_payments` = (
    SELECT COALESCE(SUM(p.amount), 0) FROM `payment` p JOIN `statement` c ON c.id = p.statement_id
     WHERE p.kind = 'payment' AND c.customer_id = `statement`.`customer_id`
       AND c.created_at <= `statement`.`created_at`),
  `counted_fees` = (
    SELECT COALESCE(SUM(p.amount), 0) FROM `payment` p JOIN `statement` c ON c.id = p.statement_id
     WHERE p.kind = 'bank_fee' AND c.customer_id = `statement`.`customer_id`
       AND c.created_at <= `statement`.`created_at`);
