-- Tables are rebuilt to add CHECK constraints; db/migrate.ts turns foreign keys off around a migration (a
-- DROP TABLE would otherwise cascade into child rows) and checks them before it commits.
CREATE TABLE `login_refusals` (
	`ip` text NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer DEFAULT 1 NOT NULL,
	`last_at` integer NOT NULL,
	PRIMARY KEY(`ip`, `window_start`)
);
--> statement-breakpoint
CREATE INDEX `login_refusals_last_idx` ON `login_refusals` (`last_at`);--> statement-breakpoint
DROP INDEX `categories_name_unique`;--> statement-breakpoint
ALTER TABLE `categories` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `categories_name_uq` ON `categories` ("name" COLLATE NOCASE);--> statement-breakpoint
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
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workflow_id`) REFERENCES `workflows`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`product_workflow_id`) REFERENCES `workflows`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "items_quantity_ck" CHECK("__new_items"."quantity" >= 1),
	CONSTRAINT "items_total_time_ck" CHECK("__new_items"."total_time_seconds" >= 0),
	CONSTRAINT "items_step_index_ck" CHECK("__new_items"."current_step_index" >= 0),
	CONSTRAINT "items_running_timer_ck" CHECK("__new_items"."is_timer_active" = 0 OR "__new_items"."current_session_start" IS NOT NULL)
);
--> statement-breakpoint
INSERT INTO `__new_items`("id", "name", "category", "material", "quantity", "department", "assigned_machine", "project_id", "workflow_id", "product_workflow_id", "current_step_index", "is_timer_active", "current_session_start", "total_time_seconds", "qr_code", "created_at") SELECT "id", "name", "category", "material", "quantity", "department", "assigned_machine", "project_id", "workflow_id", "product_workflow_id", "current_step_index", "is_timer_active", "current_session_start", "total_time_seconds", "qr_code", "created_at" FROM `items`;--> statement-breakpoint
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
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	CONSTRAINT "machines_sort_order_ck" CHECK("__new_machines"."sort_order" >= 0),
	CONSTRAINT "machines_status_ck" CHECK(status IN ('active', 'maintenance', 'offline'))
);
--> statement-breakpoint
INSERT INTO `__new_machines`("id", "name", "description", "category", "status", "color", "sort_order", "is_active", "created_at") SELECT "id", "name", "description", "category", "status", "color", "sort_order", "is_active", "created_at" FROM `machines`;--> statement-breakpoint
DROP TABLE `machines`;--> statement-breakpoint
ALTER TABLE `__new_machines` RENAME TO `machines`;--> statement-breakpoint
CREATE UNIQUE INDEX `machines_name_uq` ON `machines` ("name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `machines_active_sort_idx` ON `machines` (`is_active`,`sort_order`);--> statement-breakpoint
DROP INDEX `materials_name_unique`;--> statement-breakpoint
ALTER TABLE `materials` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `materials_name_uq` ON `materials` ("name" COLLATE NOCASE);--> statement-breakpoint
DROP INDEX `pwi_project_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `pwi_project_uq` ON `project_workflow_instances` (`project_id`);--> statement-breakpoint
DROP INDEX `workflows_name_unique`;--> statement-breakpoint
ALTER TABLE `workflows` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `workflows_name_uq` ON `workflows` ("name" COLLATE NOCASE);--> statement-breakpoint
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
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	CONSTRAINT "departments_sort_order_ck" CHECK("__new_departments"."sort_order" >= 0),
	CONSTRAINT "departments_machine_status_ck" CHECK(machine_status IN ('active', 'maintenance', 'offline'))
);
--> statement-breakpoint
INSERT INTO `__new_departments`("id", "name", "value", "description", "color", "sort_order", "is_active", "is_machine", "machine_status", "category", "created_at") SELECT "id", "name", "value", "description", "color", "sort_order", "is_active", "is_machine", "machine_status", "category", "created_at" FROM `departments`;--> statement-breakpoint
DROP TABLE `departments`;--> statement-breakpoint
ALTER TABLE `__new_departments` RENAME TO `departments`;--> statement-breakpoint
CREATE UNIQUE INDEX `departments_value_unique` ON `departments` (`value`);--> statement-breakpoint
CREATE INDEX `departments_name_idx` ON `departments` (`name`);--> statement-breakpoint
CREATE INDEX `departments_active_sort_idx` ON `departments` (`is_active`,`sort_order`);--> statement-breakpoint
CREATE INDEX `departments_machine_idx` ON `departments` (`is_machine`,`is_active`);--> statement-breakpoint
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
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`project_workflow_instance_id`) REFERENCES `project_workflow_instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`assigned_team_member_id`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "pws_percent_ck" CHECK("__new_project_workflow_steps"."percent_complete" BETWEEN 0 AND 100),
	CONSTRAINT "pws_status_ck" CHECK(status IN ('pending', 'not-started', 'in-progress', 'completed')),
	CONSTRAINT "pws_dates_ck" CHECK("__new_project_workflow_steps"."start_date" IS NULL OR "__new_project_workflow_steps"."end_date" IS NULL OR "__new_project_workflow_steps"."start_date" <= "__new_project_workflow_steps"."end_date")
);
--> statement-breakpoint
INSERT INTO `__new_project_workflow_steps`("id", "project_workflow_instance_id", "department", "assigned_team_member_id", "start_date", "end_date", "percent_complete", "status", "sort_order", "notes", "created_at") SELECT "id", "project_workflow_instance_id", "department", "assigned_team_member_id", "start_date", "end_date", "percent_complete", "status", "sort_order", "notes", "created_at" FROM `project_workflow_steps`;--> statement-breakpoint
DROP TABLE `project_workflow_steps`;--> statement-breakpoint
ALTER TABLE `__new_project_workflow_steps` RENAME TO `project_workflow_steps`;--> statement-breakpoint
CREATE UNIQUE INDEX `pws_instance_department_uq` ON `project_workflow_steps` (`project_workflow_instance_id`,`department`);--> statement-breakpoint
CREATE INDEX `pws_instance_sort_idx` ON `project_workflow_steps` (`project_workflow_instance_id`,`sort_order`);--> statement-breakpoint
CREATE INDEX `pws_assigned_idx` ON `project_workflow_steps` (`assigned_team_member_id`);--> statement-breakpoint
CREATE INDEX `pws_department_idx` ON `project_workflow_steps` (`department`);--> statement-breakpoint
CREATE INDEX `pws_status_idx` ON `project_workflow_steps` (`status`);--> statement-breakpoint
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
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`workflow_id`) REFERENCES `workflows`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "projects_priority_ck" CHECK(priority IN ('rush', 'high', 'medium', 'low')),
	CONSTRAINT "projects_status_ck" CHECK(status IN ('active', 'completed')),
	CONSTRAINT "projects_dates_ck" CHECK("__new_projects"."start_date" IS NULL OR "__new_projects"."end_date" IS NULL OR "__new_projects"."start_date" <= "__new_projects"."end_date")
);
--> statement-breakpoint
INSERT INTO `__new_projects`("id", "name", "description", "start_date", "end_date", "priority", "status", "workflow_id", "workflow_name", "created_at") SELECT "id", "name", "description", "start_date", "end_date", "priority", "status", "workflow_id", "workflow_name", "created_at" FROM `projects`;--> statement-breakpoint
DROP TABLE `projects`;--> statement-breakpoint
ALTER TABLE `__new_projects` RENAME TO `projects`;--> statement-breakpoint
CREATE INDEX `projects_name_idx` ON `projects` (`name`);--> statement-breakpoint
CREATE INDEX `projects_priority_idx` ON `projects` (`priority`);--> statement-breakpoint
CREATE INDEX `projects_status_idx` ON `projects` (`status`);--> statement-breakpoint
CREATE INDEX `projects_workflow_idx` ON `projects` (`workflow_id`);--> statement-breakpoint
CREATE INDEX `projects_created_idx` ON `projects` (`created_at`);--> statement-breakpoint
CREATE INDEX `projects_start_idx` ON `projects` (`start_date`);--> statement-breakpoint
CREATE INDEX `projects_end_idx` ON `projects` (`end_date`);--> statement-breakpoint
CREATE TABLE `__new_step_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`estimated_duration_hours` real,
	`department` text,
	`required_skills` text DEFAULT '[]' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	CONSTRAINT "step_templates_hours_ck" CHECK("__new_step_templates"."estimated_duration_hours" IS NULL OR "__new_step_templates"."estimated_duration_hours" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_step_templates`("id", "name", "description", "estimated_duration_hours", "department", "required_skills", "is_active", "created_at") SELECT "id", "name", "description", "estimated_duration_hours", "department", "required_skills", "is_active", "created_at" FROM `step_templates`;--> statement-breakpoint
DROP TABLE `step_templates`;--> statement-breakpoint
ALTER TABLE `__new_step_templates` RENAME TO `step_templates`;--> statement-breakpoint
CREATE INDEX `step_templates_name_idx` ON `step_templates` (`name`);--> statement-breakpoint
CREATE INDEX `step_templates_department_idx` ON `step_templates` (`department`);--> statement-breakpoint
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
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "subdepartments_sort_order_ck" CHECK("__new_subdepartments"."sort_order" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_subdepartments`("id", "name", "value", "description", "department_id", "color", "sort_order", "is_active", "created_at") SELECT "id", "name", "value", "description", "department_id", "color", "sort_order", "is_active", "created_at" FROM `subdepartments`;--> statement-breakpoint
DROP TABLE `subdepartments`;--> statement-breakpoint
ALTER TABLE `__new_subdepartments` RENAME TO `subdepartments`;--> statement-breakpoint
CREATE UNIQUE INDEX `subdepartments_dept_value_uq` ON `subdepartments` (`department_id`,`value`);--> statement-breakpoint
CREATE INDEX `subdepartments_name_idx` ON `subdepartments` (`name`);--> statement-breakpoint
ALTER TABLE `team_members` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE TABLE `__new_timer_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`item_id` integer NOT NULL,
	`action` text NOT NULL,
	`department` text,
	`timestamp` integer NOT NULL,
	`session_duration_seconds` integer,
	`team_member_id` integer,
	`scan_id` text,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_member_id`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "timer_logs_action_ck" CHECK(action IN ('start', 'stop')),
	CONSTRAINT "timer_logs_duration_ck" CHECK("__new_timer_logs"."session_duration_seconds" IS NULL OR "__new_timer_logs"."session_duration_seconds" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_timer_logs`("id", "item_id", "action", "department", "timestamp", "session_duration_seconds") SELECT "id", "item_id", "action", "department", "timestamp", "session_duration_seconds" FROM `timer_logs`;--> statement-breakpoint
DROP TABLE `timer_logs`;--> statement-breakpoint
ALTER TABLE `__new_timer_logs` RENAME TO `timer_logs`;--> statement-breakpoint
CREATE INDEX `timer_logs_item_ts_idx` ON `timer_logs` (`item_id`,`timestamp`);--> statement-breakpoint
CREATE INDEX `timer_logs_member_idx` ON `timer_logs` (`team_member_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `timer_logs_scan_uq` ON `timer_logs` (`scan_id`) WHERE "timer_logs"."scan_id" IS NOT NULL;--> statement-breakpoint
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
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`completed_by`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "mrf_sort_order_ck" CHECK("__new_machine_ready_files"."sort_order" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_machine_ready_files`("id", "name", "file_name", "machine", "file_type", "file_path", "file_size", "description", "project_id", "is_completed", "qr_code_clicked", "qr_code_clicked_at", "completed_by", "completed_at", "processing_time_seconds", "sort_order", "priority", "created_at") SELECT "id", "name", "file_name", "machine", "file_type", "file_path", "file_size", "description", "project_id", "is_completed", "qr_code_clicked", "qr_code_clicked_at", "completed_by", "completed_at", "processing_time_seconds", "sort_order", "priority", "created_at" FROM `machine_ready_files`;--> statement-breakpoint
DROP TABLE `machine_ready_files`;--> statement-breakpoint
ALTER TABLE `__new_machine_ready_files` RENAME TO `machine_ready_files`;--> statement-breakpoint
CREATE INDEX `mrf_project_idx` ON `machine_ready_files` (`project_id`);--> statement-breakpoint
CREATE INDEX `mrf_machine_sort_idx` ON `machine_ready_files` (`machine`,`sort_order`);--> statement-breakpoint
CREATE INDEX `mrf_completed_idx` ON `machine_ready_files` (`is_completed`,`completed_at`);--> statement-breakpoint
CREATE INDEX `mrf_completed_by_idx` ON `machine_ready_files` (`completed_by`);--> statement-breakpoint
CREATE TABLE `__new_project_steps` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`template_id` integer,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`assigned_team_member_id` integer,
	`start_date` integer,
	`end_date` integer,
	`estimated_duration_hours` real,
	`percent_complete` integer DEFAULT 0 NOT NULL,
	`department` text,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`notes` text,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`template_id`) REFERENCES `step_templates`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`assigned_team_member_id`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "project_steps_percent_ck" CHECK("__new_project_steps"."percent_complete" BETWEEN 0 AND 100),
	CONSTRAINT "project_steps_status_ck" CHECK(status IN ('pending', 'not-started', 'in-progress', 'completed'))
);
--> statement-breakpoint
INSERT INTO `__new_project_steps`("id", "project_id", "template_id", "name", "description", "assigned_team_member_id", "start_date", "end_date", "estimated_duration_hours", "percent_complete", "department", "sort_order", "status", "notes") SELECT "id", "project_id", "template_id", "name", "description", "assigned_team_member_id", "start_date", "end_date", "estimated_duration_hours", "percent_complete", "department", "sort_order", "status", "notes" FROM `project_steps`;--> statement-breakpoint
DROP TABLE `project_steps`;--> statement-breakpoint
ALTER TABLE `__new_project_steps` RENAME TO `project_steps`;--> statement-breakpoint
CREATE INDEX `project_steps_project_sort_idx` ON `project_steps` (`project_id`,`sort_order`);--> statement-breakpoint
CREATE INDEX `project_steps_template_idx` ON `project_steps` (`template_id`);--> statement-breakpoint
CREATE INDEX `project_steps_assigned_idx` ON `project_steps` (`assigned_team_member_id`);