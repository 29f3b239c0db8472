import { bidiMessage, hasBidiControls } from "~/domain/bidi";
import { DEFAULT_MATERIAL, PRIORITIES, type Priority } from "~/domain/constants";
import { toCsv } from "~/domain/csv";
import {
  headerKey,
  isBlank,
  isComment,
  noDataRowsMessage,
  oneLine,
  readCsvTable,
  RECORDS_PER_STEP,
  runSteps,
  unreadableCharacterMessage,
  undefused,
} from "~/domain/csv-read";
import { FIRST_IMPORT_DAY, LAST_IMPORT_DAY, readImportDate } from "~/domain/import-dates";
import { currentI18n } from "~/domain/i18n-runtime";
import { plural, t } from "@lingui/core/macro";
import { intlLocaleFor } from "~/domain/languages";

// Order import (decision 0045): projects with their items from a CSV or a JSON body, one line per item. The
// rows are read here into plain text; `planOrderImport` checks every line against the shop's workflows, categories,
// materials and the projects the file's external references name, and says what an import would create or update.
// Browser-safe and free of the database: the model reads the reference data once and hands it over.

export const ORDER_FIELDS = [
  "projectName",
  "customer",
  "externalReference",
  "dueDate",
  "priority",
  "workflow",
  "itemName",
  "quantity",
  "category",
  "material",
] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];

/** The template's headers, in ORDER_FIELDS order. */
export const ORDER_CSV_HEADERS = [
  "Project Name",
  "Customer",
  "External Reference",
  "Due Date",
  "Priority",
  "Workflow",
  "Item Name",
  "Quantity",
  "Category",
  "Material",
] as const;

/** One line of a file or one element of the API's `rows`: every cell as text ('' when empty). */
export type OrderRow = { line: number } & Record<OrderField, string>;

export const MAX_PROJECT_NAME = 200;
export const MAX_CUSTOMER = 200;
export const MAX_REFERENCE = 100;
export const MAX_ITEM_NAME = 200;
export const MAX_QUANTITY = 1_000_000;
/** A file or body of more lines is refused whole: a shop's order export is hundreds of lines, not millions. */
export const MAX_ORDER_ROWS = 10_000;

// Header spellings of quoting and accounting exports: any case, spaces, underscores or hyphens (headerKey).
const HEADERS: Record<OrderField, string[]> = {
  projectName: ["project name", "project", "job name", "job", "order name"],
  customer: ["customer", "customer name", "client", "client name"],
  externalReference: ["external reference", "reference", "external ref", "ref", "order number", "order no", "order", "job number"],
  dueDate: ["due date", "due", "due on", "deadline", "end date"],
  priority: ["priority"],
  workflow: ["workflow", "project workflow"],
  itemName: ["item name", "item", "product", "product name"],
  quantity: ["quantity", "qty", "amount"],
  category: ["category", "item category", "product category"],
  material: ["material", "material type"],
};
const FIELD_OF_HEADER = new Map<string, OrderField>(ORDER_FIELDS.flatMap((f) => HEADERS[f].map((h) => [h, f] as const)));

export type OrderCsvParse = { rows: OrderRow[] } | { problem: string };

/**
 * The lines of an order CSV as text, read as the machine-file import reads its files (decoded by decodeCsvBytes:
 * UTF-8 with or without BOM, UTF-16, Windows-1252; ',' ';' or tab). Blank lines and '#' notes are skipped; line
 * numbers are the file's. A file without a Project Name column, or with too many lines, is a `problem`.
 */
