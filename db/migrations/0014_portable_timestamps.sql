-- Timestamp defaults every SQLite from 3.31 understands. `unixepoch('subsec')` needs SQLite 3.42, so the sqlite3
-- tools of Debian 12 (3.40) and older systems could not insert a row: created_at came out NULL and the NOT NULL
-- constraint refused it. The default is now `julianday('now')` turned into epoch milliseconds (decision 0024).
--
-- SQLite changes a column default only by rebuilding the table. Each table that had the old default is rebuilt
-- from its own CREATE TABLE text (only the default differs; CHECKs and foreign keys as they were): every row
-- copied with its id, the AUTOINCREMENT counter carried over (an id once handed out is never reused), then its
-- indexes and the triggers that keep the summary counts (dropped with their tables) are created again, exactly
-- as they were. db/migrate.ts turns foreign keys off around the migration and checks them before it commits.
-- categories
CREATE TABLE `__new_categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`department_sequence` text DEFAULT '[]' NOT NULL,
	`color` text DEFAULT 'gray' NOT NULL,
	`created_at` integer DEFAULT (CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)) NOT NULL
, `version` integer DEFAULT 1 NOT NULL);--> statement-breakpoint
INSERT INTO `__new_categories`("id", "name", "description", "department_sequence", "color", "created_at", "version") SELECT "id", "name", "description", "department_sequence", "color", "created_at", "version" FROM `categories`;--> statement-breakpoint
DELETE FROM `sqlite_sequence` WHERE `name` = '__new_categories';--> statement-breakpoint
INSERT INTO `sqlite_sequence` (`name`, `seq`) SELECT '__new_categories', `seq` FROM `sqlite_sequence` WHERE `name` = 'categories';--> statement-breakpoint
DROP TABLE `categories`;--> statement-breakpoint
ALTER TABLE `__new_categories` RENAME TO `categories`;--> statement-breakpoint
CREATE UNIQUE INDEX `categories_name_uq` ON `categories` ("name" COLLATE NOCASE);--> statement-breakpoint
-- item_file_associations
CREATE TABLE `__new_item_file_associations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`item_id` integer NOT NULL,
	`machine_file_id` integer NOT NULL,
	`file_type` text DEFAULT 'print' NOT NULL,
	`updated_by` integer,
	`created_at` integer DEFAULT (CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)) NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`machine_file_id`) REFERENCES `machine_ready_files`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE set null
);--> statement-breakpoint
INSERT INTO `__new_item_file_associations`("id", "item_id", "machine_file_id", "file_type", "updated_by", "created_at") SELECT "id", "item_id", "machine_file_id", "file_type", "updated_by", "created_at" FROM `item_file_associations`;--> statement-breakpoint
DELETE FROM `sqlite_sequence` WHERE `name` = '__new_item_file_associations';--> statement-breakpoint
INSERT INTO `sqlite_sequence` (`name`, `seq`) SELECT '__new_item_file_associations', `seq` FROM `sqlite_sequence` WHERE `name` = 'item_file_associations';--> statement-breakpoint
DROP TABLE `item_file_associations`;--> statement-breakpoint
ALTER TABLE `__new_item_file_associations` RENAME TO `item_file_associations`;--> statement-breakpoint
CREATE UNIQUE INDEX `ifa_item_type_uq` ON `item_file_associations` (`item_id`,`file_type`);--> statement-breakpoint
CREATE INDEX `ifa_file_idx` ON `item_file_associations` (`machine_file_id`);--> statement-breakpoint
CREATE INDEX `ifa_updated_by_idx` ON `item_file_associations` (`updated_by`);--> statement-breakpoint
-- materials
CREATE TABLE `__new_materials` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`category` text NOT NULL,
	`color` text DEFAULT 'gray' NOT NULL,
	`created_at` integer DEFAULT (CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)) NOT NULL
