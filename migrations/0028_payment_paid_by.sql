-- How a payment was paid (ADR 107): 'cash' or 'transfer', said on its receipt and in the journal
-- entries. Older payments keep null and are read as before. A column added in place: no rebuild.
ALTER TABLE `payment` ADD `method` text;