export function* parseOrderCsvSteps(text: string): Generator<undefined, OrderCsvParse> {
  const table = yield* readCsvTable(text);
  if ("problem" in table) return table;
  const columns = new Map<OrderField, number>();
  table.header.forEach((h, i) => {
    const field = FIELD_OF_HEADER.get(headerKey(h));
    if (field && !columns.has(field)) columns.set(field, i);
  });
  if (!columns.has("projectName")) {
    const header = table.header.map((h) => h.trim()).filter(Boolean);
    const found = header.length ? header.join(", ") : t`no header`;
    return {
      problem: t`The CSV needs a Project Name column (found: ${found}). Download the template to see the columns.`,
    };
  }
  const rows: OrderRow[] = [];
  for (let r = 0; r < table.records.length; r++) {
    if (r > 0 && r % RECORDS_PER_STEP === 0) yield;
    const { line, cells } = table.records[r]!;
    if (isBlank(cells) || isComment(cells)) continue;
    const row = { line } as OrderRow;
    for (const field of ORDER_FIELDS) {
      const at = columns.get(field);
      row[field] = at === undefined ? "" : oneLine(cells[at]);
    }
    rows.push(row);
    if (rows.length > MAX_ORDER_ROWS) return { problem: tooManyRows() };
  }
  if (rows.length === 0) return { problem: noDataRowsMessage() };
  return { rows };
}

/** A number as the language of the request (or the page) writes it. */
const count = (n: number) => n.toLocaleString(intlLocaleFor(currentI18n().locale));

export const tooManyRows = () => {
  const most = count(MAX_ORDER_ROWS);
  return t`The import takes at most ${most} lines: split the file.`;
};

// ---------------------------------------------------------------------------------------------
// The plan

export type ImportWorkflow = { id: number; name: string };
export type ExistingItem = { id: number; name: string; quantity: number; category: string; material: string };
/** A project a reference in the rows names, as stored; days as 'yyyy-mm-dd' in the shop's zone. */
export type ExistingProject = {
  id: number;
  name: string;
  customer: string | null;
  externalReference: string;
  priority: Priority;
  startDay: string | null;
  dueDay: string | null;
  workflowId: number | null;
  workflowName: string | null;
  items: ExistingItem[];
};
export type OrderReferenceData = {
  workflows: ImportWorkflow[];
  categories: string[];
  materials: string[];
  existing: ExistingProject[];
  /** How 01/02/2026 is read: day first (true) or month first (Global Settings → Imported files). */
  dayFirst?: boolean;
  /** Names of the shop's projects that lines without an External Reference name (any case), as stored. */
  sameNames?: string[];
};

export type PlannedItem = {
  line: number;
  name: string;
  /** create: a new item; update: a stored item of that name changes; same: it is already as the file says. */
  action: "create" | "update" | "same";
  existingId?: number;
  quantity: number;
  category: string;
  material: string;
  /** What an update changes, in words ('quantity 2 → 4'). */
  changes: string[];
};

export type PlannedProject = {
  action: "create" | "update" | "same";
  existingId?: number;
  lines: number[];
  name: string;
  customer: string | null;
  externalReference: string | null;
  dueDay: string | null;
  priority: Priority;
  workflow: ImportWorkflow | null;
  /** What an update changes on the project itself, in words. */
  changes: string[];
  /** The project's own fields an update changes. */
  changedFields: ("name" | "customer" | "dueDate" | "priority")[];
  /** Said in the preview, not a fault: an existing project keeps its workflow (decision 0045). */
  note: string | null;
  items: PlannedItem[];
};

/** A bad line: its number in the file (or 1 + its index in the API's rows), its index in the rows, and why. */
export type OrderIssue = { line: number; index: number; message: string };
/** `warnings`: said in the preview and the dry run, never a refusal (a second project of a name the shop has). */
export type OrderPlan = { projects: PlannedProject[]; issues: OrderIssue[]; warnings: OrderIssue[]; rowCount: number };

export type PlanCounts = { create: number; update: number; same: number; itemsCreate: number; itemsUpdate: number };
export function planCounts(plan: OrderPlan): PlanCounts {
  const c: PlanCounts = { create: 0, update: 0, same: 0, itemsCreate: 0, itemsUpdate: 0 };
  for (const p of plan.projects) {
    c[p.action]++;
    for (const i of p.items) {
      if (i.action === "create") c.itemsCreate++;
      else if (i.action === "update") c.itemsUpdate++;
    }
  }
  return c;
}

/** Whether an import adds or changes an item: an item write (an API token needs `items:write` for it). */
export const touchesItems = (c: PlanCounts) => c.itemsCreate + c.itemsUpdate > 0;