, `version` integer DEFAULT 1 NOT NULL);--> statement-breakpoint
INSERT INTO `__new_materials`("id", "name", "description", "category", "color", "created_at", "version") SELECT "id", "name", "description", "category", "color", "created_at", "version" FROM `materials`;--> statement-breakpoint
DELETE FROM `sqlite_sequence` WHERE `name` = '__new_materials';--> statement-breakpoint
INSERT INTO `sqlite_sequence` (`name`, `seq`) SELECT '__new_materials', `seq` FROM `sqlite_sequence` WHERE `name` = 'materials';--> statement-breakpoint
DROP TABLE `materials`;--> statement-breakpoint
ALTER TABLE `__new_materials` RENAME TO `materials`;--> statement-breakpoint
CREATE INDEX `materials_category_idx` ON `materials` (`category`);--> statement-breakpoint
CREATE UNIQUE INDEX `materials_name_uq` ON `materials` ("name" COLLATE NOCASE);--> statement-breakpoint
-- project_workflow_instances
CREATE TABLE `__new_project_workflow_instances` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`workflow_template_id` integer,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workflow_template_id`) REFERENCES `workflows`(`id`) ON UPDATE no action ON DELETE set null
);--> statement-breakpoint
INSERT INTO `__new_project_workflow_instances`("id", "project_id", "workflow_template_id", "name", "description", "created_at") SELECT "id", "project_id", "workflow_template_id", "name", "description", "created_at" FROM `project_workflow_instances`;--> statement-breakpoint
DELETE FROM `sqlite_sequence` WHERE `name` = '__new_project_workflow_instances';--> statement-breakpoint
INSERT INTO `sqlite_sequence` (`name`, `seq`) SELECT '__new_project_workflow_instances', `seq` FROM `sqlite_sequence` WHERE `name` = 'project_workflow_instances';--> statement-breakpoint
DROP TABLE `project_workflow_instances`;--> statement-breakpoint
ALTER TABLE `__new_project_workflow_instances` RENAME TO `project_workflow_instances`;--> statement-breakpoint
CREATE INDEX `pwi_template_idx` ON `project_workflow_instances` (`workflow_template_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `pwi_project_uq` ON `project_workflow_instances` (`project_id`);--> statement-breakpoint
-- sessions
CREATE TABLE `__new_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`team_member_id` integer NOT NULL,
	`created_at` integer DEFAULT (CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)) NOT NULL,
	`last_seen_at` integer NOT NULL,
	`ip` text,
	`user_agent` text,
	FOREIGN KEY (`team_member_id`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
INSERT INTO `__new_sessions`("id", "team_member_id", "created_at", "last_seen_at", "ip", "user_agent") SELECT "id", "team_member_id", "created_at", "last_seen_at", "ip", "user_agent" FROM `sessions`;--> statement-breakpoint
DROP TABLE `sessions`;--> statement-breakpoint
ALTER TABLE `__new_sessions` RENAME TO `sessions`;--> statement-breakpoint
CREATE INDEX `sessions_member_idx` ON `sessions` (`team_member_id`);--> statement-breakpoint
CREATE INDEX `sessions_last_seen_idx` ON `sessions` (`last_seen_at`);--> statement-breakpoint
-- team_members
CREATE TABLE `__new_team_members` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`department` text,
	`subdepartment` text,
	`skills` text DEFAULT '[]' NOT NULL,
	`accessible_departments` text DEFAULT '[]' NOT NULL,
	`pin_hash` text NOT NULL,
	`profile_photo_url` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)) NOT NULL
, `version` integer DEFAULT 1 NOT NULL);--> statement-breakpoint
INSERT INTO `__new_team_members`("id", "name", "email", "department", "subdepartment", "skills", "accessible_departments", "pin_hash", "profile_photo_url", "is_active", "created_at", "version") SELECT "id", "name", "email", "department", "subdepartment", "skills", "accessible_departments", "pin_hash", "profile_photo_url", "is_active", "created_at", "version" FROM `team_members`;--> statement-breakpoint
DELETE FROM `sqlite_sequence` WHERE `name` = '__new_team_members';--> statement-breakpoint
INSERT INTO `sqlite_sequence` (`name`, `seq`) SELECT '__new_team_members', `seq` FROM `sqlite_sequence` WHERE `name` = 'team_members';--> statement-breakpoint
DROP TABLE `team_members`;--> statement-breakpoint
ALTER TABLE `__new_team_members` RENAME TO `team_members`;--> statement-breakpoint
CREATE UNIQUE INDEX `team_members_active_pin_uq` ON `team_members` (`pin_hash`) WHERE "team_members"."is_active" = 1;--> statement-breakpoint
CREATE INDEX `team_members_pin_idx` ON `team_members` (`pin_hash`);--> statement-breakpoint
CREATE INDEX `team_members_name_idx` ON `team_members` (`name`);--> statement-breakpoint
CREATE INDEX `team_members_active_idx` ON `team_members` (`is_active`);--> statement-breakpoint
-- workflows
CREATE TABLE `__new_workflows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`department_sequence` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)) NOT NULL
, `version` integer DEFAULT 1 NOT NULL);--> statement-breakpoint
INSERT INTO `__new_workflows`("id", "name", "description", "department_sequence", "created_at", "version") SELECT "id", "name", "description", "department_sequence", "created_at", "version" FROM `workflows`;--> statement-breakpoint
DELETE FROM `sqlite_sequence` WHERE `name` = '__new_workflows';--> statement-breakpoint
INSERT INTO `sqlite_sequence` (`name`, `seq`) SELECT '__new_workflows', `seq` FROM `sqlite_sequence` WHERE `name` = 'workflows';--> statement-breakpoint
DROP TABLE `workflows`;--> statement-breakpoint
ALTER TABLE `__new_workflows` RENAME TO `workflows`;--> statement-breakpoint
CREATE UNIQUE INDEX `workflows_name_uq` ON `workflows` ("name" COLLATE NOCASE);--> statement-breakpoint
-- items
CREATE TABLE `__new_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`category` text NOT NULL,
	`material` text DEFAULT 'Unknown' NOT NULL,
	`quantity` integer DEFAULT 1 NOT NULL,
	`department` text DEFAULT 'pre-production' NOT NULL,
	`assigned_machine` text,
	`project_id` integer NOT NULL,
	`workflow_id` integer,
	`product_workflow_id` integer,
	`current_step_index` integer DEFAULT 0 NOT NULL,
	`is_timer_active` integer DEFAULT false NOT NULL,
	`current_session_start` integer,
	`total_time_seconds` integer DEFAULT 0 NOT NULL,
	`qr_code` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workflow_id`) REFERENCES `workflows`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`product_workflow_id`) REFERENCES `workflows`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "items_quantity_ck" CHECK("__new_items"."quantity" >= 1),
	CONSTRAINT "items_total_time_ck" CHECK("__new_items"."total_time_seconds" >= 0),
	CONSTRAINT "items_step_index_ck" CHECK("__new_items"."current_step_index" >= 0),
	CONSTRAINT "items_running_timer_ck" CHECK("__new_items"."is_timer_active" = 0 OR "__new_items"."current_session_start" IS NOT NULL)
);--> statement-breakpoint
INSERT INTO `__new_items`("id", "name", "category", "material", "quantity", "department", "assigned_machine", "project_id", "workflow_id", "product_workflow_id", "current_step_index", "is_timer_active", "current_session_start", "total_time_seconds", "qr_code", "version", "created_at") SELECT "id", "name", "category", "material", "quantity", "department", "assigned_machine", "project_id", "workflow_id", "product_workflow_id", "current_step_index", "is_timer_active", "current_session_start", "total_time_seconds", "qr_code", "version", "created_at" FROM `items`;--> statement-breakpoint
DELETE FROM `sqlite_sequence` WHERE `name` = '__new_items';--> statement-breakpoint
INSERT INTO `sqlite_sequence` (`name`, `seq`) SELECT '__new_items', `seq` FROM `sqlite_sequence` WHERE `name` = 'items';--> statement-breakpoint
DROP TABLE `items`;--> statement-breakpoint
ALTER TABLE `__new_items` RENAME TO `items`;--> statement-breakpoint
CREATE INDEX `items_project_idx` ON `items` (`project_id`);--> statement-breakpoint
CREATE INDEX `items_category_idx` ON `items` (`category`);--> statement-breakpoint
CREATE INDEX `items_material_idx` ON `items` (`material`);--> statement-breakpoint
CREATE INDEX `items_department_idx` ON `items` (`department`);--> statement-breakpoint
CREATE INDEX `items_running_idx` ON `items` (`project_id`) WHERE "items"."is_timer_active" = 1;--> statement-breakpoint
CREATE INDEX `items_workflow_idx` ON `items` (`workflow_id`);--> statement-breakpoint
CREATE INDEX `items_product_workflow_idx` ON `items` (`product_workflow_id`);--> statement-breakpoint
CREATE INDEX `items_name_idx` ON `items` (`name`);--> statement-breakpoint
CREATE INDEX `items_created_idx` ON `items` (`created_at`);--> statement-breakpoint
-- machines
CREATE TABLE `__new_machines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`category` text DEFAULT 'Production' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`color` text DEFAULT 'blue' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)) NOT NULL,
	CONSTRAINT "machines_sort_order_ck" CHECK("__new_machines"."sort_order" >= 0),
	CONSTRAINT "machines_status_ck" CHECK(status IN ('active', 'maintenance', 'offline'))
);--> statement-breakpoint
INSERT INTO `__new_machines`("id", "name", "description", "category", "status", "color", "sort_order", "is_active", "version", "created_at") SELECT "id", "name", "description", "category", "status", "color", "sort_order", "is_active", "version", "created_at" FROM `machines`;--> statement-breakpoint
DELETE FROM `sqlite_sequence` WHERE `name` = '__new_machines';--> statement-breakpoint
INSERT INTO `sqlite_sequence` (`name`, `seq`) SELECT '__new_machines', `seq` FROM `sqlite_sequence` WHERE `name` = 'machines';--> statement-breakpoint
DROP TABLE `machines`;--> statement-breakpoint
ALTER TABLE `__new_machines` RENAME TO `machines`;--> statement-breakpoint
CREATE UNIQUE INDEX `machines_name_uq` ON `machines` ("name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `machines_active_sort_idx` ON `machines` (`is_active`,`sort_order`);--> statement-breakpoint
-- departments
CREATE TABLE `__new_departments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`value` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`color` text DEFAULT 'blue' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`is_machine` integer DEFAULT false NOT NULL,
	`machine_status` text DEFAULT 'active' NOT NULL,
	`category` text DEFAULT 'Process' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)) NOT NULL,
	CONSTRAINT "departments_sort_order_ck" CHECK("__new_departments"."sort_order" >= 0),
	CONSTRAINT "departments_machine_status_ck" CHECK(machine_status IN ('active', 'maintenance', 'offline'))
);--> statement-breakpoint
INSERT INTO `__new_departments`("id", "name", "value", "description", "color", "sort_order", "is_active", "is_machine", "machine_status", "category", "version", "created_at") SELECT "id", "name", "value", "description", "color", "sort_order", "is_active", "is_machine", "machine_status", "category", "version", "created_at" FROM `departments`;--> statement-breakpoint
DELETE FROM `sqlite_sequence` WHERE `name` = '__new_departments';--> statement-breakpoint
INSERT INTO `sqlite_sequence` (`name`, `seq`) SELECT '__new_departments', `seq` FROM `sqlite_sequence` WHERE `name` = 'departments';--> statement-breakpoint
DROP TABLE `departments`;--> statement-breakpoint
ALTER TABLE `__new_departments` RENAME TO `departments`;--> statement-breakpoint
CREATE UNIQUE INDEX `departments_value_unique` ON `departments` (`value`);--> statement-breakpoint
CREATE INDEX `departments_name_idx` ON `departments` (`name`);--> statement-breakpoint
CREATE INDEX `departments_active_sort_idx` ON `departments` (`is_active`,`sort_order`);--> statement-breakpoint
CREATE INDEX `departments_machine_idx` ON `departments` (`is_machine`,`is_active`);--> statement-breakpoint
-- project_workflow_steps
CREATE TABLE `__new_project_workflow_steps` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_workflow_instance_id` integer NOT NULL,
	`department` text NOT NULL,
	`assigned_team_member_id` integer,
	`start_date` integer,
	`end_date` integer,
	`percent_complete` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`notes` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)) NOT NULL,
	FOREIGN KEY (`project_workflow_instance_id`) REFERENCES `project_workflow_instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`assigned_team_member_id`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "pws_percent_ck" CHECK("__new_project_workflow_steps"."percent_complete" BETWEEN 0 AND 100),
	CONSTRAINT "pws_status_ck" CHECK(status IN ('pending', 'not-started', 'in-progress', 'completed')),
	CONSTRAINT "pws_dates_ck" CHECK("__new_project_workflow_steps"."start_date" IS NULL OR "__new_project_workflow_steps"."end_date" IS NULL OR "__new_project_workflow_steps"."start_date" <= "__new_project_workflow_steps"."end_date")
);--> statement-breakpoint
INSERT INTO `__new_project_workflow_steps`("id", "project_workflow_instance_id", "department", "assigned_team_member_id", "start_date", "end_date", "percent_complete", "status", "sort_order", "notes", "version", "created_at") SELECT "id", "project_workflow_instance_id", "department", "assigned_team_member_id", "start_date", "end_date", "percent_complete", "status", "sort_order", "notes", "version", "created_at" FROM `project_workflow_steps`;--> statement-breakpoint
DELETE FROM `sqlite_sequence` WHERE `name` = '__new_project_workflow_steps';--> statement-breakpoint
INSERT INTO `sqlite_sequence` (`name`, `seq`) SELECT '__new_project_workflow_steps', `seq` FROM `sqlite_sequence` WHERE `name` = 'project_workflow_steps';--> statement-breakpoint
DROP TABLE `project_workflow_steps`;--> statement-breakpoint
ALTER TABLE `__new_project_workflow_steps` RENAME TO `project_workflow_steps`;--> statement-breakpoint
CREATE UNIQUE INDEX `pws_instance_department_uq` ON `project_workflow_steps` (`project_workflow_instance_id`,`department`);--> statement-breakpoint
CREATE INDEX `pws_instance_sort_idx` ON `project_workflow_steps` (`project_workflow_instance_id`,`sort_order`);--> statement-breakpoint
CREATE INDEX `pws_assigned_idx` ON `project_workflow_steps` (`assigned_team_member_id`);--> statement-breakpoint
CREATE INDEX `pws_department_idx` ON `project_workflow_steps` (`department`);--> statement-breakpoint
CREATE INDEX `pws_status_idx` ON `project_workflow_steps` (`status`);--> statement-breakpoint
-- projects
CREATE TABLE `__new_projects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`start_date` integer,
	`end_date` integer,
	`priority` text DEFAULT 'medium' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`workflow_id` integer,
	`workflow_name` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)) NOT NULL,
	FOREIGN KEY (`workflow_id`) REFERENCES `workflows`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "projects_priority_ck" CHECK(priority IN ('rush', 'high', 'medium', 'low')),
	CONSTRAINT "projects_status_ck" CHECK(status IN ('active', 'completed')),
	CONSTRAINT "projects_dates_ck" CHECK("__new_projects"."start_date" IS NULL OR "__new_projects"."end_date" IS NULL OR "__new_projects"."start_date" <= "__new_projects"."end_date")
);--> statement-breakpoint
INSERT INTO `__new_projects`("id", "name", "description", "start_date", "end_date", "priority", "status", "workflow_id", "workflow_name", "version", "created_at") SELECT "id", "name", "description", "start_date", "end_date", "priority", "status", "workflow_id", "workflow_name", "version", "created_at" FROM `projects`;--> statement-breakpoint
DELETE FROM `sqlite_sequence` WHERE `name` = '__new_projects';--> statement-breakpoint
INSERT INTO `sqlite_sequence` (`name`, `seq`) SELECT '__new_projects', `seq` FROM `sqlite_sequence` WHERE `name` = 'projects';--> statement-breakpoint
DROP TABLE `projects`;--> statement-breakpoint
ALTER TABLE `__new_projects` RENAME TO `projects`;--> statement-breakpoint
CREATE INDEX `projects_name_idx` ON `projects` (`name`);--> statement-breakpoint
CREATE INDEX `projects_priority_idx` ON `projects` (`priority`);--> statement-breakpoint
CREATE INDEX `projects_status_idx` ON `projects` (`status`);--> statement-breakpoint
CREATE INDEX `projects_workflow_idx` ON `projects` (`workflow_id`);--> statement-breakpoint
CREATE INDEX `projects_created_idx` ON `projects` (`created_at`);--> statement-breakpoint
CREATE INDEX `projects_start_idx` ON `projects` (`start_date`);--> statement-breakpoint
CREATE INDEX `projects_end_idx` ON `projects` (`end_date`);--> statement-breakpoint
-- step_templates
CREATE TABLE `__new_step_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`estimated_duration_hours` real,
	`department` text,
	`required_skills` text DEFAULT '[]' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)) NOT NULL,
	CONSTRAINT "step_templates_hours_ck" CHECK("__new_step_templates"."estimated_duration_hours" IS NULL OR "__new_step_templates"."estimated_duration_hours" >= 0)
);--> statement-breakpoint
INSERT INTO `__new_step_templates`("id", "name", "description", "estimated_duration_hours", "department", "required_skills", "is_active", "version", "created_at") SELECT "id", "name", "description", "estimated_duration_hours", "department", "required_skills", "is_active", "version", "created_at" FROM `step_templates`;--> statement-breakpoint
DELETE FROM `sqlite_sequence` WHERE `name` = '__new_step_templates';--> statement-breakpoint
INSERT INTO `sqlite_sequence` (`name`, `seq`) SELECT '__new_step_templates', `seq` FROM `sqlite_sequence` WHERE `name` = 'step_templates';--> statement-breakpoint
DROP TABLE `step_templates`;--> statement-breakpoint
ALTER TABLE `__new_step_templates` RENAME TO `step_templates`;--> statement-breakpoint
CREATE INDEX `step_templates_name_idx` ON `step_templates` (`name`);--> statement-breakpoint
CREATE INDEX `step_templates_department_idx` ON `step_templates` (`department`);--> statement-breakpoint
-- subdepartments
CREATE TABLE `__new_subdepartments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`value` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`department_id` integer NOT NULL,
	`color` text DEFAULT 'blue' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)) NOT NULL,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "subdepartments_sort_order_ck" CHECK("__new_subdepartments"."sort_order" >= 0)
);--> statement-breakpoint
INSERT INTO `__new_subdepartments`("id", "name", "value", "description", "department_id", "color", "sort_order", "is_active", "version", "created_at") SELECT "id", "name", "value", "description", "department_id", "color", "sort_order", "is_active", "version", "created_at" FROM `subdepartments`;--> statement-breakpoint
DELETE FROM `sqlite_sequence` WHERE `name` = '__new_subdepartments';--> statement-breakpoint
INSERT INTO `sqlite_sequence` (`name`, `seq`) SELECT '__new_subdepartments', `seq` FROM `sqlite_sequence` WHERE `name` = 'subdepartments';--> statement-breakpoint
DROP TABLE `subdepartments`;--> statement-breakpoint
ALTER TABLE `__new_subdepartments` RENAME TO `subdepartments`;--> statement-breakpoint
CREATE UNIQUE INDEX `subdepartments_dept_value_uq` ON `subdepartments` (`department_id`,`value`);--> statement-breakpoint
CREATE INDEX `subdepartments_name_idx` ON `subdepartments` (`name`);--> statement-breakpoint
-- machine_ready_files
CREATE TABLE `__new_machine_ready_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`file_name` text NOT NULL,
	`machine` text NOT NULL,
	`file_type` text DEFAULT 'Document' NOT NULL,
	`file_path` text,
	`file_size` integer,
	`description` text DEFAULT '' NOT NULL,
	`project_id` integer,
	`is_completed` integer DEFAULT false NOT NULL,
	`qr_code_clicked` integer DEFAULT false NOT NULL,
	`qr_code_clicked_at` integer,
	`completed_by` integer,
	`completed_at` integer,
	`processing_time_seconds` integer,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`priority` text,
	`created_at` integer DEFAULT (CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)) NOT NULL, `updated_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`completed_by`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "mrf_sort_order_ck" CHECK("__new_machine_ready_files"."sort_order" >= 0)
);--> statement-breakpoint
INSERT INTO `__new_machine_ready_files`("id", "name", "file_name", "machine", "file_type", "file_path", "file_size", "description", "project_id", "is_completed", "qr_code_clicked", "qr_code_clicked_at", "completed_by", "completed_at", "processing_time_seconds", "sort_order", "priority", "created_at", "updated_at") SELECT "id", "name", "file_name", "machine", "file_type", "file_path", "file_size", "description", "project_id", "is_completed", "qr_code_clicked", "qr_code_clicked_at", "completed_by", "completed_at", "processing_time_seconds", "sort_order", "priority", "created_at", "updated_at" FROM `machine_ready_files`;--> statement-breakpoint
DELETE FROM `sqlite_sequence` WHERE `name` = '__new_machine_ready_files';--> statement-breakpoint
INSERT INTO `sqlite_sequence` (`name`, `seq`) SELECT '__new_machine_ready_files', `seq` FROM `sqlite_sequence` WHERE `name` = 'machine_ready_files';--> statement-breakpoint
DROP TABLE `machine_ready_files`;--> statement-breakpoint
ALTER TABLE `__new_machine_ready_files` RENAME TO `machine_ready_files`;--> statement-breakpoint
CREATE INDEX `mrf_project_idx` ON `machine_ready_files` (`project_id`);--> statement-breakpoint
CREATE INDEX `mrf_machine_sort_idx` ON `machine_ready_files` (`machine`,`sort_order`);--> statement-breakpoint
CREATE INDEX `mrf_completed_idx` ON `machine_ready_files` (`is_completed`,`completed_at`);--> statement-breakpoint
CREATE INDEX `mrf_completed_by_idx` ON `machine_ready_files` (`completed_by`);--> statement-breakpoint
CREATE INDEX `mrf_machine_open_idx` ON `machine_ready_files` (`machine`,`is_completed`,`sort_order`);--> statement-breakpoint
CREATE INDEX `mrf_machine_done_idx` ON `machine_ready_files` (`machine`,`is_completed`,`completed_at`);--> statement-breakpoint
-- board_keys
CREATE TABLE `__new_board_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`key_hash` text NOT NULL,
	`created_at` integer DEFAULT (CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)) NOT NULL,
	`created_by` integer,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`created_by`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE set null
);--> statement-breakpoint
INSERT INTO `__new_board_keys`("id", "name", "key_hash", "created_at", "created_by", "last_used_at", "revoked_at") SELECT "id", "name", "key_hash", "created_at", "created_by", "last_used_at", "revoked_at" FROM `board_keys`;--> statement-breakpoint
DELETE FROM `sqlite_sequence` WHERE `name` = '__new_board_keys';--> statement-breakpoint
INSERT INTO `sqlite_sequence` (`name`, `seq`) SELECT '__new_board_keys', `seq` FROM `sqlite_sequence` WHERE `name` = 'board_keys';--> statement-breakpoint
DROP TABLE `board_keys`;--> statement-breakpoint
ALTER TABLE `__new_board_keys` RENAME TO `board_keys`;--> statement-breakpoint
CREATE UNIQUE INDEX `board_keys_hash_uq` ON `board_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `board_keys_created_by_idx` ON `board_keys` (`created_by`);--> statement-breakpoint
-- label_printers
CREATE TABLE `__new_label_printers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`host` text NOT NULL,
	`port` integer DEFAULT 9100 NOT NULL,
	`dpi` integer DEFAULT 203 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)) NOT NULL
);--> statement-breakpoint
INSERT INTO `__new_label_printers`("id", "name", "host", "port", "dpi", "is_active", "version", "created_at") SELECT "id", "name", "host", "port", "dpi", "is_active", "version", "created_at" FROM `label_printers`;--> statement-breakpoint
DELETE FROM `sqlite_sequence` WHERE `name` = '__new_label_printers';--> statement-breakpoint
INSERT INTO `sqlite_sequence` (`name`, `seq`) SELECT '__new_label_printers', `seq` FROM `sqlite_sequence` WHERE `name` = 'label_printers';--> statement-breakpoint
DROP TABLE `label_printers`;--> statement-breakpoint
ALTER TABLE `__new_label_printers` RENAME TO `label_printers`;--> statement-breakpoint
CREATE UNIQUE INDEX `label_printers_name_uq` ON `label_printers` ("name" COLLATE NOCASE);--> statement-breakpoint
-- The triggers that keep the summary counts (dropped with their tables), exactly as they were.
CREATE TRIGGER `items_counts_insert` AFTER INSERT ON `items` BEGIN
  INSERT INTO `workflow_item_counts` (`workflow_id`, `total`, `running`, `completed`)
  VALUES (coalesce(NEW.`workflow_id`, 0), 1, NEW.`is_timer_active`, NEW.`department` = 'installation')
  ON CONFLICT (`workflow_id`) DO UPDATE SET `total` = `total` + 1, `running` = `running` + excluded.`running`, `completed` = `completed` + excluded.`completed`;
