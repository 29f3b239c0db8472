DROP INDEX `items_project_idx`;--> statement-breakpoint
ALTER TABLE `items` ADD `finished_at` integer;--> statement-breakpoint
ALTER TABLE `items` ADD `finished_by` integer REFERENCES team_members(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `items_project_progress_idx` ON `items` (`project_id`,`department`,`category`,`finished_at`);--> statement-breakpoint
CREATE INDEX `items_finished_by_idx` ON `items` (`finished_by`);--> statement-breakpoint
CREATE INDEX `items_open_department_idx` ON `items` (`department`,`project_id`) WHERE "items"."finished_at" IS NULL;--> statement-breakpoint
ALTER TABLE `project_workflow_steps` ADD `set_by_hand` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `projects` ADD `completed_at` integer;--> statement-breakpoint
ALTER TABLE `projects` ADD `due_at` integer;--> statement-breakpoint
CREATE INDEX `projects_due_idx` ON `projects` (`due_at`);--> statement-breakpoint
ALTER TABLE `shop_settings` ADD `import_day_first` integer;--> statement-breakpoint
ALTER TABLE `shop_settings` ADD `pause_at_day_end` integer DEFAULT true NOT NULL;--> statement-breakpoint
-- An item whose latest timer log is the stop that ended its last department was finished before the date was kept.
UPDATE `items` SET
  `finished_at` = (SELECT l.`timestamp` FROM `timer_logs` l WHERE l.`item_id` = `items`.`id` ORDER BY l.`timestamp` DESC, l.`id` DESC LIMIT 1),
  `finished_by` = (SELECT l.`team_member_id` FROM `timer_logs` l WHERE l.`item_id` = `items`.`id` ORDER BY l.`timestamp` DESC, l.`id` DESC LIMIT 1)
WHERE `is_timer_active` = 0
  AND EXISTS (SELECT 1 FROM `timer_logs` f WHERE f.`item_id` = `items`.`id` AND f.`action` = 'stop' AND f.`finished` = 1)
  AND (SELECT l.`action` = 'stop' AND l.`finished` = 1 FROM `timer_logs` l WHERE l.`item_id` = `items`.`id` ORDER BY l.`timestamp` DESC, l.`id` DESC LIMIT 1);
--> statement-breakpoint
-- Until now every step's percent and status were typed by a person: they stay as set, marked so.
UPDATE `project_workflow_steps` SET `set_by_hand` = 1 WHERE `percent_complete` > 0 OR `status` IN ('in-progress', 'completed');
--> statement-breakpoint
-- A project's due_at: its due date, else its steps' latest end date (docs/product.md, Decisions: Due dates).
UPDATE `projects` SET `due_at` = coalesce(`projects`.`end_date`, (SELECT max(s.`end_date`) FROM `project_workflow_instances` i JOIN `project_workflow_steps` s ON s.`project_workflow_instance_id` = i.`id` WHERE i.`project_id` = `projects`.`id`));
--> statement-breakpoint
CREATE TRIGGER `projects_due_insert` AFTER INSERT ON `projects` BEGIN
  UPDATE `projects` SET `due_at` = NEW.`end_date` WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `projects_due_update` AFTER UPDATE OF `end_date` ON `projects` BEGIN
  UPDATE `projects` SET `due_at` = coalesce(NEW.`end_date`, (SELECT max(s.`end_date`) FROM `project_workflow_instances` i JOIN `project_workflow_steps` s ON s.`project_workflow_instance_id` = i.`id` WHERE i.`project_id` = NEW.`id`)) WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `pws_due_insert` AFTER INSERT ON `project_workflow_steps` BEGIN
  UPDATE `projects` SET `due_at` = coalesce(`projects`.`end_date`, (SELECT max(s.`end_date`) FROM `project_workflow_instances` i JOIN `project_workflow_steps` s ON s.`project_workflow_instance_id` = i.`id` WHERE i.`project_id` = `projects`.`id`))
  WHERE `id` = (SELECT `project_id` FROM `project_workflow_instances` WHERE `id` = NEW.`project_workflow_instance_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `pws_due_update` AFTER UPDATE OF `end_date`, `project_workflow_instance_id` ON `project_workflow_steps` BEGIN
  UPDATE `projects` SET `due_at` = coalesce(`projects`.`end_date`, (SELECT max(s.`end_date`) FROM `project_workflow_instances` i JOIN `project_workflow_steps` s ON s.`project_workflow_instance_id` = i.`id` WHERE i.`project_id` = `projects`.`id`))
  WHERE `id` IN (SELECT `project_id` FROM `project_workflow_instances` WHERE `id` IN (NEW.`project_workflow_instance_id`, OLD.`project_workflow_instance_id`));
END;
--> statement-breakpoint
CREATE TRIGGER `pws_due_delete` AFTER DELETE ON `project_workflow_steps` BEGIN
  UPDATE `projects` SET `due_at` = coalesce(`projects`.`end_date`, (SELECT max(s.`end_date`) FROM `project_workflow_instances` i JOIN `project_workflow_steps` s ON s.`project_workflow_instance_id` = i.`id` WHERE i.`project_id` = `projects`.`id`))
  WHERE `id` = (SELECT `project_id` FROM `project_workflow_instances` WHERE `id` = OLD.`project_workflow_instance_id`);
END;
