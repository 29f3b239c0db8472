CREATE TABLE `board_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`key_hash` text NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`created_by` integer,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`created_by`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `board_keys_hash_uq` ON `board_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `board_keys_created_by_idx` ON `board_keys` (`created_by`);--> statement-breakpoint
CREATE TABLE `department_item_counts` (
	`department` text PRIMARY KEY NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`running` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `timer_logs_stop_ts_idx` ON `timer_logs` (`timestamp`) WHERE "timer_logs"."action" = 'stop';--> statement-breakpoint
INSERT INTO `department_item_counts` (`department`, `total`, `running`)
SELECT coalesce(`department`, 'pre-production'), count(*), coalesce(sum(`is_timer_active`), 0) FROM `items` GROUP BY 1;
--> statement-breakpoint
CREATE TRIGGER `items_dept_counts_insert` AFTER INSERT ON `items` BEGIN
  INSERT INTO `department_item_counts` (`department`, `total`, `running`) VALUES (coalesce(NEW.`department`, 'pre-production'), 1, NEW.`is_timer_active`)
  ON CONFLICT (`department`) DO UPDATE SET `total` = `total` + 1, `running` = `running` + excluded.`running`;
END;
--> statement-breakpoint
CREATE TRIGGER `items_dept_counts_delete` AFTER DELETE ON `items` BEGIN
  UPDATE `department_item_counts` SET `total` = `total` - 1, `running` = `running` - OLD.`is_timer_active` WHERE `department` = coalesce(OLD.`department`, 'pre-production');
END;
--> statement-breakpoint
CREATE TRIGGER `items_dept_counts_update` AFTER UPDATE OF `department`, `is_timer_active` ON `items` BEGIN
  UPDATE `department_item_counts` SET `total` = `total` - 1, `running` = `running` - OLD.`is_timer_active` WHERE `department` = coalesce(OLD.`department`, 'pre-production');
  INSERT INTO `department_item_counts` (`department`, `total`, `running`) VALUES (coalesce(NEW.`department`, 'pre-production'), 1, NEW.`is_timer_active`)
  ON CONFLICT (`department`) DO UPDATE SET `total` = `total` + 1, `running` = `running` + excluded.`running`;
END;
