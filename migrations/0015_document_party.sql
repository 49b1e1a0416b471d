CREATE TABLE `document_party` (
	`kind` text NOT NULL,
	`number` text NOT NULL,
	`issuer` text NOT NULL,
	`recipient` text NOT NULL,
	`language` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`kind`, `number`)
);
--> statement-breakpoint
-- Documents issued before this table existed are frozen as they read today: the business's
-- details and each customer's billing details now (ADR 049).
INSERT OR IGNORE INTO `document_party` (`kind`, `number`, `issuer`, `recipient`, `language`)
SELECT d.kind, d.number,
       COALESCE((SELECT value FROM setting WHERE key = 'business'), '{}'),
       json_object('customerId', c.id,
                   'name', COALESCE(NULLIF(trim(c.billing_name), ''), c.restaurant_name),
                   'address', COALESCE(c.billing_address, ''),
                   'customerCode', c.customer_code),
       CASE WHEN c.document_language = 'en' THEN 'en' ELSE 'ja' END
  FROM (SELECT 'invoice' AS kind, number, customer_id FROM invoice WHERE number IS NOT NULL
        UNION ALL SELECT 'slip', slip_number, customer_id FROM customer_order
                   WHERE slip_number IS NOT NULL
        UNION ALL SELECT 'statement', number, customer_id FROM statement
        UNION ALL SELECT 'creditNote', number, customer_id FROM credit_note
        UNION ALL SELECT 'receipt', p.receipt_number, i.customer_id
                    FROM payment p JOIN invoice i ON i.id = p.invoice_id
                   WHERE p.receipt_number IS NOT NULL) d
  JOIN customer c ON c.id = d.customer_id;
