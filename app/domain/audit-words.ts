import type { MessageDescriptor } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";
import { i18n } from "./i18n-runtime";

// Shared by browser and server: the audit log stores code names ('workflow-step', 'start-timer'); people read
// words ('Workflow step', 'Start timer'), in the language of the page. A name without an entry here is worded by
// rule (in English), so a new kind of change still reads as words. The rows themselves stay as stored.

/** The label `name` has in `labels`, translated; null when it has none. */
function label(labels: Record<string, MessageDescriptor>, name: string): string | null {
  return Object.hasOwn(labels, name) ? i18n._(labels[name]!) : null;
}

const ENTITY_LABELS: Record<string, MessageDescriptor> = {
  audit_log: msg`Audit trail`,
  backup: msg`Backup`,
  category: msg`Category`,
  department: msg`Department`,
  design: msg`Design`,
  item: msg`Item`,
  "item-file": msg`Item file`,
  "label-printer": msg`Label printer`,
  machine: msg`Machine`,
  "machine-file": msg`Machine file`,
  material: msg`Material`,
  "order-import": msg`Order import`,
  project: msg`Project`,
  "step-template": msg`Step template`,
  subdepartment: msg`Subdepartment`,
  "team-member": msg`Team member`,
  "webhook-delivery": msg`Webhook delivery`,
  "webhook-endpoint": msg`Webhook endpoint`,
  workflow: msg`Workflow`,
  "workflow-step": msg`Workflow step`,
  "board-key": msg`TV board link`,
  "api-token": msg`API token`,
  "calendar-key": msg`Calendar feed`,
  "shop-settings": msg`Shop settings`,
  database: msg`Database`,
  session: msg`Sign-in`,
};

const ACTION_LABELS: Record<string, MessageDescriptor> = {
  // The everyday ones, worded as the rule below would word them.
  assign: msg`Assign`,
  "assign-file": msg`Assign file`,
  "backup-now": msg`Backup now`,
  "backup-now-failed": msg`Backup now failed`,
  "bulk-create": msg`Bulk create`,
  create: msg`Create`,
  delete: msg`Delete`,
  "end-timer": msg`End timer`,
  import: msg`Import`,
  "new-secret": msg`New secret`,
  "pause-timer": msg`Pause timer`,
  "print-labels": msg`Print labels`,
  refresh: msg`Refresh`,
  "refresh-workflow": msg`Refresh workflow`,
  "remove-before-restore": msg`Remove before restore`,
  reopen: msg`Reopen`,
  "reorder-steps": msg`Reorder steps`,
  "reset-timer": msg`Reset timer`,
  revoke: msg`Revoke`,
  "send-again": msg`Send again`,
  "set-station": msg`Set station`,
  start: msg`Start`,
  "start-timer": msg`Start timer`,
  stop: msg`Stop`,
  "try-now": msg`Try now`,
  unassign: msg`Unassign`,
  "unassign-file": msg`Unassign file`,
  "undo-save": msg`Undo save`,
  update: msg`Update`,
  login: msg`Signed in`,
  logout: msg`Signed out`,
  "login-failed": msg`Refused PIN`,
  "login-throttled": msg`Refused PIN (too many tries)`,
  "login-budget-tripped": msg`Sign-ins slowed shop-wide`,
  "login-refusals-counted": msg`Refused sign-ins, counted`,
  "login-member-locked": msg`Team member locked (wrong PINs)`,
  "pin-clash-refused": msg`PIN already in use, refused`,
  "prune-audit": msg`Remove old entries`,
  "seed-demo": msg`Fill with the demo shop`,
  "upload-url": msg`Start an upload`,
  // One row an hour sums up an API token's requests (decision 0041).
  use: msg`Used (hourly summary)`,
  // Before 'reorder-steps' (which names its project), a reorder was recorded under the first step's record type.
  reorder: msg`Reorder`,
  "create-customer-link": msg`Make a customer link`,
  "revoke-customer-link": msg`Revoke a customer link`,
  "plan-steps": msg`Plan the steps`,
  // docs/product.md, Decisions: The end of a job.
  "pause-at-day-end": msg`Paused at the end of the working day`,
  "undo-advance": msg`Undo a scan's move to the next department`,
  // The end of a job (decision 0048): what the floor did, and what a person gave back or reopened.
  "complete-on-floor": msg`Completed on the floor`,
  complete: msg`Completed`,
  "follow-floor": msg`Follow the floor`,
  // A large order import writes in batches; one refused half-way puts back the batches before it.
  "undo-import": msg`Import put back (refused half-way)`,
};

