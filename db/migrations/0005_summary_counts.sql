CREATE TABLE `item_category_counts` (
	`category` text PRIMARY KEY NOT NULL,
	`total` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `project_counts` (
	`id` integer PRIMARY KEY NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT 0 NOT NULL,
	`rush` integer DEFAULT 0 NOT NULL,
	`high` integer DEFAULT 0 NOT NULL,
	`medium` integer DEFAULT 0 NOT NULL,
	`low` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `project_counts` (`id`, `total`, `active`, `rush`, `high`, `medium`, `low`)
SELECT 1, count(*), coalesce(sum(`status` <> 'completed'), 0), coalesce(sum(`priority` = 'rush'), 0), coalesce(sum(`priority` = 'high'), 0),
  coalesce(sum(`priority` = 'medium'), 0), coalesce(sum(`priority` = 'low'), 0) FROM `projects`;
--> statement-breakpoint
CREATE TRIGGER `projects_counts_insert` AFTER INSERT ON `projects` BEGIN
  UPDATE `project_counts` SET `total` = `total` + 1, `active` = `active` + (NEW.`status` <> 'completed'),
    `rush` = `rush` + (NEW.`priority` = 'rush'), `high` = `high` + (NEW.`priority` = 'high'),
    `medium` = `medium` + (NEW.`priority` = 'medium'), `low` = `low` + (NEW.`priority` = 'low')
  WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `projects_counts_delete` AFTER DELETE ON `projects` BEGIN
  UPDATE `project_counts` SET `total` = `total` - 1, `active` = `active` - (OLD.`status` <> 'completed'),
    `rush` = `rush` - (OLD.`priority` = 'rush'), `high` = `high` - (OLD.`priority` = 'high'),
    `medium` = `medium` - (OLD.`priority` = 'medium'), `low` = `low` - (OLD.`priority` = 'low')
  WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `projects_counts_update` AFTER UPDATE OF `status`, `priority` ON `projects` BEGIN
  UPDATE `project_counts` SET
    `active` = `active` - (OLD.`status` <> 'completed') + (NEW.`status` <> 'completed'),
    `rush` = `rush` - (OLD.`priority` = 'rush') + (NEW.`priority` = 'rush'),
    `high` = `high` - (OLD.`priority` = 'high') + (NEW.`priority` = 'high'),
    `medium` = `medium` - (OLD.`priority` = 'medium') + (NEW.`priority` = 'medium'),
    `low` = `low` - (OLD.`priority` = 'low') + (NEW.`priority` = 'low')
  WHERE `id` = 1;
END;
--> statement-breakpoint
INSERT INTO `item_category_counts` (`category`, `total`) SELECT `category`, count(*) FROM `items` GROUP BY `category`;
--> statement-breakpoint
CREATE TRIGGER `items_category_counts_insert` AFTER INSERT ON `items` BEGIN
  INSERT INTO `item_category_counts` (`category`, `total`) VALUES (NEW.`category`, 1)
  ON CONFLICT (`category`) DO UPDATE SET `total` = `total` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `items_category_counts_delete` AFTER DELETE ON `items` BEGIN
  UPDATE `item_category_counts` SET `total` = `total` - 1 WHERE `category` = OLD.`category`;
END;
--> statement-breakpoint
CREATE TRIGGER `items_category_counts_update` AFTER UPDATE OF `category` ON `items` WHEN OLD.`category` IS NOT NEW.`category` BEGIN
  UPDATE `item_category_counts` SET `total` = `total` - 1 WHERE `category` = OLD.`category`;
  INSERT INTO `item_category_counts` (`category`, `total`) VALUES (NEW.`category`, 1)
  ON CONFLICT (`category`) DO UPDATE SET `total` = `total` + 1;
END;
