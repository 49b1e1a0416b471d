-- A line a driver hands over instead of another (reason 'substituted', ADR 052) names the line of
-- the same order it replaces. A nullable column added in place: no table rebuild.
ALTER TABLE `order_line` ADD `substitute_for` text;
