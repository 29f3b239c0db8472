CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`actor_id` integer,
	`actor_name` text,
	`action` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text,
	`before` text,
	`after` text,
	`ip` text,
	FOREIGN KEY (`actor_id`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_log_at_idx` ON `audit_log` (`at`);--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity`,`entity_id`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_id`);--> statement-breakpoint
CREATE TABLE `categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`department_sequence` text DEFAULT '[]' NOT NULL,
	`color` text DEFAULT 'gray' NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_name_unique` ON `categories` (`name`);--> statement-breakpoint
CREATE TABLE `departments` (
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
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `departments_value_unique` ON `departments` (`value`);--> statement-breakpoint
CREATE INDEX `departments_name_idx` ON `departments` (`name`);--> statement-breakpoint
CREATE INDEX `departments_active_sort_idx` ON `departments` (`is_active`,`sort_order`);--> statement-breakpoint
CREATE INDEX `departments_machine_idx` ON `departments` (`is_machine`,`is_active`);--> statement-breakpoint
CREATE TABLE `item_file_associations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`item_id` integer NOT NULL,
	`machine_file_id` integer NOT NULL,
	`file_type` text DEFAULT 'print' NOT NULL,
	`updated_by` integer,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`machine_file_id`) REFERENCES `machine_ready_files`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ifa_item_type_uq` ON `item_file_associations` (`item_id`,`file_type`);--> statement-breakpoint
CREATE INDEX `ifa_file_idx` ON `item_file_associations` (`machine_file_id`);--> statement-breakpoint
CREATE INDEX `ifa_updated_by_idx` ON `item_file_associations` (`updated_by`);--> statement-breakpoint
CREATE TABLE `items` (
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
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workflow_id`) REFERENCES `workflows`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`product_workflow_id`) REFERENCES `workflows`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `items_project_idx` ON `items` (`project_id`);--> statement-breakpoint
CREATE INDEX `items_category_idx` ON `items` (`category`);--> statement-breakpoint
CREATE INDEX `items_material_idx` ON `items` (`material`);--> statement-breakpoint
CREATE INDEX `items_department_idx` ON `items` (`department`);--> statement-breakpoint
CREATE INDEX `items_timer_idx` ON `items` (`is_timer_active`);--> statement-breakpoint
CREATE INDEX `items_workflow_idx` ON `items` (`workflow_id`);--> statement-breakpoint
CREATE INDEX `items_product_workflow_idx` ON `items` (`product_workflow_id`);--> statement-breakpoint
CREATE INDEX `items_name_idx` ON `items` (`name`);--> statement-breakpoint
CREATE INDEX `items_created_idx` ON `items` (`created_at`);--> statement-breakpoint
CREATE TABLE `login_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ip` text NOT NULL,
	`at` integer NOT NULL,
	`success` integer NOT NULL,
	`team_member_id` integer,
	FOREIGN KEY (`team_member_id`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `login_attempts_ip_at_idx` ON `login_attempts` (`ip`,`at`);--> statement-breakpoint
CREATE INDEX `login_attempts_member_idx` ON `login_attempts` (`team_member_id`);--> statement-breakpoint
CREATE TABLE `machine_ready_files` (
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
	FOREIGN KEY (`completed_by`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `mrf_project_idx` ON `machine_ready_files` (`project_id`);--> statement-breakpoint
CREATE INDEX `mrf_machine_sort_idx` ON `machine_ready_files` (`machine`,`sort_order`);--> statement-breakpoint
CREATE INDEX `mrf_completed_idx` ON `machine_ready_files` (`is_completed`,`completed_at`);--> statement-breakpoint
CREATE INDEX `mrf_completed_by_idx` ON `machine_ready_files` (`completed_by`);--> statement-breakpoint
CREATE TABLE `machines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`category` text DEFAULT 'Production' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`color` text DEFAULT 'blue' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `machines_name_unique` ON `machines` (`name`);--> statement-breakpoint
CREATE INDEX `machines_active_sort_idx` ON `machines` (`is_active`,`sort_order`);--> statement-breakpoint
CREATE TABLE `materials` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`category` text NOT NULL,
	`color` text DEFAULT 'gray' NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `materials_name_unique` ON `materials` (`name`);--> statement-breakpoint
CREATE INDEX `materials_category_idx` ON `materials` (`category`);--> statement-breakpoint
CREATE TABLE `project_designs` (
	`project_id` integer PRIMARY KEY NOT NULL,
	`file_name` text NOT NULL,
	`file_path` text NOT NULL,
	`file_size` integer NOT NULL,
	`uploaded_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `project_designs_file_path_unique` ON `project_designs` (`file_path`);--> statement-breakpoint
CREATE TABLE `project_steps` (
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
	FOREIGN KEY (`assigned_team_member_id`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `project_steps_project_sort_idx` ON `project_steps` (`project_id`,`sort_order`);--> statement-breakpoint
CREATE INDEX `project_steps_template_idx` ON `project_steps` (`template_id`);--> statement-breakpoint
CREATE INDEX `project_steps_assigned_idx` ON `project_steps` (`assigned_team_member_id`);--> statement-breakpoint
CREATE TABLE `project_workflow_instances` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`workflow_template_id` integer,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workflow_template_id`) REFERENCES `workflows`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `pwi_project_idx` ON `project_workflow_instances` (`project_id`);--> statement-breakpoint
CREATE INDEX `pwi_template_idx` ON `project_workflow_instances` (`workflow_template_id`);--> statement-breakpoint
CREATE TABLE `project_workflow_steps` (
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
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`project_workflow_instance_id`) REFERENCES `project_workflow_instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`assigned_team_member_id`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `pws_instance_sort_idx` ON `project_workflow_steps` (`project_workflow_instance_id`,`sort_order`);--> statement-breakpoint
CREATE INDEX `pws_assigned_idx` ON `project_workflow_steps` (`assigned_team_member_id`);--> statement-breakpoint
CREATE INDEX `pws_department_idx` ON `project_workflow_steps` (`department`);--> statement-breakpoint
CREATE INDEX `pws_status_idx` ON `project_workflow_steps` (`status`);--> statement-breakpoint
CREATE TABLE `projects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`start_date` integer,
	`end_date` integer,
	`priority` text DEFAULT 'medium' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`workflow_id` integer,
	`workflow_name` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`workflow_id`) REFERENCES `workflows`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `projects_name_idx` ON `projects` (`name`);--> statement-breakpoint
CREATE INDEX `projects_priority_idx` ON `projects` (`priority`);--> statement-breakpoint
CREATE INDEX `projects_status_idx` ON `projects` (`status`);--> statement-breakpoint
CREATE INDEX `projects_workflow_idx` ON `projects` (`workflow_id`);--> statement-breakpoint
CREATE INDEX `projects_created_idx` ON `projects` (`created_at`);--> statement-breakpoint
CREATE INDEX `projects_start_idx` ON `projects` (`start_date`);--> statement-breakpoint
CREATE INDEX `projects_end_idx` ON `projects` (`end_date`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`team_member_id` integer NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`last_seen_at` integer NOT NULL,
	`ip` text,
	`user_agent` text,
	FOREIGN KEY (`team_member_id`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_member_idx` ON `sessions` (`team_member_id`);--> statement-breakpoint
CREATE INDEX `sessions_last_seen_idx` ON `sessions` (`last_seen_at`);--> statement-breakpoint
CREATE TABLE `step_assignments` (
	`project_workflow_step_id` integer NOT NULL,
	`team_member_id` integer NOT NULL,
	`assigned_at` integer NOT NULL,
	PRIMARY KEY(`project_workflow_step_id`, `team_member_id`),
	FOREIGN KEY (`project_workflow_step_id`) REFERENCES `project_workflow_steps`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_member_id`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `step_assignments_member_idx` ON `step_assignments` (`team_member_id`);--> statement-breakpoint
CREATE TABLE `step_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`estimated_duration_hours` real,
	`department` text,
	`required_skills` text DEFAULT '[]' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `step_templates_name_idx` ON `step_templates` (`name`);--> statement-breakpoint
CREATE INDEX `step_templates_department_idx` ON `step_templates` (`department`);--> statement-breakpoint
CREATE TABLE `subdepartments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`value` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`department_id` integer NOT NULL,
	`color` text DEFAULT 'blue' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subdepartments_dept_value_uq` ON `subdepartments` (`department_id`,`value`);--> statement-breakpoint
CREATE INDEX `subdepartments_name_idx` ON `subdepartments` (`name`);--> statement-breakpoint
CREATE TABLE `team_members` (
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
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `team_members_active_pin_uq` ON `team_members` (`pin_hash`) WHERE "team_members"."is_active" = 1;--> statement-breakpoint
CREATE INDEX `team_members_pin_idx` ON `team_members` (`pin_hash`);--> statement-breakpoint
CREATE INDEX `team_members_name_idx` ON `team_members` (`name`);--> statement-breakpoint
CREATE INDEX `team_members_active_idx` ON `team_members` (`is_active`);--> statement-breakpoint
CREATE TABLE `timer_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`item_id` integer NOT NULL,
	`action` text NOT NULL,
	`department` text,
	`timestamp` integer NOT NULL,
	`session_duration_seconds` integer,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `timer_logs_item_ts_idx` ON `timer_logs` (`item_id`,`timestamp`);--> statement-breakpoint
CREATE TABLE `upload_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` integer NOT NULL,
	`created_by` integer,
	`stored_path` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `upload_tokens_project_idx` ON `upload_tokens` (`project_id`);--> statement-breakpoint
CREATE INDEX `upload_tokens_created_by_idx` ON `upload_tokens` (`created_by`);--> statement-breakpoint
CREATE TABLE `workflows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`department_sequence` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `workflows_name_unique` ON `workflows` (`name`);