DROP INDEX `timer_logs_stop_ts_idx`;--> statement-breakpoint
ALTER TABLE `timer_logs` ADD `wait_seconds` integer;--> statement-breakpoint
ALTER TABLE `timer_logs` ADD `finished` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Backfill the logs written before these columns, before the indexes exist (cheaper than updating them row by
-- row). A start's wait: the time since the item's previous log row when that row is a stop in another department.
UPDATE `timer_logs` SET `wait_seconds` = w.`wait` FROM (
  SELECT `id`, (`timestamp` - `prev_ts`) / 1000 AS `wait` FROM (
    SELECT `id`, `action`, `department`, `timestamp`,
      lag(`action`) OVER w AS `prev_action`, lag(`department`) OVER w AS `prev_department`, lag(`timestamp`) OVER w AS `prev_ts`
    FROM `timer_logs` WINDOW w AS (PARTITION BY `item_id` ORDER BY `timestamp`, `id`)
  ) WHERE `action` = 'start' AND `prev_action` = 'stop' AND `prev_department` IS NOT `department`
) AS w WHERE `timer_logs`.`id` = w.`id`;
--> statement-breakpoint
-- A stop finished the item when the item stayed in that department: its next row is a start there, or it has no
-- next row and the item is still there (a stop anywhere but the last department moves the item on).
UPDATE `timer_logs` SET `finished` = 1 FROM (
  SELECT l.`id` FROM (
    SELECT `id`, `item_id`, `action`, `department`, lead(`action`) OVER w AS `next_action`, lead(`department`) OVER w AS `next_department`
    FROM `timer_logs` WINDOW w AS (PARTITION BY `item_id` ORDER BY `timestamp`, `id`)
  ) l JOIN `items` i ON i.`id` = l.`item_id`
  WHERE l.`action` = 'stop'
    AND ((l.`next_action` IS NULL AND i.`department` = l.`department`) OR (l.`next_action` = 'start' AND l.`next_department` = l.`department`))
) AS f WHERE `timer_logs`.`id` = f.`id`;
--> statement-breakpoint
CREATE INDEX `timer_logs_stops_idx` ON `timer_logs` (`department`,`timestamp`,`session_duration_seconds`) WHERE "timer_logs"."action" = 'stop';--> statement-breakpoint
CREATE INDEX `timer_logs_starts_idx` ON `timer_logs` (`department`,`timestamp`,`wait_seconds`) WHERE "timer_logs"."action" = 'start';--> statement-breakpoint
CREATE INDEX `timer_logs_finished_idx` ON `timer_logs` (`item_id`,`timestamp`) WHERE "timer_logs"."action" = 'stop' AND "timer_logs"."finished" = 1;--> statement-breakpoint
CREATE INDEX `timer_logs_finished_ts_idx` ON `timer_logs` (`timestamp`) WHERE "timer_logs"."action" = 'stop' AND "timer_logs"."finished" = 1;