/** '2 projects created, 1 updated (14 items added, 3 changed)': what an import did or will do. */
export function planSummary(c: PlanCounts, tense: "will" | "did" = "did"): string {
  const did = tense === "did";
  const parts: string[] = [];
  if (c.create) {
    const n = count(c.create);
    parts.push(
      did
        ? plural(c.create, { one: `${n} project created`, other: `${n} projects created` })
        : plural(c.create, { one: `${n} project to create`, other: `${n} projects to create` }),
    );
  }
  if (c.update) {
    const n = count(c.update);
    parts.push(
      did
        ? plural(c.update, { one: `${n} project updated`, other: `${n} projects updated` })
        : plural(c.update, { one: `${n} project to update`, other: `${n} projects to update` }),
    );
  }
  const items: string[] = [];
  if (c.itemsCreate) {
    const n = count(c.itemsCreate);
    items.push(
      did
        ? plural(c.itemsCreate, { one: `${n} item added`, other: `${n} items added` })
        : plural(c.itemsCreate, { one: `${n} item to add`, other: `${n} items to add` }),
    );
  }
  if (c.itemsUpdate) {
    const n = count(c.itemsUpdate);
    items.push(
      did
        ? plural(c.itemsUpdate, { one: `${n} item changed`, other: `${n} items changed` })
        : plural(c.itemsUpdate, { one: `${n} item to change`, other: `${n} items to change` }),
    );
  }
  if (items.length) parts.push(items.join(", "));
  if (parts.length === 0)
    return did ? t`Nothing to import: every project is already as the file says.` : t`Nothing to change: every project is already as the file says.`;
  return parts.join(" · ");
}

/**
 * A due date as 'yyyy-mm-dd', or null when it is not one: read as shops' spreadsheets write dates
 * (domain/import-dates.ts), 01/02/2026 by the shop's order (`dayFirst`, Global Settings → Imported files).
 */
export function parseDueDate(text: string, dayFirst = false): string | null {
  return readImportDate(undefused(text.trim()), dayFirst);
}

/** 'A project named "…" already exists: …': a line that makes a second project of a name the shop has. */
export const sameNameWarning = (name: string) =>
  t`A project named "${name}" already exists: this makes a second one. Add an External Reference to update it instead.`;

const listChoices = (names: readonly string[], none: string) => {
  if (names.length === 0) return none;
  const first = names.slice(0, 8).join(", ");
  const more = names.length - 8;
  return names.length > 8 ? t`${first} and ${more} more` : names.join(", ");
};
const byName = <T>(list: readonly T[], name: (t: T) => string) => {
  const map = new Map<string, T>();
  for (const t of list) {
    const key = name(t).trim().toLowerCase();
    if (!map.has(key)) map.set(key, t);
  }
  return map;
};
const CONTROL = /[\p{Cc}\p{Cs}]/u;

/**
 * What importing `rows` would do, and every bad line with why. Lines of one project share its external reference
 * (any case) or, without one, its name; a reference the shop already has updates that project. A project's own
 * cells may be left empty on its later lines; a different value there is a bad line. On an update an empty cell
 * keeps what is stored.
 */
export function planOrderImport(rows: readonly OrderRow[], ref: OrderReferenceData): OrderPlan {
  return runSteps(planOrderImportSteps(rows, ref));
}

/** Lines a step of planOrderImportSteps checks before it yields. */
const PLAN_LINES_PER_STEP = 1000;

