-- audit_log.actor_id loses its foreign key (ON DELETE SET NULL blanked the actor of every row a deleted member
-- wrote; audit rows are never rewritten). SQLite drops a foreign key only by rebuilding the table: every row
-- is copied with its id, and db/migrate.ts turns foreign keys off around the migration.
CREATE TABLE `__new_audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`actor_id` integer,
	`actor_name` text,
	`action` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text,
	`before` text,
	`after` text,
	`ip` text
);
--> statement-breakpoint
INSERT INTO `__new_audit_log`("id", "at", "actor_id", "actor_name", "action", "entity", "entity_id", "before", "after", "ip") SELECT "id", "at", "actor_id", "actor_name", "action", "entity", "entity_id", "before", "after", "ip" FROM `audit_log`;--> statement-breakpoint
-- The copy's AUTOINCREMENT counter starts at its largest id; the old table's may be higher (its newest rows
-- removed), and an id once used is never handed out again.
DELETE FROM `sqlite_sequence` WHERE `name` = '__new_audit_log';--> statement-breakpoint
INSERT INTO `sqlite_sequence` (`name`, `seq`) SELECT '__new_audit_log', `seq` FROM `sqlite_sequence` WHERE `name` = 'audit_log';--> statement-breakpoint
DROP TABLE `audit_log`;--> statement-breakpoint
ALTER TABLE `__new_audit_log` RENAME TO `audit_log`;--> statement-breakpoint
CREATE INDEX `audit_log_at_idx` ON `audit_log` (`at`);--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity`,`entity_id`);--> statement-breakpoint
CREATE INDEX `audit_log_kind_idx` ON `audit_log` (`entity`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_id`);
