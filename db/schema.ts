import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { MACHINE_STATUSES, PRIORITIES, PROJECT_STATUSES, SIGN_IN_MODES, STEP_STATUSES, TIMER_ACTIONS } from "~/domain/constants";

// Timestamps are UTC epoch milliseconds; SQLite has no time zone and the shop's zone is applied on display.
// The default is written with julianday() (SQLite 3.31+, to the millisecond), not unixepoch('subsec'), which
// needs 3.42: the sqlite3 tools of Debian 12 and older systems could not insert a row without it (decision 0024).
export const NOW_MS_SQL = "(CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER))";
const createdAt = () => integer("created_at", { mode: "timestamp_ms" }).notNull().default(sql.raw(NOW_MS_SQL));
const ts = (name: string) => integer(name, { mode: "timestamp_ms" });
const bool = (name: string) => integer(name, { mode: "boolean" });
const jsonList = (name: string) => text(name, { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`);
// Bumped by every update: a form or API client that read version N may say so, and a stale save is refused.
const version = () => integer("version").notNull().default(1);
// CHECK (col IN (...)) from a constant list, so the database and the code share one list.
const oneOf = (col: SQLiteColumn, values: readonly string[]) => sql.raw(`${col.name} IN (${values.map((v) => `'${v}'`).join(", ")})`);
// Names unique regardless of case ('Vinyl' and 'vinyl' are one material), enforced by the database.
const uniqueNoCase = (name: string, col: SQLiteColumn) => uniqueIndex(name).on(sql`${col} COLLATE NOCASE`);
// The language a member, token or link speaks (docs/product.md, Languages). No CHECK: the list lives in
// app/domain/languages (not imported here: db/ takes only the app's constants and rules) and a zod enum validates
// it, so a third language needs no table rebuild. Readers keep only a value of that list.
const language = () => text("language");

export { DEPARTMENT_KEYS, PRIORITIES, type DepartmentKey, type Priority } from "~/domain/constants";

export const teamMembers = sqliteTable(
  "team_members",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    email: text("email"),
    department: text("department"),
    subdepartment: text("subdepartment"),
    skills: jsonList("skills"),
    accessibleDepartments: jsonList("accessible_departments"),
    // HMAC-SHA256 of the PIN under the server secret: lookup by hash, never stored in clear.
    pinHash: text("pin_hash").notNull(),
    profilePhotoUrl: text("profile_photo_url"),
    isActive: bool("is_active").notNull().default(true),
    // Their own language; null follows the device (its switch, then the browser's Accept-Language).
    language: language(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("team_members_active_pin_uq").on(t.pinHash).where(sql`${t.isActive} = 1`),
    index("team_members_pin_idx").on(t.pinHash),
    index("team_members_name_idx").on(t.name),
    index("team_members_active_idx").on(t.isActive),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    // SHA-256 of the cookie token, so a copy of the database cannot be replayed as a cookie.
    id: text("id").primaryKey(),
    teamMemberId: integer("team_member_id")
      .notNull()
      .references(() => teamMembers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: ts("last_seen_at").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_member_idx").on(t.teamMemberId), index("sessions_last_seen_idx").on(t.lastSeenAt)],
);

export const loginAttempts = sqliteTable(
  "login_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ip: text("ip").notNull(),
    at: ts("at").notNull(),
    success: bool("success").notNull(),
    teamMemberId: integer("team_member_id").references(() => teamMembers.id, {
      onDelete: "set null",
    }),
  },
  (t) => [
    index("login_attempts_ip_at_idx").on(t.ip, t.at),
    // The shop-wide failure budget counts recent failures from every address.
    index("login_attempts_success_at_idx").on(t.success, t.at),
    index("login_attempts_member_idx").on(t.teamMemberId),
  ],
);

// Sign-ins refused by the throttle, one row per address and window with a count: a client hammering the
// sign-in adds nothing but a counter, where one audit row per refusal would grow without bound.
export const loginRefusals = sqliteTable(
  "login_refusals",
  {
    ip: text("ip").notNull(),
    windowStart: ts("window_start").notNull(),
    count: integer("count").notNull().default(1),
    lastAt: ts("last_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.ip, t.windowStart] }), index("login_refusals_last_idx").on(t.lastAt)],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: ts("at").notNull(),
    // No foreign key: audit rows are never rewritten, so a deleted member's rows keep their id (a `set null`
    // would blank it on every row they wrote) and the member filter still finds them; actor_name names them.
    actorId: integer("actor_id"),
    actorName: text("actor_name"),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    before: text("before", { mode: "json" }),
    after: text("after", { mode: "json" }),
    ip: text("ip"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_entity_idx").on(t.entity, t.entityId),
    // The audit trail filtered by record type alone, newest first: in (entity, id) order, so a page of 50 'item'
    // rows among millions is read from the index end instead of sorting every item row (186 ms → 0.3 ms at 1M).
    index("audit_log_kind_idx").on(t.entity),
    index("audit_log_actor_idx").on(t.actorId),
  ],
);

export const categories = sqliteTable(
  "categories",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    departmentSequence: jsonList("department_sequence"),
    color: text("color").notNull().default("gray"),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [uniqueNoCase("categories_name_uq", t.name)],
);

export const departments = sqliteTable(
  "departments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    value: text("value").notNull().unique(),
    description: text("description").notNull().default(""),
    color: text("color").notNull().default("blue"),
    sortOrder: integer("sort_order").notNull().default(0),
    isActive: bool("is_active").notNull().default(true),
    isMachine: bool("is_machine").notNull().default(false),
    machineStatus: text("machine_status").notNull().default("active"),
    category: text("category").notNull().default("Process"),
    // What the department can do in a working day, for the finish-date forecast: people × hours each. Hours null
    // means the shop's working hours a day; 0 people is a department that does no work (decision 0038).
    capacityPeople: integer("capacity_people").notNull().default(1),
    capacityHours: real("capacity_hours"),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    check("departments_sort_order_ck", sql`${t.sortOrder} >= 0`),
    check("departments_capacity_people_ck", sql`${t.capacityPeople} >= 0`),
    check("departments_capacity_hours_ck", sql`${t.capacityHours} IS NULL OR (${t.capacityHours} >= 0 AND ${t.capacityHours} <= 24)`),
    check("departments_machine_status_ck", oneOf(t.machineStatus, MACHINE_STATUSES)),
    index("departments_name_idx").on(t.name),
    index("departments_active_sort_idx").on(t.isActive, t.sortOrder),
    index("departments_machine_idx").on(t.isMachine, t.isActive),
  ],
);

export const subdepartments = sqliteTable(
  "subdepartments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    value: text("value").notNull(),
    description: text("description").notNull().default(""),
    departmentId: integer("department_id")
      .notNull()
      .references(() => departments.id, { onDelete: "cascade" }),
    color: text("color").notNull().default("blue"),
    sortOrder: integer("sort_order").notNull().default(0),
    isActive: bool("is_active").notNull().default(true),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    check("subdepartments_sort_order_ck", sql`${t.sortOrder} >= 0`),
    uniqueIndex("subdepartments_dept_value_uq").on(t.departmentId, t.value),
    index("subdepartments_name_idx").on(t.name),
  ],
);

export const materials = sqliteTable(
  "materials",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    category: text("category").notNull(),
    color: text("color").notNull().default("gray"),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [uniqueNoCase("materials_name_uq", t.name), index("materials_category_idx").on(t.category)],
);

export const machines = sqliteTable(
  "machines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    category: text("category").notNull().default("Production"),
    status: text("status").notNull().default("active"),
    color: text("color").notNull().default("blue"),
    sortOrder: integer("sort_order").notNull().default(0),
    isActive: bool("is_active").notNull().default(true),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueNoCase("machines_name_uq", t.name),
    check("machines_sort_order_ck", sql`${t.sortOrder} >= 0`),
    check("machines_status_ck", oneOf(t.status, MACHINE_STATUSES)),
    index("machines_active_sort_idx").on(t.isActive, t.sortOrder),
  ],
);

export const workflows = sqliteTable(
  "workflows",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    departmentSequence: jsonList("department_sequence"),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [uniqueNoCase("workflows_name_uq", t.name)],
);

export const stepTemplates = sqliteTable(
  "step_templates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    estimatedDurationHours: real("estimated_duration_hours"),
    department: text("department"),
    requiredSkills: jsonList("required_skills"),
    isActive: bool("is_active").notNull().default(true),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    check("step_templates_hours_ck", sql`${t.estimatedDurationHours} IS NULL OR ${t.estimatedDurationHours} >= 0`),
    index("step_templates_name_idx").on(t.name),
    index("step_templates_department_idx").on(t.department),
  ],
);

export const projects = sqliteTable(
  "projects",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    startDate: ts("start_date"),
    endDate: ts("end_date"),
    priority: text("priority", { enum: PRIORITIES }).notNull().default("medium"),
    status: text("status").notNull().default("active"),
    workflowId: integer("workflow_id").references(() => workflows.id, { onDelete: "set null" }),
    workflowName: text("workflow_name"),
    // Who the work is for, and the order's number in the shop's quoting or accounting software: an order import
    // that names a known reference updates that project instead of adding a second one (decision 0045).
    customer: text("customer"),
    externalReference: text("external_reference"),
    // When the floor finished its last item (or a person completed it); null while active, and for a project
    // completed before the date was kept (docs/product.md, Decisions: The end of a job).
    completedAt: ts("completed_at"),
    // The date every promise is measured against: end_date (the due date) when set, else the latest end date of the
    // project's workflow steps. Kept by triggers (migration 0017) so the projects list sorts by it through an index:
    // computed per row, sorting 100,000 projects took 300 ms (docs/product.md, Decisions: Due dates).
    dueAt: ts("due_at"),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    check("projects_priority_ck", oneOf(t.priority, PRIORITIES)),
    uniqueIndex("projects_external_ref_uq").on(sql`${t.externalReference} COLLATE NOCASE`).where(sql`${t.externalReference} IS NOT NULL`),
    check("projects_status_ck", oneOf(t.status, PROJECT_STATUSES)),
    check("projects_dates_ck", sql`${t.startDate} IS NULL OR ${t.endDate} IS NULL OR ${t.startDate} <= ${t.endDate}`),
    index("projects_name_idx").on(t.name),
    index("projects_priority_idx").on(t.priority),
    index("projects_status_idx").on(t.status),
    index("projects_workflow_idx").on(t.workflowId),
    index("projects_created_idx").on(t.createdAt),
    index("projects_start_idx").on(t.startDate),
    index("projects_end_idx").on(t.endDate),
    index("projects_due_idx").on(t.dueAt),
  ],
);

export const projectWorkflowInstances = sqliteTable(
  "project_workflow_instances",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    workflowTemplateId: integer("workflow_template_id").references(() => workflows.id, {
      onDelete: "set null",
    }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    // docs/product.md §3 says "the first instance is the one used": the database keeps it the only one.
    uniqueIndex("pwi_project_uq").on(t.projectId),
    index("pwi_template_idx").on(t.workflowTemplateId),
  ],
);

export const projectWorkflowSteps = sqliteTable(
  "project_workflow_steps",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectWorkflowInstanceId: integer("project_workflow_instance_id")
      .notNull()
      .references(() => projectWorkflowInstances.id, { onDelete: "cascade" }),
    department: text("department").notNull(),
    assignedTeamMemberId: integer("assigned_team_member_id").references(() => teamMembers.id, {
      onDelete: "set null",
    }),
    startDate: ts("start_date"),
    endDate: ts("end_date"),
    percentComplete: integer("percent_complete").notNull().default(0),
    status: text("status").notNull().default("pending"),
    sortOrder: integer("sort_order").notNull().default(0),
    notes: text("notes"),
    // A step follows the floor (its percent is the share of the project's items past its department) unless a
    // person set its percent or status; 'Follow the floor' gives it back (docs/product.md, Decisions).
    setByHand: bool("set_by_hand").notNull().default(false),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    check("pws_percent_ck", sql`${t.percentComplete} BETWEEN 0 AND 100`),
    check("pws_status_ck", oneOf(t.status, STEP_STATUSES)),
    check("pws_dates_ck", sql`${t.startDate} IS NULL OR ${t.endDate} IS NULL OR ${t.startDate} <= ${t.endDate}`),
    uniqueIndex("pws_instance_department_uq").on(t.projectWorkflowInstanceId, t.department),
    index("pws_instance_sort_idx").on(t.projectWorkflowInstanceId, t.sortOrder),
    index("pws_assigned_idx").on(t.assignedTeamMemberId),
    index("pws_department_idx").on(t.department),
    index("pws_status_idx").on(t.status),
  ],
);

export const stepAssignments = sqliteTable(
  "step_assignments",
  {
    projectWorkflowStepId: integer("project_workflow_step_id")
      .notNull()
      .references(() => projectWorkflowSteps.id, { onDelete: "cascade" }),
    teamMemberId: integer("team_member_id")
      .notNull()
      .references(() => teamMembers.id, { onDelete: "cascade" }),
    assignedAt: ts("assigned_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectWorkflowStepId, t.teamMemberId] }), index("step_assignments_member_idx").on(t.teamMemberId)],
);

export const projectSteps = sqliteTable(
  "project_steps",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    templateId: integer("template_id").references(() => stepTemplates.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    assignedTeamMemberId: integer("assigned_team_member_id").references(() => teamMembers.id, {
      onDelete: "set null",
    }),
    startDate: ts("start_date"),
    endDate: ts("end_date"),
    estimatedDurationHours: real("estimated_duration_hours"),
    percentComplete: integer("percent_complete").notNull().default(0),
    department: text("department"),
    sortOrder: integer("sort_order").notNull().default(0),
    status: text("status").notNull().default("pending"),
    notes: text("notes"),
  },
  (t) => [
    check("project_steps_percent_ck", sql`${t.percentComplete} BETWEEN 0 AND 100`),
    check("project_steps_status_ck", oneOf(t.status, STEP_STATUSES)),
    index("project_steps_project_sort_idx").on(t.projectId, t.sortOrder),
    index("project_steps_template_idx").on(t.templateId),
    index("project_steps_assigned_idx").on(t.assignedTeamMemberId),
  ],
);

export const items = sqliteTable(
  "items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    // Category and material are stored by name, as the product's item record does; renames cascade in the models.
    category: text("category").notNull(),
    material: text("material").notNull().default("Unknown"),
    quantity: integer("quantity").notNull().default(1),
    department: text("department").notNull().default("pre-production"),
    assignedMachine: text("assigned_machine"),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    workflowId: integer("workflow_id").references(() => workflows.id, { onDelete: "set null" }),
    productWorkflowId: integer("product_workflow_id").references(() => workflows.id, {
      onDelete: "set null",
    }),
    currentStepIndex: integer("current_step_index").notNull().default(0),
    isTimerActive: bool("is_timer_active").notNull().default(false),
    currentSessionStart: ts("current_session_start"),
    totalTimeSeconds: integer("total_time_seconds").notNull().default(0),
    qrCode: text("qr_code"),
    // Set when a stop in the item's last department finishes it; a finished item leaves the work lists and refuses
    // scans until Reopen clears these (docs/product.md, Decisions: The end of a job).
    finishedAt: ts("finished_at"),
    finishedBy: integer("finished_by").references(() => teamMembers.id, { onDelete: "set null" }),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    check("items_quantity_ck", sql`${t.quantity} >= 1`),
    check("items_total_time_ck", sql`${t.totalTimeSeconds} >= 0`),
    check("items_step_index_ck", sql`${t.currentStepIndex} >= 0`),
    // A running timer always knows when its session started: the elapsed time is computed from it.
    check("items_running_timer_ck", sql`${t.isTimerActive} = 0 OR ${t.currentSessionStart} IS NOT NULL`),
    // A project's items by department, category and finished: a scan's 'steps follow the floor' read is this index
    // alone (docs/product.md, Decisions: The end of a job); it also serves every lookup by project.
    index("items_project_progress_idx").on(t.projectId, t.department, t.category, t.finishedAt),
    index("items_category_idx").on(t.category),
    index("items_material_idx").on(t.material),
    // A department's work list and the forecast read its items project by project; lookups by department alone use
    // it too (an index on department alone was one more index for every stop to move an item in).
    index("items_department_project_idx").on(t.department, t.projectId),
    // Few items run at once: a partial index finds them without indexing every stopped item.
    index("items_running_idx").on(t.projectId).where(sql`${t.isTimerActive} = 1`),
    index("items_workflow_idx").on(t.workflowId),
    index("items_product_workflow_idx").on(t.productWorkflowId),
    index("items_name_idx").on(t.name),
    index("items_created_idx").on(t.createdAt),
    index("items_finished_by_idx").on(t.finishedBy),
    // Work lists and the forecast read the items still to do in a department; finished items pile up in the last
    // department and are left out of this index.
    index("items_open_department_idx").on(t.department, t.projectId).where(sql`${t.finishedAt} IS NULL`),
  ],
);

// Per-workflow item counts for the workflow overview, kept by triggers on items (migration 0004): counting 2,000,000
// items on every page view took 430 ms. workflow_id 0 holds the items without a workflow.
export const workflowItemCounts = sqliteTable("workflow_item_counts", {
  workflowId: integer("workflow_id").primaryKey(),
  total: integer("total").notNull().default(0),
  running: integer("running").notNull().default(0),
  completed: integer("completed").notNull().default(0),
});

export const machineReadyFiles = sqliteTable(
  "machine_ready_files",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    fileName: text("file_name").notNull(),
    machine: text("machine").notNull(),
    fileType: text("file_type").notNull().default("Document"),
    filePath: text("file_path"),
    fileSize: integer("file_size"),
    description: text("description").notNull().default(""),
    projectId: integer("project_id").references(() => projects.id, { onDelete: "cascade" }),
    isCompleted: bool("is_completed").notNull().default(false),
    qrCodeClicked: bool("qr_code_clicked").notNull().default(false),
    qrCodeClickedAt: ts("qr_code_clicked_at"),
    completedBy: integer("completed_by").references(() => teamMembers.id, { onDelete: "set null" }),
    completedAt: ts("completed_at"),
    processingTimeSeconds: integer("processing_time_seconds"),
    sortOrder: integer("sort_order").notNull().default(0),
    priority: text("priority"),
    createdAt: createdAt(),
    // The spreadsheet's 'last updated' time: set by every change of the file's details or state.
    updatedAt: ts("updated_at"),
  },
  (t) => [
    check("mrf_sort_order_ck", sql`${t.sortOrder} >= 0`),
    index("mrf_project_idx").on(t.projectId),
    index("mrf_machine_sort_idx").on(t.machine, t.sortOrder),
    // A machine's open queue in order, and how many wait (the floor's counts), without reading completed files.
    index("mrf_machine_open_idx").on(t.machine, t.isCompleted, t.sortOrder),
    index("mrf_completed_idx").on(t.isCompleted, t.completedAt),
    // A machine's recent completions (the queue keeps the last day's), without reading every file it ever finished.
    index("mrf_machine_done_idx").on(t.machine, t.isCompleted, t.completedAt),
    index("mrf_completed_by_idx").on(t.completedBy),
  ],
);

export const itemFileAssociations = sqliteTable(
  "item_file_associations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    itemId: integer("item_id")
      .notNull()
      .references(() => items.id, { onDelete: "cascade" }),
    machineFileId: integer("machine_file_id")
      .notNull()
      .references(() => machineReadyFiles.id, { onDelete: "cascade" }),
    fileType: text("file_type", { enum: ["print", "cut"] })
      .notNull()
      .default("print"),
    updatedBy: integer("updated_by").references(() => teamMembers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    // One print file and one cut file per item: unassign names only the type.
    uniqueIndex("ifa_item_type_uq").on(t.itemId, t.fileType),
    index("ifa_file_idx").on(t.machineFileId),
    index("ifa_updated_by_idx").on(t.updatedBy),
  ],
);

export const timerLogs = sqliteTable(
  "timer_logs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    itemId: integer("item_id")
      .notNull()
      .references(() => items.id, { onDelete: "cascade" }),
    action: text("action", { enum: TIMER_ACTIONS }).notNull(),
    department: text("department"),
    timestamp: ts("timestamp").notNull(),
    sessionDurationSeconds: integer("session_duration_seconds"),
    // Who scanned; kept when the member is deleted as null rather than losing the log.
    teamMemberId: integer("team_member_id").references(() => teamMembers.id, { onDelete: "set null" }),
    // Set by a scanner that replays scans made offline, so a replayed scan is applied once.
    scanId: text("scan_id"),
    // Whose clock `timestamp` is: the server's, or the scanning device's for a scan replayed after being offline
    // (accepted only within bounds, see timer.server.ts). No CHECK: adding one would rebuild a 20,000,000-row table.
    timeSource: text("time_source", { enum: ["server", "device"] })
      .notNull()
      .default("server"),
    // Flow analytics, written with the row so a date range is one grouped index read: on a start,
    // the seconds the item waited since its stop in the previous department (null when it did not come from
    // another department's stop); on a stop, whether it ended the item's last department.
    waitSeconds: integer("wait_seconds"),
    finished: bool("finished").notNull().default(false),
  },
  (t) => [
    check("timer_logs_action_ck", oneOf(t.action, TIMER_ACTIONS)),
    check("timer_logs_duration_ck", sql`${t.sessionDurationSeconds} IS NULL OR ${t.sessionDurationSeconds} >= 0`),
    index("timer_logs_item_ts_idx").on(t.itemId, t.timestamp),
    index("timer_logs_member_idx").on(t.teamMemberId),
    uniqueIndex("timer_logs_scan_uq").on(t.scanId).where(sql`${t.scanId} IS NOT NULL`),
    // Stops per department by time, covering what the TV board's "completed today" and /analytics's hands-on time
    // read: a query names the departments (a few index seeks) and reads each one's range in order, with no sort,
    // and never visits the 20,000,000-row table itself.
    index("timer_logs_stops_idx").on(t.department, t.timestamp, t.sessionDurationSeconds).where(sql`${t.action} = 'stop'`),
    // Starts per department by time, with their waits: /analytics's waiting time per department.
    index("timer_logs_starts_idx").on(t.department, t.timestamp, t.waitSeconds).where(sql`${t.action} = 'start'`),
    // Finishing stops: per item (a project's finish time) and by time (items finished per day).
    index("timer_logs_finished_idx").on(t.itemId, t.timestamp).where(sql`${t.action} = 'stop' AND ${t.finished} = 1`),
    index("timer_logs_finished_ts_idx").on(t.timestamp).where(sql`${t.action} = 'stop' AND ${t.finished} = 1`),
  ],
);

export const projectDesigns = sqliteTable("project_designs", {
  projectId: integer("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  fileName: text("file_name").notNull(),
  // Server-made name relative to DATA_DIR; never a client path.
  filePath: text("file_path").notNull().unique(),
  fileSize: integer("file_size").notNull(),
  uploadedAt: ts("uploaded_at").notNull(),
});

// Signed single-use upload URLs (design PDFs): a row per issued URL so a second PUT is refused. `usedAt` is set
// while a PUT's bytes arrive and kept only once they are stored: a refused upload leaves the link usable.
export const uploadTokens = sqliteTable(
  "upload_tokens",
  {
    id: text("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    createdBy: integer("created_by").references(() => teamMembers.id, { onDelete: "set null" }),
    storedPath: text("stored_path").notNull(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
  },
  (t) => [index("upload_tokens_project_idx").on(t.projectId), index("upload_tokens_created_by_idx").on(t.createdBy)],
);

export type TeamMember = typeof teamMembers.$inferSelect;
export type Category = typeof categories.$inferSelect;
export type Department = typeof departments.$inferSelect;
export type Subdepartment = typeof subdepartments.$inferSelect;
export type Material = typeof materials.$inferSelect;
export type Machine = typeof machines.$inferSelect;
export type Workflow = typeof workflows.$inferSelect;
export type StepTemplate = typeof stepTemplates.$inferSelect;
export type Project = typeof projects.$inferSelect;
export type Item = typeof items.$inferSelect;

// The projects screen's summary strip (total, active, one count per priority), kept by triggers on projects
// (migration 0005): a scan of 100,000 projects on every page view took 20 ms. One row, id 1.
export const projectCounts = sqliteTable("project_counts", {
  id: integer("id").primaryKey(),
  total: integer("total").notNull().default(0),
  active: integer("active").notNull().default(0),
  rush: integer("rush").notNull().default(0),
  high: integer("high").notNull().default(0),
  medium: integer("medium").notNull().default(0),
  low: integer("low").notNull().default(0),
});

// Items per product category for the items screen's filtered total, kept by triggers on items (migration 0005):
// counting a category's 200,000 items per page view took 9 ms at 2,000,000 items.
export const itemCategoryCounts = sqliteTable("item_category_counts", {
  category: text("category").primaryKey(),
  total: integer("total").notNull().default(0),
});

// Read-only links for a wall TV: a TV cannot type a PIN, so management makes a link with a random
// key. Only the key's SHA-256 is kept (the link is shown once, when made); a key reads the board and its events.
export const boardKeys = sqliteTable(
  "board_keys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    keyHash: text("key_hash").notNull(),
    // What the board speaks, chosen when the link is made: the TV's browser is nobody's.
    language: language().notNull().default("en"),
    createdAt: createdAt(),
    createdBy: integer("created_by").references(() => teamMembers.id, { onDelete: "set null" }),
    lastUsedAt: ts("last_used_at"),
    revokedAt: ts("revoked_at"),
  },
  (t) => [uniqueIndex("board_keys_hash_uq").on(t.keyHash), index("board_keys_created_by_idx").on(t.createdBy)],
);

// Items per department and how many of them run, for the TV board (kept by triggers on items, migration 0008).
export const departmentItemCounts = sqliteTable("department_item_counts", {
  department: text("department").primaryKey(),
  total: integer("total").notNull().default(0),
  running: integer("running").notNull().default(0),
});

// Thermal label printers on the shop's network: labels go to them as ZPL over a raw TCP
// connection (port 9100, the JetDirect convention every Zebra-compatible printer speaks).
export const labelPrinters = sqliteTable(
  "label_printers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    host: text("host").notNull(),
    port: integer("port").notNull().default(9100),
    dpi: integer("dpi").notNull().default(203),
    isActive: bool("is_active").notNull().default(true),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [uniqueNoCase("label_printers_name_uq", t.name)],
);

// The shop's own settings that Global Settings changes at run time (one row, id 1): how staff sign in and the
// address QR labels carry when PUBLIC_URL is not set (docs/decisions/0020-shop-settings.md).
export const shopSettings = sqliteTable(
  "shop_settings",
  {
    id: integer("id").primaryKey(),
    signInMode: text("sign_in_mode", { enum: SIGN_IN_MODES }).notNull().default("pin"),
    shopAddress: text("shop_address"),
    // The shop's working calendar, for the finish-date forecast (decision 0038): ISO weekdays (1 Monday … 7 Sunday),
    // when the day starts (minutes after midnight in SHOP_TIMEZONE), how many hours it lasts, and the holidays
    // (YYYY-MM-DD, shop time). Defaults: Monday to Friday, 8:00, 8 hours, no holidays.
    workingDays: text("working_days", { mode: "json" }).$type<number[]>().notNull().default(sql`'[1,2,3,4,5]'`),
    dayStartMinutes: integer("day_start_minutes").notNull().default(480),
    dayHours: real("day_hours").notNull().default(8),
    holidays: jsonList("holidays"),
    // The shop's name and logo on the customer status page (decision 0043); the logo is a file in DATA_DIR.
    shopName: text("shop_name"),
    shopLogo: text("shop_logo"),
    // How an imported file's 01/02/2026 is read: true day first, false month first, null by the shop's zone (month
    // first in the Americas).
    importDayFirst: bool("import_day_first"),
    // A timer still running an hour after the working day ends is paused at the day's end.
    pauseAtDayEnd: bool("pause_at_day_end").notNull().default(true),
    version: version(),
    updatedAt: ts("updated_at"),
  },
  (t) => [
    check("shop_settings_one_row", sql`${t.id} = 1`),
    check("shop_settings_sign_in_mode", oneOf(t.signInMode, SIGN_IN_MODES)),
    check("shop_settings_day_start_ck", sql`${t.dayStartMinutes} >= 0 AND ${t.dayStartMinutes} < 1440`),
    check("shop_settings_day_hours_ck", sql`${t.dayHours} > 0 AND ${t.dayHours} <= 24`),
  ],
);

// Keys other programs use on /api (decision 0041): only the SHA-256 of the token is kept (it is shown once, when
// made); scopes limit what it may do; every use is audited under the token's name.
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    scopes: jsonList("scopes"),
    // The language of its /api messages; null follows each request's Accept-Language.
    language: language(),
    createdAt: createdAt(),
    createdBy: integer("created_by").references(() => teamMembers.id, { onDelete: "set null" }),
    lastUsedAt: ts("last_used_at"),
    revokedAt: ts("revoked_at"),
  },
  (t) => [uniqueIndex("api_tokens_hash_uq").on(t.tokenHash), index("api_tokens_created_by_idx").on(t.createdBy)],
);

// Where Shopflow tells other programs what happened (decision 0042). The secret signs each delivery
// (Standard Webhooks), so it is kept as it was given: the receiver holds the same one.
export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    url: text("url").notNull(),
    events: jsonList("events"),
    // Sealed with a key derived from secret.key (app/infra/sealed-secret.server.ts): the database alone cannot sign.
    secret: text("secret").notNull(),
    // After 'Make a new secret' the one before still signs beside it until then, so a receiver has a day to update.
    previousSecret: text("previous_secret"),
    previousSecretUntil: ts("previous_secret_until"),
    isActive: bool("is_active").notNull().default(true),
    version: version(),
    createdAt: createdAt(),
    createdBy: integer("created_by").references(() => teamMembers.id, { onDelete: "set null" }),
  },
  (t) => [index("webhook_endpoints_created_by_idx").on(t.createdBy)],
);

// The outbox: one row per endpoint and event, written in the same transaction as the change it reports, so a
// crash loses none; sent in id order per endpoint (decision 0042).
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    // The webhook-id header: the same for every attempt, so a receiver can drop a repeat.
    messageId: text("message_id").notNull(),
    eventType: text("event_type").notNull(),
    payload: text("payload").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at"),
    lastAttemptAt: ts("last_attempt_at"),
    lastStatus: integer("last_status"),
    lastResponseMs: integer("last_response_ms"),
    // The answer's status and reason, or the kind of network error: never the receiver's body.
    lastError: text("last_error"),
    deliveredAt: ts("delivered_at"),
    createdAt: createdAt(),
  },
  (t) => [
    check("webhook_deliveries_status_ck", sql`${t.status} IN ('pending', 'delivered', 'failed')`),
    uniqueIndex("webhook_deliveries_message_uq").on(t.messageId),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.id),
    index("webhook_deliveries_pending_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);

// iCalendar feeds for a department or a member (decision 0043): a calendar app cannot type a PIN, so the feed's
// address carries a random key, of which only the SHA-256 is kept, as with board links.
export const calendarKeys = sqliteTable(
  "calendar_keys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    department: text("department"),
    teamMemberId: integer("team_member_id").references(() => teamMembers.id, { onDelete: "cascade" }),
    keyHash: text("key_hash").notNull(),
    createdAt: createdAt(),
    createdBy: integer("created_by").references(() => teamMembers.id, { onDelete: "set null" }),
    lastUsedAt: ts("last_used_at"),
    revokedAt: ts("revoked_at"),
  },
  (t) => [
    check("calendar_keys_subject_ck", sql`(${t.department} IS NULL) <> (${t.teamMemberId} IS NULL)`),
    uniqueIndex("calendar_keys_hash_uq").on(t.keyHash),
    index("calendar_keys_member_idx").on(t.teamMemberId),
    index("calendar_keys_created_by_idx").on(t.createdBy),
  ],
);

// A project's read-only status link for the shop's customer (decision 0043): only the key's SHA-256 is kept.
export const customerLinks = sqliteTable(
  "customer_links",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    keyHash: text("key_hash").notNull(),
    // The customer's language, chosen when the link is made.
    language: language().notNull().default("en"),
    createdAt: createdAt(),
    createdBy: integer("created_by").references(() => teamMembers.id, { onDelete: "set null" }),
    lastUsedAt: ts("last_used_at"),
    revokedAt: ts("revoked_at"),
  },
  (t) => [
    uniqueIndex("customer_links_hash_uq").on(t.keyHash),
    index("customer_links_project_idx").on(t.projectId),
    index("customer_links_created_by_idx").on(t.createdBy),
  ],
);

// Every backup, made or failed (decision 0044): Global Settings shows the last one and when the next is due. `manual`
// ones are the `backup` command's: listed, but the schedule and the failure notice count only the automatic ones.
export const backupRuns = sqliteTable(
  "backup_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: ["automatic", "manual"] })
      .notNull()
      .default("automatic"),
    startedAt: ts("started_at").notNull(),
    finishedAt: ts("finished_at"),
    path: text("path"),
    sizeBytes: integer("size_bytes"),
    durationMs: integer("duration_ms"),
    ok: bool("ok").notNull().default(false),
    error: text("error"),
  },
  (t) => [index("backup_runs_started_idx").on(t.startedAt)],
);