/** planOrderImport as steps: yields between slices of lines, so a caller may let other work run (a 10,000-line plan). */
export function* planOrderImportSteps(rows: readonly OrderRow[], ref: OrderReferenceData): Generator<undefined, OrderPlan> {
  const workflows = byName(ref.workflows, (w) => w.name);
  const categories = byName(ref.categories, (c) => c);
  const materials = byName(ref.materials, (m) => m);
  const existing = byName(ref.existing, (p) => p.externalReference);
  const workflowNames = ref.workflows.map((w) => w.name);
  const dayFirst = ref.dayFirst ?? false;
  const sameNames = byName(ref.sameNames ?? [], (n) => n);
  const issues: OrderIssue[] = [];
  const warnings: OrderIssue[] = [];

  type Group = {
    first: OrderRow;
    firstIndex: number;
    stored: ExistingProject | undefined;
    name: string;
    customer: string;
    reference: string;
    dueDay: string | null;
    priority: Priority | null;
    workflow: ImportWorkflow | null;
    lines: number[];
    items: PlannedItem[];
    itemLines: Map<string, number>;
  };
  const groups = new Map<string, Group>();

  // Each line's checks end at its first problem: `return bad(...)`.
  const checkLine = (row: OrderRow, index: number): false | undefined => {
    const bad = (message: string) => {
      issues.push({ line: row.line, index, message });
      return false as const;
    };
    const cells = ORDER_FIELDS.map((f) => row[f]);
    // The sentence starts with the character itself, capitalised: "A character could not be read…".
    if (cells.some((c) => c.includes("\uFFFD"))) return bad(capitalised(unreadableCharacterMessage()));
    if (cells.some((c) => CONTROL.test(c))) return bad(t`Remove the control characters (they cannot be shown or printed).`);
    if (cells.some((c) => hasBidiControls(c))) return bad(bidiMessage());

    // The project this line belongs to.
    const name = row.projectName;
    const reference = row.externalReference;
    if (!name) return bad(t`Project name is missing.`);
    if (name.length > MAX_PROJECT_NAME) return bad(t`Project name is longer than ${MAX_PROJECT_NAME} characters.`);
    if (row.customer.length > MAX_CUSTOMER) return bad(t`Customer is longer than ${MAX_CUSTOMER} characters.`);
    if (reference.length > MAX_REFERENCE) return bad(t`External reference is longer than ${MAX_REFERENCE} characters.`);
    let dueDay: string | null = null;
    if (row.dueDate) {
      dueDay = parseDueDate(row.dueDate, dayFirst);
      const typed = row.dueDate;
      if (!dueDay)
        return bad(
          dayFirst
            ? t`Due date "${typed}" is not a date: write it as 2026-12-18, or day first (18/12/2026) as this shop reads dates.`
            : t`Due date "${typed}" is not a date: write it as 2026-12-18, or month first (12/18/2026) as this shop reads dates.`,
        );
      if (dueDay < FIRST_IMPORT_DAY || dueDay > LAST_IMPORT_DAY) return bad(t`Due date "${typed}" is not between 2000 and 2099.`);
    }
    let priority: Priority | null = null;
    if (row.priority) {
      priority = PRIORITIES.find((p) => p === row.priority.toLowerCase()) ?? null;
      const typed = row.priority;
      const choices = PRIORITIES.join(", ");
      if (!priority) return bad(t`Unknown priority "${typed}". Use one of: ${choices}.`);
    }
    let workflow: ImportWorkflow | null = null;
    if (row.workflow) {
      workflow = workflows.get(row.workflow.toLowerCase()) ?? workflows.get(undefused(row.workflow).toLowerCase()) ?? null;
      if (!workflow) {
        const typed = row.workflow;
        const choices = listChoices(workflowNames, t`no workflows yet (add one on the Workflows page)`);
        return bad(t`Unknown workflow "${typed}". Use one of: ${choices}.`);
      }
    }

    // The item on this line, if any: a line with no item cells is a project without items.
    const hasItem = Boolean(row.itemName || row.quantity || row.category || row.material);
    let item: { name: string; quantity: number | null; category: string | null; material: string | null } | null = null;
    if (hasItem) {
      if (!row.itemName) return bad(t`Item name is missing.`);
      if (row.itemName.length > MAX_ITEM_NAME) return bad(t`Item name is longer than ${MAX_ITEM_NAME} characters.`);
      let quantity: number | null = null;
      if (row.quantity) {
        const q = undefused(row.quantity.trim());
        quantity = /^\d+$/.test(q) ? Number(q) : Number.NaN;
        if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
          const typed = row.quantity;
          const most = count(MAX_QUANTITY);
          return bad(t`Quantity "${typed}" is not a whole number from 1 to ${most}.`);
        }
      }
      let category: string | null = null;
      if (row.category) {
        category = categories.get(row.category.toLowerCase()) ?? null;
        if (!category) {
          const typed = row.category;
          const choices = listChoices(ref.categories, t`no categories yet (add them in Global Settings > Products)`);
          return bad(t`Unknown category "${typed}". Use one of: ${choices}.`);
        }
      }
      let material: string | null = null;
      if (row.material) {
        material = materials.get(row.material.toLowerCase()) ?? null;
        if (!material) {
          const typed = row.material;
          const choices = listChoices(ref.materials, t`no materials yet (add them in Global Settings > Materials)`);
          return bad(t`Unknown material "${typed}". Use one of: ${choices}.`);
        }
      }
      item = { name: row.itemName, quantity, category, material };
    }

    const key = reference ? `ref:${reference.toLowerCase()}` : `name:${name.toLowerCase()}`;
    let group = groups.get(key);
    if (!group) {
      const stored = reference ? existing.get(reference.toLowerCase()) : undefined;
      if (!stored && !workflow) return bad(t`Workflow is missing: a new project needs one.`);
      group = {
        first: row,
        firstIndex: index,
        stored,
        name,
        customer: row.customer,
        reference,
        dueDay,
        priority,
        workflow,
        lines: [],
        items: [],
        itemLines: new Map(),
      };
      groups.set(key, group);
    } else {
      // A later line of the same project: its own cells agree with what the earlier lines said, or are left empty.
      const g = group;
      const differs = (label: string, was: string | null, now: string | null, same = was?.toLowerCase() === now?.toLowerCase()) =>
        was && now && !same ? differsText(label, now, was, g.first.line) : null;
      const conflict =
        differs(t`Project name`, g.name, name, g.name === name) ??
        differs(t`Customer`, g.customer, row.customer, g.customer === row.customer) ??
        differs(t`Due date`, g.dueDay, dueDay) ??
        differs(t`Priority`, g.priority, priority) ??
        differs(t`Workflow`, g.workflow?.name ?? null, workflow?.name ?? null);
      if (conflict) return bad(conflict);
      // A cell the first line left empty may be filled on a later one.
      g.customer ||= row.customer;
      g.dueDay ??= dueDay;
      g.priority ??= priority;
      g.workflow ??= workflow;
    }
    group.lines.push(row.line);
    if (!item) return;
    const itemKey = item.name.toLowerCase();
    const seenOn = group.itemLines.get(itemKey);
    if (seenOn !== undefined) {
      const itemName = item.name;
      return bad(t`Item "${itemName}" is listed twice for this project (first on line ${seenOn}).`);
    }
    group.itemLines.set(itemKey, row.line);
    const stored = group.stored?.items.find((i) => i.name.toLowerCase() === itemKey);
    if (!stored) {
      if (!item.category) return bad(t`Category is missing.`);
      group.items.push({
        line: row.line,
        name: item.name,
        action: "create",
        quantity: item.quantity ?? 1,
        category: item.category,
        material: item.material ?? DEFAULT_MATERIAL,
        changes: [],
      });
      return;
    }
    const planned: PlannedItem = {
      line: row.line,
      name: item.name,
      action: "same",
      existingId: stored.id,
      quantity: item.quantity ?? stored.quantity,
      category: item.category ?? stored.category,
      material: item.material ?? stored.material,
      changes: [],
    };
    const was = stored;
    if (planned.name !== was.name) planned.changes.push(t`name ${was.name} → ${planned.name}`);
    if (planned.quantity !== was.quantity) planned.changes.push(t`quantity ${was.quantity} → ${planned.quantity}`);
    if (planned.category !== was.category) planned.changes.push(t`category ${was.category} → ${planned.category}`);
    if (planned.material !== was.material) planned.changes.push(t`material ${was.material} → ${planned.material}`);
    if (planned.changes.length) planned.action = "update";
    group.items.push(planned);
  };
  for (const [index, row] of rows.entries()) {
    if (index > 0 && index % PLAN_LINES_PER_STEP === 0) yield;
    checkLine(row, index);
  }

  const projects: PlannedProject[] = [];
  for (const g of groups.values()) {
    const stored = g.stored;
    if (!stored) {
      // Names are not unique, references are (decision 0045): a line without one makes a second project, said plainly.
      const same = g.reference ? undefined : sameNames.get(g.name.trim().toLowerCase());
      if (same !== undefined) warnings.push({ line: g.first.line, index: g.firstIndex, message: sameNameWarning(same) });
      projects.push({
        action: "create",
        lines: g.lines,
        name: g.name,
        customer: g.customer || null,
        externalReference: g.reference || null,
        dueDay: g.dueDay,
        priority: g.priority ?? "medium",
        workflow: g.workflow,
        changes: [],
        changedFields: [],
        note: null,
        items: g.items,
      });
      continue;
    }
    // An update: an empty cell keeps what is stored.
    const p: PlannedProject = {
      action: "same",
      existingId: stored.id,
      lines: g.lines,
      name: g.name,
      customer: g.customer || stored.customer,
      externalReference: stored.externalReference,
      dueDay: g.dueDay ?? stored.dueDay,
      priority: g.priority ?? stored.priority,
      workflow: stored.workflowId === null ? null : { id: stored.workflowId, name: stored.workflowName ?? "" },
      changes: [],
      changedFields: [],
      note: g.workflow && g.workflow.id !== stored.workflowId ? keepsWorkflowText(stored.workflowName ?? none(), g.workflow.name) : null,
      items: g.items,
    };
    const change = (field: PlannedProject["changedFields"][number], words: string) => {
      p.changedFields.push(field);
      p.changes.push(words);
    };
    const was = { customer: stored.customer ?? none(), dueDay: stored.dueDay ?? none() };
    const now = { customer: p.customer ?? none(), dueDay: p.dueDay ?? none() };
    if (p.name !== stored.name) change("name", t`name ${stored.name} → ${p.name}`);
    if (p.customer !== stored.customer) change("customer", t`customer ${was.customer} → ${now.customer}`);
    if (p.dueDay !== stored.dueDay) change("dueDate", t`due date ${was.dueDay} → ${now.dueDay}`);
    if (p.priority !== stored.priority) change("priority", t`priority ${stored.priority} → ${p.priority}`);
    if (p.dueDay && stored.startDay && stored.startDay > p.dueDay) {
      const due = p.dueDay;
      const start = stored.startDay;
      issues.push({ line: g.first.line, index: g.firstIndex, message: t`Due date ${due} is before the project's start date ${start}.` });
    }
    if (p.changes.length || p.items.some((i) => i.action !== "same")) p.action = "update";
    projects.push(p);
  }
  issues.sort((a, b) => a.index - b.index);
  warnings.sort((a, b) => a.index - b.index);
  return { projects, issues, warnings, rowCount: rows.length };
}

