-- A monthly customer's payment month (支払月: 0 当月, 1 翌月, 2 翌々月) beside its closing day and
-- payment day (ADR 066): a closing is due on the payment day of that month. Before, it was due
-- on the first payment day after the closing; each customer gets the month that keeps its due
-- dates (shared/closing-dates.ts `paymentMonthBefore0022` says the same): a payment day after
-- the closing day is the same month's, any other (a month-end closing, no payment day) the
-- next's. Added in place: a drizzle-kit rebuild of `customer` would run with foreign keys on and
-- cascade to its orders and invoices (ARCHITECTURE pitfall 7).
ALTER TABLE `customer` ADD `payment_month` integer DEFAULT 1 NOT NULL CONSTRAINT "customer_payment_month_check" CHECK("payment_month" IN (0, 1, 2));
--> statement-breakpoint
UPDATE `customer` SET `payment_month` = 0
 WHERE `closing_day` IS NOT NULL AND `closing_day` < 31
   AND CAST(`payment_date` AS INTEGER) BETWEEN 1 AND 31
   AND CAST(`payment_date` AS INTEGER) > `closing_day`;