END;--> statement-breakpoint
CREATE TRIGGER `items_counts_delete` AFTER DELETE ON `items` BEGIN
  UPDATE `workflow_item_counts` SET `total` = `total` - 1, `running` = `running` - OLD.`is_timer_active`, `completed` = `completed` - (OLD.`department` = 'installation')
  WHERE `workflow_id` = coalesce(OLD.`workflow_id`, 0);
END;--> statement-breakpoint
CREATE TRIGGER `items_counts_update` AFTER UPDATE OF `workflow_id`, `is_timer_active`, `department` ON `items` BEGIN
  UPDATE `workflow_item_counts` SET `total` = `total` - 1, `running` = `running` - OLD.`is_timer_active`, `completed` = `completed` - (OLD.`department` = 'installation')
  WHERE `workflow_id` = coalesce(OLD.`workflow_id`, 0);
  INSERT INTO `workflow_item_counts` (`workflow_id`, `total`, `running`, `completed`)
  VALUES (coalesce(NEW.`workflow_id`, 0), 1, NEW.`is_timer_active`, NEW.`department` = 'installation')
  ON CONFLICT (`workflow_id`) DO UPDATE SET `total` = `total` + 1, `running` = `running` + excluded.`running`, `completed` = `completed` + excluded.`completed`;
