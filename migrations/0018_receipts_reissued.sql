-- A receipt never changes once issued (ADR 058): correcting a payment's amount or date issues
-- its receipt again under a new number, and the payment keeps the number it replaces.
ALTER TABLE `payment` ADD `receipt_replaces` text;
