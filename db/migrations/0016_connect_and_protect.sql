-- API tokens, webhooks and their outbox, calendar and customer links, backup runs; projects' customer and external
-- reference for the order import; the shop's name and logo (decisions 0041-0045). New tables and ADD COLUMN only.
CREATE TABLE `api_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`token_hash` text NOT NULL,
	`scopes` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)) NOT NULL,
	`created_by` integer,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`created_by`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_hash_uq` ON `api_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `api_tokens_created_by_idx` ON `api_tokens` (`created_by`);--> statement-breakpoint
CREATE TABLE `backup_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`path` text,
	`size_bytes` integer,
	`duration_ms` integer,
	`ok` integer DEFAULT false NOT NULL,
	`error` text
);
--> statement-breakpoint
CREATE INDEX `backup_runs_started_idx` ON `backup_runs` (`started_at`);--> statement-breakpoint
CREATE TABLE `calendar_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`department` text,
	`team_member_id` integer,
	`key_hash` text NOT NULL,
	`created_at` integer DEFAULT (CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)) NOT NULL,
	`created_by` integer,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`team_member_id`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "calendar_keys_subject_ck" CHECK(("calendar_keys"."department" IS NULL) <> ("calendar_keys"."team_member_id" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_keys_hash_uq` ON `calendar_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `calendar_keys_member_idx` ON `calendar_keys` (`team_member_id`);--> statement-breakpoint
CREATE INDEX `calendar_keys_created_by_idx` ON `calendar_keys` (`created_by`);--> statement-breakpoint
CREATE TABLE `customer_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`key_hash` text NOT NULL,
	`created_at` integer DEFAULT (CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)) NOT NULL,
	`created_by` integer,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customer_links_hash_uq` ON `customer_links` (`key_hash`);--> statement-breakpoint
CREATE INDEX `customer_links_project_idx` ON `customer_links` (`project_id`);--> statement-breakpoint
CREATE INDEX `customer_links_created_by_idx` ON `customer_links` (`created_by`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`endpoint_id` integer NOT NULL,
	`message_id` text NOT NULL,
	`event_type` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`last_attempt_at` integer,
	`last_status` integer,
	`last_response_ms` integer,
	`last_error` text,
	`delivered_at` integer,
	`created_at` integer DEFAULT (CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)) NOT NULL,
	FOREIGN KEY (`endpoint_id`) REFERENCES `webhook_endpoints`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "webhook_deliveries_status_ck" CHECK("webhook_deliveries"."status" IN ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_deliveries_message_uq` ON `webhook_deliveries` (`message_id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_endpoint_idx` ON `webhook_deliveries` (`endpoint_id`,`id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_pending_idx` ON `webhook_deliveries` (`next_attempt_at`) WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE TABLE `webhook_endpoints` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`url` text NOT NULL,
	`events` text DEFAULT '[]' NOT NULL,
	`secret` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)) NOT NULL,
	`created_by` integer,
	FOREIGN KEY (`created_by`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `webhook_endpoints_created_by_idx` ON `webhook_endpoints` (`created_by`);--> statement-breakpoint
ALTER TABLE `projects` ADD `customer` text;--> statement-breakpoint
ALTER TABLE `projects` ADD `external_reference` text;--> statement-breakpoint
CREATE UNIQUE INDEX `projects_external_ref_uq` ON `projects` ("external_reference" COLLATE NOCASE) WHERE "projects"."external_reference" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `shop_settings` ADD `shop_name` text;--> statement-breakpoint
ALTER TABLE `shop_settings` ADD `shop_logo` text;--> statement-breakpoint
CREATE INDEX `items_department_project_idx` ON `items` (`department`,`project_id`);