CREATE TABLE `workflow_item_counts` (
	`workflow_id` integer PRIMARY KEY NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`running` integer DEFAULT 0 NOT NULL,
	`completed` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mrf_machine_open_idx` ON `machine_ready_files` (`machine`,`is_completed`,`sort_order`);--> statement-breakpoint
INSERT INTO `workflow_item_counts` (`workflow_id`, `total`, `running`, `completed`)
SELECT coalesce(`workflow_id`, 0), count(*), coalesce(sum(`is_timer_active`), 0), coalesce(sum(`department` = 'installation'), 0) FROM `items` GROUP BY 1;
--> statement-breakpoint
CREATE TRIGGER `items_counts_insert` AFTER INSERT ON `items` BEGIN
  INSERT INTO `workflow_item_counts` (`workflow_id`, `total`, `running`, `completed`)
  VALUES (coalesce(NEW.`workflow_id`, 0), 1, NEW.`is_timer_active`, NEW.`department` = 'installation')
  ON CONFLICT (`workflow_id`) DO UPDATE SET `total` = `total` + 1, `running` = `running` + excluded.`running`, `completed` = `completed` + excluded.`completed`;
END;
--> statement-breakpoint
CREATE TRIGGER `items_counts_delete` AFTER DELETE ON `items` BEGIN
  UPDATE `workflow_item_counts` SET `total` = `total` - 1, `running` = `running` - OLD.`is_timer_active`, `completed` = `completed` - (OLD.`department` = 'installation')
  WHERE `workflow_id` = coalesce(OLD.`workflow_id`, 0);
END;
--> statement-breakpoint
CREATE TRIGGER `items_counts_update` AFTER UPDATE OF `workflow_id`, `is_timer_active`, `department` ON `items` BEGIN
  UPDATE `workflow_item_counts` SET `total` = `total` - 1, `running` = `running` - OLD.`is_timer_active`, `completed` = `completed` - (OLD.`department` = 'installation')
  WHERE `workflow_id` = coalesce(OLD.`workflow_id`, 0);
  INSERT INTO `workflow_item_counts` (`workflow_id`, `total`, `running`, `completed`)
  VALUES (coalesce(NEW.`workflow_id`, 0), 1, NEW.`is_timer_active`, NEW.`department` = 'installation')
  ON CONFLICT (`workflow_id`) DO UPDATE SET `total` = `total` + 1, `running` = `running` + excluded.`running`, `completed` = `completed` + excluded.`completed`;
END;