END;--> statement-breakpoint
CREATE TRIGGER `projects_counts_insert` AFTER INSERT ON `projects` BEGIN
  UPDATE `project_counts` SET `total` = `total` + 1, `active` = `active` + (NEW.`status` <> 'completed'),
    `rush` = `rush` + (NEW.`priority` = 'rush'), `high` = `high` + (NEW.`priority` = 'high'),
    `medium` = `medium` + (NEW.`priority` = 'medium'), `low` = `low` + (NEW.`priority` = 'low')
  WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `projects_counts_delete` AFTER DELETE ON `projects` BEGIN
  UPDATE `project_counts` SET `total` = `total` - 1, `active` = `active` - (OLD.`status` <> 'completed'),
    `rush` = `rush` - (OLD.`priority` = 'rush'), `high` = `high` - (OLD.`priority` = 'high'),
    `medium` = `medium` - (OLD.`priority` = 'medium'), `low` = `low` - (OLD.`priority` = 'low')
  WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `projects_counts_update` AFTER UPDATE OF `status`, `priority` ON `projects` BEGIN
  UPDATE `project_counts` SET
    `active` = `active` - (OLD.`status` <> 'completed') + (NEW.`status` <> 'completed'),
    `rush` = `rush` - (OLD.`priority` = 'rush') + (NEW.`priority` = 'rush'),
    `high` = `high` - (OLD.`priority` = 'high') + (NEW.`priority` = 'high'),
    `medium` = `medium` - (OLD.`priority` = 'medium') + (NEW.`priority` = 'medium'),
    `low` = `low` - (OLD.`priority` = 'low') + (NEW.`priority` = 'low')
  WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `items_category_counts_insert` AFTER INSERT ON `items` BEGIN
  INSERT INTO `item_category_counts` (`category`, `total`) VALUES (NEW.`category`, 1)
  ON CONFLICT (`category`) DO UPDATE SET `total` = `total` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `items_category_counts_delete` AFTER DELETE ON `items` BEGIN
  UPDATE `item_category_counts` SET `total` = `total` - 1 WHERE `category` = OLD.`category`;
