-- The /projects summary strip (docs/product.md §2): Active and, of those, how many of each priority. The priority
-- counts used to count completed projects too, so they did not add up to Active.
DROP TRIGGER IF EXISTS `projects_counts_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `projects_counts_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `projects_counts_update`;--> statement-breakpoint
UPDATE `project_counts` SET
  `total` = (SELECT count(*) FROM `projects`),
  `active` = (SELECT count(*) FROM `projects` WHERE `status` <> 'completed'),
  `rush` = (SELECT count(*) FROM `projects` WHERE `status` <> 'completed' AND `priority` = 'rush'),
  `high` = (SELECT count(*) FROM `projects` WHERE `status` <> 'completed' AND `priority` = 'high'),
  `medium` = (SELECT count(*) FROM `projects` WHERE `status` <> 'completed' AND `priority` = 'medium'),
  `low` = (SELECT count(*) FROM `projects` WHERE `status` <> 'completed' AND `priority` = 'low')
WHERE `id` = 1;--> statement-breakpoint
CREATE TRIGGER `projects_counts_insert` AFTER INSERT ON `projects` BEGIN
  UPDATE `project_counts` SET `total` = `total` + 1, `active` = `active` + (NEW.`status` <> 'completed'),
    `rush` = `rush` + (NEW.`status` <> 'completed' AND NEW.`priority` = 'rush'),
    `high` = `high` + (NEW.`status` <> 'completed' AND NEW.`priority` = 'high'),
    `medium` = `medium` + (NEW.`status` <> 'completed' AND NEW.`priority` = 'medium'),
    `low` = `low` + (NEW.`status` <> 'completed' AND NEW.`priority` = 'low')
  WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `projects_counts_delete` AFTER DELETE ON `projects` BEGIN
  UPDATE `project_counts` SET `total` = `total` - 1, `active` = `active` - (OLD.`status` <> 'completed'),
    `rush` = `rush` - (OLD.`status` <> 'completed' AND OLD.`priority` = 'rush'),
    `high` = `high` - (OLD.`status` <> 'completed' AND OLD.`priority` = 'high'),
    `medium` = `medium` - (OLD.`status` <> 'completed' AND OLD.`priority` = 'medium'),
    `low` = `low` - (OLD.`status` <> 'completed' AND OLD.`priority` = 'low')
  WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `projects_counts_update` AFTER UPDATE OF `status`, `priority` ON `projects` BEGIN
  UPDATE `project_counts` SET
    `active` = `active` - (OLD.`status` <> 'completed') + (NEW.`status` <> 'completed'),
    `rush` = `rush` - (OLD.`status` <> 'completed' AND OLD.`priority` = 'rush') + (NEW.`status` <> 'completed' AND NEW.`priority` = 'rush'),
    `high` = `high` - (OLD.`status` <> 'completed' AND OLD.`priority` = 'high') + (NEW.`status` <> 'completed' AND NEW.`priority` = 'high'),
    `medium` = `medium` - (OLD.`status` <> 'completed' AND OLD.`priority` = 'medium') + (NEW.`status` <> 'completed' AND NEW.`priority` = 'medium'),
    `low` = `low` - (OLD.`status` <> 'completed' AND OLD.`priority` = 'low') + (NEW.`status` <> 'completed' AND NEW.`priority` = 'low')
  WHERE `id` = 1;
END;
