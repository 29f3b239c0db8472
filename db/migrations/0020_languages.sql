ALTER TABLE `api_tokens` ADD `language` text;--> statement-breakpoint
ALTER TABLE `board_keys` ADD `language` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `customer_links` ADD `language` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `team_members` ADD `language` text;