// ---------------------------------------------------------------------------------------------
// The template

/**
 * The CSV template: the headers and an example project of two items on the shop's own workflow, categories and
 * materials, so it imports as it is into the shop it came from; '#' notes (which the import skips) say what is
 * missing first.
 */
export function orderCsvTemplate(choices: { workflows: readonly string[]; categories: readonly string[]; materials: readonly string[] }): string {
  const wf = choices.workflows[0];
  const [cat1, cat2] = choices.categories;
  const material = choices.materials[0] ?? "";
  const notes: string[][] = [];
  if (!wf) notes.push(["# No workflows yet: add one on the Workflows page and download this template again."]);
  if (!cat1) notes.push(["# No categories yet: add them in Global Settings > Products and download this template again."]);
  if (notes.length) return toCsv(ORDER_CSV_HEADERS, notes);
  const due = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
  return toCsv(ORDER_CSV_HEADERS, [
    ["Storefront signage", "Corner Bakery", "Q-1001", due, "high", wf, "Channel letters", 6, cat1, material],
    ["Storefront signage", "Corner Bakery", "Q-1001", due, "high", wf, "Window vinyl", 2, cat2 ?? cat1, ""],
  ]);
}

/** No value, in a change or a note: '(none)'. */
const none = () => t`(none)`;

/** A later line that says otherwise than the project's first line. */
function differsText(label: string, now: string, was: string, line: number) {
  return t`${label} "${now}" differs from "${was}" on line ${line}, the project's first line.`;
}

/** A stored project keeps its workflow when the file names another. */
function keepsWorkflowText(kept: string, named: string) {
  return t`Keeps its workflow ${kept}; the file names ${named}. Change it on the project page.`;
}

/** A sentence begun with a word written in the middle of another ("a character…" → "A character…"). */
function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
