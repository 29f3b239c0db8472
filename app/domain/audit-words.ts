// Shared by browser and server: the audit log stores code names ('workflow-step', 'start-timer'); people read
// words ('Workflow step', 'Start timer'). A name without an entry here is worded by rule, so a new kind of
// change still reads as words.

const ENTITY_LABELS: Record<string, string> = {
  audit_log: "Audit trail",
  "board-key": "TV board link",
  "api-token": "API token",
  "calendar-key": "Calendar feed",
  "shop-settings": "Shop settings",
  database: "Database",
  session: "Sign-in",
};

const ACTION_LABELS: Record<string, string> = {
  login: "Signed in",
  logout: "Signed out",
  "login-failed": "Refused PIN",
  "login-throttled": "Refused PIN (too many tries)",
  "login-budget-tripped": "Sign-ins slowed shop-wide",
  "login-refusals-counted": "Refused sign-ins, counted",
  "login-member-locked": "Team member locked (wrong PINs)",
  "pin-clash-refused": "PIN already in use, refused",
  "prune-audit": "Remove old entries",
  "seed-demo": "Fill with the demo shop",
  "upload-url": "Start an upload",
  // One row an hour sums up an API token's requests (decision 0041).
  use: "Used (hourly summary)",
  // Before 'reorder-steps' (which names its project), a reorder was recorded under the first step's record type.
  reorder: "Reorder",
  "create-customer-link": "Make a customer link",
  "revoke-customer-link": "Revoke a customer link",
  "plan-steps": "Plan the steps",
  // docs/product.md, Decisions: The end of a job.
  "pause-at-day-end": "Paused at the end of the working day",
  "undo-advance": "Undo a scan's move to the next department",
  // The end of a job (decision 0048): what the floor did, and what a person gave back or reopened.
  "complete-on-floor": "Completed on the floor",
  complete: "Completed",
  "follow-floor": "Follow the floor",
  // A large order import writes in batches; one refused half-way puts back the batches before it.
  "undo-import": "Import put back (refused half-way)",
};

/** 'workflow-step' → 'Workflow step', 'audit_log' → 'Audit log'. */
export function words(name: string): string {
  const s = name.replace(/[-_]+/g, " ").trim().toLowerCase();
  return s ? s[0]!.toUpperCase() + s.slice(1) : name;
}

export const auditEntityLabel = (entity: string) => ENTITY_LABELS[entity] ?? words(entity);
export const auditActionLabel = (action: string) => ACTION_LABELS[action] ?? words(action);

/** How many entries the History of a project or item page shows; older ones are in the audit trail. */
export const HISTORY_LIMIT = 20;

/** One entry of a project's or item's History, as the model words it and the page shows it. */
export type HistoryLine = { id: number; when: string; who: string; action: string; subject: string | null; changes: string[] };

// Field names as a shop manager reads them, in the words the forms use. A field without an entry is worded by
// rule ('estimatedDurationHours' → 'Estimated duration hours'), so a new column still reads as words.
const FIELD_LABELS: Record<string, string> = {
  accessibleDepartments: "Department keys",
  assignedMachine: "Machine",
  assignedTeamMemberId: "Assigned to",
  at: "Time",
  capacityHours: "Hours each a day",
  capacityPeople: "People",
  category: "Category",
  clients: "Clients with wrong PINs",
  color: "Color",
  completedAt: "Completed",
  completedBy: "Completed by",
  createdAt: "Created",
  createdBy: "Created by",
  dayHours: "Working day (hours)",
  dayStartMinutes: "Working day starts (minutes after midnight)",
  currentSessionStart: "Timer started",
  currentStepIndex: "Step in the sequence",
  department: "Department",
  departmentId: "Department",
  departmentSequence: "Department sequence",
  description: "Description",
  dpi: "Resolution (dpi)",
  dueDate: "Due date",
  email: "Email",
  endDate: "End date",
  estimatedDurationHours: "Estimated hours",
  expectedUserId: "Chosen team member",
  fileName: "File name",
  filePath: "Stored file",
  fileSize: "File size (bytes)",
  fileType: "File type",
  holidays: "Holidays",
  host: "Address",
  isActive: "Active",
  isMachine: "Machine",
  isTimerActive: "Timer running",
  labels: "Labels",
  lockedMembers: "Team members locked",
  lockedMinutes: "Locked for (minutes)",
  machine: "Machine",
  machineStatus: "Machine status",
  material: "Material",
  members: "Team members",
  name: "Name",
  notes: "Notes",
  olderThan: "Older than",
  percentComplete: "Completion %",
  pinChanged: "PIN changed",
  port: "Port",
  printer: "Printer",
  priority: "Priority",
  processingTimeSeconds: "Processing time (seconds)",
  productWorkflowId: "Product workflow",
  profilePhotoUrl: "Photo URL",
  projectId: "Project",
  qrCode: "QR code",
  quantity: "Quantity",
  reason: "Reason",
  refusedSignIns: "Refused sign-ins counted",
  removed: "Entries removed",
  requiredSkills: "Required skills",
  retentionDays: "Keep entries (days)",
  running: "Timer running",
  scope: "Scope",
  sessionSeconds: "Session (seconds)",
  skills: "Skills",
  sortOrder: "Sort order",
  startDate: "Start date",
  status: "Status",
  stepOrder: "Step order",
  stoppedIn: "Stopped in",
  subdepartment: "Subdepartment",
  teamMembers: "Team members",
  totalTimeSeconds: "Total time (seconds)",
  updatedAt: "Updated",
  value: "Value",
  windowEnd: "Until",
  windowStart: "From",
  workflowId: "Workflow",
  workflowName: "Workflow name",
  workingDays: "Working days",
  wrongPins: "Wrong PINs counted",
};

/** Fields one kind of record names its own way: a project's end date is its due date (docs/product.md, Decisions: Due dates). */
const ENTITY_FIELD_LABELS: Record<string, Record<string, string>> = {
  project: { endDate: "Due date" },
};

/**
 * 'percentComplete' → 'Completion %'; a field without a label: 'estimatedDurationHours' → 'Estimated duration hours';
 * with `entity`, as that kind of record names it.
 */
export function auditFieldLabel(field: string, entity?: string): string {
  return (entity && ENTITY_FIELD_LABELS[entity]?.[field]) ?? FIELD_LABELS[field] ?? words(field.replace(/([a-z0-9])([A-Z])/g, "$1 $2"));
}

/** A stored code value ('in-progress', 'rush') as a word ('In progress', 'Rush'); anything else as it is. */
export function codeWords(value: string): string {
  return /^[a-z]+(?:-[a-z]+)*$/.test(value) ? words(value) : value;
}

/** The audit trail's page: this many entries, newest first, then 'Older →'. */
export const AUDIT_PAGE_SIZE = 50;

/** A From or To that is no day of the calendar ('2026-02-30'). */
export const BAD_DATE = "Enter a real calendar date.";

/** The explanation of a record or project id that is not a number: the filter is left out, and the page says so. */
export function notAnId(what: "record" | "project", typed: string): string {
  return what === "record"
    ? `A record id is a whole number, such as 88: "${typed}" is not one. Showing entries for every record instead.`
    : `A project id is a whole number, such as 23: "${typed}" is not one. Showing entries for every project instead.`;
}
