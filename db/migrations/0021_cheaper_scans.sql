DROP INDEX `items_department_idx`;--> statement-breakpoint
-- The running counts by workflow and by department, kept the same, for less. A start or a stop changes one row of
-- each table when the item keeps its workflow (and, for the department table, its department): one UPDATE instead
-- of taking the item out of its row and putting it back. An item moving to another workflow or department still
-- leaves one row and joins the other, as before. The rows an UPDATE alone changes
-- exist: the item's insert (or its last move) made them.
DROP TRIGGER IF EXISTS `items_counts_update`;--> statement-breakpoint
CREATE TRIGGER `items_counts_update` AFTER UPDATE OF `workflow_id` ON `items`
WHEN OLD.`workflow_id` IS NOT NEW.`workflow_id` BEGIN
  UPDATE `workflow_item_counts` SET `total` = `total` - 1, `running` = `running` - OLD.`is_timer_active`, `completed` = `completed` - (OLD.`department` = 'installation')
  WHERE `workflow_id` = coalesce(OLD.`workflow_id`, 0);
  INSERT INTO `workflow_item_counts` (`workflow_id`, `total`, `running`, `completed`)
  VALUES (coalesce(NEW.`workflow_id`, 0), 1, NEW.`is_timer_active`, NEW.`department` = 'installation')
  ON CONFLICT (`workflow_id`) DO UPDATE SET `total` = `total` + 1, `running` = `running` + excluded.`running`, `completed` = `completed` + excluded.`completed`;
END;--> statement-breakpoint
CREATE TRIGGER `items_counts_update_in_place` AFTER UPDATE OF `is_timer_active`, `department` ON `items`
WHEN OLD.`workflow_id` IS NEW.`workflow_id`
  AND (OLD.`is_timer_active` IS NOT NEW.`is_timer_active` OR (OLD.`department` = 'installation') IS NOT (NEW.`department` = 'installation')) BEGIN
  UPDATE `workflow_item_counts` SET `running` = `running` - OLD.`is_timer_active` + NEW.`is_timer_active`,
    `completed` = `completed` - (OLD.`department` = 'installation') + (NEW.`department` = 'installation')
  WHERE `workflow_id` = coalesce(NEW.`workflow_id`, 0);
END;--> statement-breakpoint
DROP TRIGGER IF EXISTS `items_dept_counts_update`;--> statement-breakpoint
CREATE TRIGGER `items_dept_counts_update` AFTER UPDATE OF `department` ON `items`
WHEN OLD.`department` IS NOT NEW.`department` BEGIN
  UPDATE `department_item_counts` SET `total` = `total` - 1, `running` = `running` - OLD.`is_timer_active` WHERE `department` = coalesce(OLD.`department`, 'pre-production');
  INSERT INTO `department_item_counts` (`department`, `total`, `running`) VALUES (coalesce(NEW.`department`, 'pre-production'), 1, NEW.`is_timer_active`)
  ON CONFLICT (`department`) DO UPDATE SET `total` = `total` + 1, `running` = `running` + excluded.`running`;
END;--> statement-breakpoint
CREATE TRIGGER `items_dept_counts_update_in_place` AFTER UPDATE OF `is_timer_active`, `department` ON `items`
WHEN OLD.`department` IS NEW.`department` AND OLD.`is_timer_active` IS NOT NEW.`is_timer_active` BEGIN
  UPDATE `department_item_counts` SET `running` = `running` - OLD.`is_timer_active` + NEW.`is_timer_active`
  WHERE `department` = coalesce(NEW.`department`, 'pre-production');
END;