END;--> statement-breakpoint
CREATE TRIGGER `items_category_counts_update` AFTER UPDATE OF `category` ON `items` WHEN OLD.`category` IS NOT NEW.`category` BEGIN
  UPDATE `item_category_counts` SET `total` = `total` - 1 WHERE `category` = OLD.`category`;
  INSERT INTO `item_category_counts` (`category`, `total`) VALUES (NEW.`category`, 1)
  ON CONFLICT (`category`) DO UPDATE SET `total` = `total` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `items_dept_counts_insert` AFTER INSERT ON `items` BEGIN
  INSERT INTO `department_item_counts` (`department`, `total`, `running`) VALUES (coalesce(NEW.`department`, 'pre-production'), 1, NEW.`is_timer_active`)
  ON CONFLICT (`department`) DO UPDATE SET `total` = `total` + 1, `running` = `running` + excluded.`running`;
END;--> statement-breakpoint
CREATE TRIGGER `items_dept_counts_delete` AFTER DELETE ON `items` BEGIN
  UPDATE `department_item_counts` SET `total` = `total` - 1, `running` = `running` - OLD.`is_timer_active` WHERE `department` = coalesce(OLD.`department`, 'pre-production');
END;--> statement-breakpoint
CREATE TRIGGER `items_dept_counts_update` AFTER UPDATE OF `department`, `is_timer_active` ON `items` BEGIN
  UPDATE `department_item_counts` SET `total` = `total` - 1, `running` = `running` - OLD.`is_timer_active` WHERE `department` = coalesce(OLD.`department`, 'pre-production');
  INSERT INTO `department_item_counts` (`department`, `total`, `running`) VALUES (coalesce(NEW.`department`, 'pre-production'), 1, NEW.`is_timer_active`)
  ON CONFLICT (`department`) DO UPDATE SET `total` = `total` + 1, `running` = `running` + excluded.`running`;
END;