/** 'workflow-step' → 'Workflow step', 'audit_log' → 'Audit log'. */
export function words(name: string): string {
  const s = name.replace(/[-_]+/g, " ").trim().toLowerCase();
  return s ? s[0]!.toUpperCase() + s.slice(1) : name;
}

export const auditEntityLabel = (entity: string) => label(ENTITY_LABELS, entity) ?? words(entity);
export const auditActionLabel = (action: string) => label(ACTION_LABELS, action) ?? words(action);

/** How many entries the History of a project or item page shows; older ones are in the audit trail. */
export const HISTORY_LIMIT = 20;

/** One entry of a project's or item's History, as the model words it and the page shows it. */
export type HistoryLine = { id: number; when: string; who: string; action: string; subject: string | null; changes: string[] };

// Field names as a shop manager reads them, in the words the forms use. A field without an entry is worded by
// rule ('estimatedDurationHours' → 'Estimated duration hours'), so a new column still reads as words.
const FIELD_LABELS: Record<string, MessageDescriptor> = {
  // Worded as the rule below would word them, so that they can be said in another language.
  customerLink: msg`Customer link`,
  deliveries: msg`Deliveries`,
  events: msg`Events`,
  messageId: msg`Message id`,
  previousAt: msg`Previous at`,
  previousSignsUntil: msg`Previous signs until`,
  request: msg`Request`,
  requestsSincePrevious: msg`Requests since previous`,
  scopes: msg`Scopes`,
  shopLogo: msg`Shop logo`,
  shopName: msg`Shop name`,
  teamMemberId: msg`Team member id`,
  url: msg`Url`,
  accessibleDepartments: msg`Department keys`,
  assignedMachine: msg`Machine`,
  assignedTeamMemberId: msg`Assigned to`,
  at: msg({ message: "Time", context: "when it happened" }),
  capacityHours: msg`Hours each a day`,
  capacityPeople: msg`People`,
  category: msg`Category`,
  clients: msg`Clients with wrong PINs`,
  color: msg`Color`,
  completedAt: msg`Completed`,
  completedBy: msg`Completed by`,
  createdAt: msg`Created`,
  createdBy: msg`Created by`,
  dayHours: msg`Working day (hours)`,
  dayStartMinutes: msg`Working day starts (minutes after midnight)`,
  currentSessionStart: msg`Timer started`,
  currentStepIndex: msg`Step in the sequence`,
  department: msg`Department`,
  departmentId: msg`Department`,
  departmentSequence: msg`Department sequence`,
  description: msg`Description`,
  dpi: msg`Resolution (dpi)`,
  dueDate: msg`Due date`,
  email: msg`Email`,
  endDate: msg`End date`,
  estimatedDurationHours: msg`Estimated hours`,
  expectedUserId: msg`Chosen team member`,
  fileName: msg`File name`,
  filePath: msg`Stored file`,
  fileSize: msg`File size (bytes)`,
  fileType: msg`File type`,
  holidays: msg`Holidays`,
  host: msg`Address`,
  isActive: msg`Active`,
  isMachine: msg`Machine`,
  isTimerActive: msg`Timer running`,
  labels: msg`Labels`,
  lockedMembers: msg`Team members locked`,
  lockedMinutes: msg`Locked for (minutes)`,
  machine: msg`Machine`,
  machineStatus: msg`Machine status`,
  material: msg`Material`,
  members: msg`Team members`,
  name: msg`Name`,
  notes: msg`Notes`,
  olderThan: msg`Older than`,
  percentComplete: msg`Completion %`,
  pinChanged: msg`PIN changed`,
  port: msg`Port`,
  printer: msg`Printer`,
  priority: msg`Priority`,
  processingTimeSeconds: msg`Processing time (seconds)`,
  productWorkflowId: msg`Product workflow`,
  profilePhotoUrl: msg`Photo URL`,
  projectId: msg`Project`,
  qrCode: msg`QR code`,
  quantity: msg`Quantity`,
  reason: msg`Reason`,
  refusedSignIns: msg`Refused sign-ins counted`,
  removed: msg`Entries removed`,
  requiredSkills: msg`Required skills`,
  retentionDays: msg`Keep entries (days)`,
  running: msg`Timer running`,
  scope: msg`Scope`,
  sessionSeconds: msg`Session (seconds)`,
  skills: msg`Skills`,
  sortOrder: msg`Sort order`,
  startDate: msg`Start date`,
  status: msg`Status`,
  stepOrder: msg`Step order`,
  stoppedIn: msg`Stopped in`,
  subdepartment: msg`Subdepartment`,
  teamMembers: msg`Team members`,
  totalTimeSeconds: msg`Total time (seconds)`,
  updatedAt: msg`Updated`,
  value: msg`Value`,
  windowEnd: msg`Until`,
  windowStart: msg`From`,
  workflowId: msg`Workflow`,
  workflowName: msg`Workflow name`,
  workingDays: msg`Working days`,
  wrongPins: msg`Wrong PINs counted`,
};

