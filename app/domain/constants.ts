// Browser-safe constants of the domain (docs/product.md §3, §9). db/schema.ts imports these, never the other way round,
// so a screen that needs a list of keys does not pull the database schema into its bundle.

/** Department keys a team member can hold (docs/product.md §3); management overrides all others. */
export const DEPARTMENT_KEYS = ["pre-production", "production", "fabrication", "project-management", "management"] as const;
export type DepartmentKey = (typeof DEPARTMENT_KEYS)[number];

export const PRIORITIES = ["rush", "high", "medium", "low"] as const;
export type Priority = (typeof PRIORITIES)[number];
export const DEFAULT_PRIORITY: Priority = "medium";
/** docs/product.md §9: sort weights. */
export const PRIORITY_WEIGHTS: Record<Priority, number> = { rush: 4, high: 3, medium: 2, low: 1 };

export const PROJECT_STATUSES = ["active", "completed"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** 'not-started' is the stored record's default in docs/product.md §3; the screens use 'pending' (docs/product.md (Decisions)). */
export const STEP_STATUSES = ["pending", "not-started", "in-progress", "completed"] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

export const MACHINE_STATUSES = ["active", "maintenance", "offline"] as const;
export type MachineStatus = (typeof MACHINE_STATUSES)[number];

export const TIMER_ACTIONS = ["start", "stop"] as const;
export const FILE_ASSOCIATION_TYPES = ["print", "cut"] as const;

/** docs/product.md §4: the order an item moves through when its category gives none. */
export const STANDARD_DEPARTMENT_ORDER = ["pre-production", "production", "fabrication", "quality-control", "installation"] as const;
/** docs/product.md §4: an item in this department counts as completed. */
export const COMPLETED_DEPARTMENT = "installation";
export const DEFAULT_ITEM_DEPARTMENT = "pre-production";
export const DEFAULT_MATERIAL = "Unknown";

/** docs/product.md §1: the six departments a shop starts with ('Add the standard departments', docs/product.md (Decisions)). */
export const STANDARD_DEPARTMENTS = [
  { value: "pre-production", name: "Pre-Production", color: "blue" },
  { value: "production", name: "Production", color: "yellow" },
  { value: "fabrication", name: "Fabrication", color: "orange" },
  { value: "quality-control", name: "Quality Control", color: "purple" },
  { value: "installation", name: "Installation", color: "green" },
  { value: "project-management", name: "Project Management", color: "gray" },
] as const;

// docs/product.md §9 colour themes: stored by name, shown as a light background with dark text of the same hue.
export const COLORS = ["blue", "green", "yellow", "red", "purple", "pink", "orange", "gray"] as const;
export type ColorName = (typeof COLORS)[number];

export const PIN_LENGTH = 4;
/** How staff sign in (Global Settings → Sign-in): the PIN alone, or their name first and then the PIN. */
export const SIGN_IN_MODES = ["pin", "name-then-pin"] as const;
export type SignInMode = (typeof SIGN_IN_MODES)[number];
export const DEFAULT_SIGN_IN_MODE: SignInMode = "pin";
export const MIN_QUANTITY = 1;

/**
 * A scan of an item whose session the same member started less than this long ago is a double read of one label
 * (a wedge scanner that fires twice, a double tap), not a stop.
 */
export const DOUBLE_SCAN_WINDOW_MS = 5000;
