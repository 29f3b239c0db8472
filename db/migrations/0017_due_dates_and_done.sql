ALTER TABLE `items` ADD `finished_at` integer;--> statement-breakpoint
ALTER TABLE `items` ADD `finished_by` integer REFERENCES team_members(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `items_finished_by_idx` ON `items` (`finished_by`);--> statement-breakpoint
CREATE INDEX `items_open_department_idx` ON `items` (`department`,`project_id`) WHERE "items"."finished_at" IS NULL;--> statement-breakpoint
ALTER TABLE `project_workflow_steps` ADD `set_by_hand` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `projects` ADD `completed_at` integer;--> statement-breakpoint
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