/** Fields one kind of record names its own way: a project's end date is its due date (docs/product.md, Decisions: Due dates). */
const ENTITY_FIELD_LABELS: Record<string, Record<string, MessageDescriptor>> = {
  project: { endDate: msg`Due date` },
};

/**
 * 'percentComplete' → 'Completion %'; a field without a label: 'estimatedDurationHours' → 'Estimated duration hours';
 * with `entity`, as that kind of record names it.
 */
export function auditFieldLabel(field: string, entity?: string): string {
  const own = entity && Object.hasOwn(ENTITY_FIELD_LABELS, entity) ? label(ENTITY_FIELD_LABELS[entity]!, field) : null;
  return own ?? label(FIELD_LABELS, field) ?? words(field.replace(/([a-z0-9])([A-Z])/g, "$1 $2"));
}

// The stored code values the app itself writes (priorities, statuses, file kinds), in the words of the screens.
const CODE_LABELS: Record<string, MessageDescriptor> = {
  active: msg`Active`,
  completed: msg`Completed`,
  cut: msg`Cut`,
  device: msg`Device`,
  high: msg`High`,
  "in-progress": msg`In progress`,
  low: msg`Low`,
  maintenance: msg`Maintenance`,
  medium: msg`Medium`,
  "not-started": msg`Not started`,
  offline: msg`Offline`,
  pending: msg`Pending`,
  print: msg`Print`,
  rush: msg`Rush`,
  server: msg`Server`,
};

/** A stored code value ('in-progress', 'rush') as a word ('In progress', 'Rush'); anything else as it is. */
export function codeWords(value: string): string {
  return /^[a-z]+(?:-[a-z]+)*$/.test(value) ? (label(CODE_LABELS, value) ?? words(value)) : value;
}

/** The audit trail's page: this many entries, newest first, then 'Older →'. */
export const AUDIT_PAGE_SIZE = 50;

/** A From or To that is no day of the calendar ('2026-02-30'). */
export const badDateMessage = () => t`Enter a real calendar date.`;

/** The explanation of a record or project id that is not a number: the filter is left out, and the page says so. */
export function notAnId(what: "record" | "project", typed: string): string {
  return what === "record"
    ? t`A record id is a whole number, such as 88: "${typed}" is not one. Showing entries for every record instead.`
    : t`A project id is a whole number, such as 23: "${typed}" is not one. Showing entries for every project instead.`;
}
