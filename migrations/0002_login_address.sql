CREATE TABLE `login_address` (
	`account_id` text NOT NULL,
	`ip` text NOT NULL,
	`last_ok_ms` integer NOT NULL,
	PRIMARY KEY(`account_id`, `ip`),
	FOREIGN KEY (`account_id`) REFERENCES `account`(`id`) ON UPDATE no action ON DELETE cascade
);
