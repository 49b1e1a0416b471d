-- Hand-made invoices keep their rate and tax like every other invoice (ADR 046). Until now they
-- kept one amount and printed it as a charge at the standard 10 %, tax-inclusive, its tax
-- rounded as the business rounds; the tax summary showed them apart, without a rate. Each one
-- typed before this gets exactly the figures its document has printed, so the documents and the
-- accountant's summary agree.
UPDATE `invoice`
   SET `net10` = (`amount` + `credit_applied`) - (
         CASE COALESCE(json_extract((SELECT `value` FROM `setting` WHERE `key` = 'tax'), '$.rounding'), 'down')
           WHEN 'up' THEN (`amount` + `credit_applied` + 10) / 11
           WHEN 'halfUp' THEN (2 * (`amount` + `credit_applied`) + 11) / 22
           ELSE (`amount` + `credit_applied`) / 11
         END),
       `tax10` = CASE COALESCE(json_extract((SELECT `value` FROM `setting` WHERE `key` = 'tax'), '$.rounding'), 'down')
           WHEN 'up' THEN (`amount` + `credit_applied` + 10) / 11
           WHEN 'halfUp' THEN (2 * (`amount` + `credit_applied`) + 11) / 22
           ELSE (`amount` + `credit_applied`) / 11
         END
 WHERE `kind` = 'manual' AND `net8` = 0 AND `tax8` = 0 AND `net10` = 0 AND `tax10` = 0;
