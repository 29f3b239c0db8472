-- Capacity per department and the shop's working calendar, for the finish-date forecast (decision 0038).
-- Added with ADD COLUMN rather than drizzle-kit's table rebuild: no row is copied, and the checks are the same as the
-- table checks db/schema.ts declares.
ALTER TABLE `departments` ADD `capacity_people` integer DEFAULT 1 NOT NULL CONSTRAINT "departments_capacity_people_ck" CHECK(`capacity_people` >= 0);--> statement-breakpoint
ALTER TABLE `departments` ADD `capacity_hours` real CONSTRAINT "departments_capacity_hours_ck" CHECK(`capacity_hours` IS NULL OR (`capacity_hours` >= 0 AND `capacity_hours` <= 24));--> statement-breakpoint
ALTER TABLE `shop_settings` ADD `working_days` text DEFAULT '[1,2,3,4,5]' NOT NULL;--> statement-breakpoint
ALTER TABLE `shop_settings` ADD `day_start_minutes` integer DEFAULT 480 NOT NULL CONSTRAINT "shop_settings_day_start_ck" CHECK(`day_start_minutes` >= 0 AND `day_start_minutes` < 1440);--> statement-breakpoint
ALTER TABLE `shop_settings` ADD `day_hours` real DEFAULT 8 NOT NULL CONSTRAINT "shop_settings_day_hours_ck" CHECK(`day_hours` > 0 AND `day_hours` <= 24);--> statement-breakpoint
ALTER TABLE `shop_settings` ADD `holidays` text DEFAULT '[]' NOT NULL;
