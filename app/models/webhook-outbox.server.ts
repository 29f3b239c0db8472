import type { AuditEntry } from "./audit.server";
import { isWebhookEvent, type WebhookEvent } from "~/domain/webhooks";
import { type DB, getDb } from "~/infra/db.server";
import { processState, type WebhookSubscriber } from "~/infra/process-state.server";

// The webhook outbox (docs/decisions/0042-webhooks.md). Every model write records its audit row inside its
// transaction; the same call writes here one delivery per active endpoint that wants the event, so the delivery
// commits or rolls back with the change it reports and a crash loses none. The sender
// (services/webhook-sender.server.ts) reads the table; nothing about a delivery lives only in memory.
//
// The active endpoints are kept in memory: the timer scans write dozens of audit rows a second, and a scan whose
// event nobody wants must cost no query at all.

type Subscriber = WebhookSubscriber;

const cache = () => processState.webhookEndpoints;
// The sender's wake-up, called once the writing transaction has finished (the first macrotask after it).
const wakers = () => processState.webhookWakers;

function subscribers(db: DB): Subscriber[] {
  let list = cache().get(db);
  if (!list) {
    const rows = db.$client.query<{ id: number; events: string }, []>("SELECT id, events FROM webhook_endpoints WHERE is_active = 1 ORDER BY id").all();
    list = rows.map((r) => ({ id: r.id, events: new Set(parseEvents(r.events)) }));
    cache().set(db, list);
  }
  return list;
}

function parseEvents(text: string): string[] {
  try {
    const v = JSON.parse(text);
    return Array.isArray(v) ? v.filter((e): e is string => typeof e === "string" && isWebhookEvent(e)) : [];
  } catch {
    return [];
  }
}

/** The endpoints changed (added, edited, switched, deleted): read them again at the next write. */
export function forgetWebhookEndpoints(db: DB = getDb()) {
  cache().delete(db);
}

/** Whether any active endpoint wants `event` (no query once the endpoints are cached). */
export function anyEndpointWants(event: WebhookEvent, db: DB = getDb()): boolean {
  return subscribers(db).some((s) => s.events.has(event));
}

/** Called by the sender: `wake` runs after each write that queued a delivery. Returns the unsubscribe function. */
export function onOutboxWrite(wake: () => void): () => void {
  const { set } = wakers();
  set.add(wake);
  return () => set.delete(wake);
}

function scheduleWake() {
  const w = wakers();
  if (w.scheduled || w.set.size === 0) return;
  w.scheduled = true;
  // The write's transaction is synchronous: by the next macrotask it has committed (or rolled back, and the
  // sender finds nothing new, one cheap query).
  setTimeout(() => {
    w.scheduled = false;
    for (const wake of w.set) wake();
  }, 0);
}

/** A new webhook-id: unique per delivery, kept for every attempt so a receiver can drop a repeat. */
export const newMessageId = () => `msg_${crypto.randomUUID().replaceAll("-", "")}`;

/**
 * Queues `event` for every active endpoint that wants it; call inside the change's transaction (the statements run
 * on the one connection). `data` is built only when someone wants the event. Returns how many were queued.
 */
export function enqueueWebhook(event: WebhookEvent, data: () => Record<string, unknown> | null, now = Date.now(), db: DB = getDb()): number {
  const targets = subscribers(db).filter((s) => s.events.has(event));
  if (targets.length === 0) return 0;
  const body = data();
  if (!body) return 0;
  const payload = JSON.stringify({ type: event, timestamp: new Date(now).toISOString(), data: body });
  const insert = db.$client.query(
    `INSERT INTO webhook_deliveries (endpoint_id, message_id, event_type, payload, status, attempts, next_attempt_at, created_at)
     VALUES ($endpoint, $messageId, $event, $payload, 'pending', 0, $now, $now)`,
  );
  for (const t of targets) insert.run({ endpoint: t.id, messageId: newMessageId(), event, payload, now });
  scheduleWake();
  return targets.length;
}

// --- What an audit entry reports ---

type Row = Record<string, unknown>;
const rowOf = (v: unknown): Row | null => (v && typeof v === "object" && !Array.isArray(v) ? (v as Row) : null);
const iso = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const d = v instanceof Date ? v : new Date(typeof v === "number" ? v : String(v));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};

/** What a receiver learns about a project: no notes, no prices, no people. */
function projectData(p: Row) {
  return {
    projectId: p.id,
    name: p.name,
    status: p.status,
    priority: p.priority,
    customer: p.customer ?? null,
    externalReference: p.externalReference ?? null,
    startDate: iso(p.startDate),
    dueDate: iso(p.endDate),
    workflow: p.workflowName ?? null,
  };
}

const PROJECT_FIELDS = ["name", "description", "startDate", "endDate", "priority", "status", "workflowName", "customer", "externalReference"] as const;

function changedProjectFields(before: Row, after: Row): string[] {
  return PROJECT_FIELDS.filter(
    (f) => f !== "description" && JSON.stringify(iso(before[f]) ?? before[f] ?? null) !== JSON.stringify(iso(after[f]) ?? after[f] ?? null),
  );
}

type ItemInfo = { id: number; name: string; category: string; quantity: number; department: string | null; projectId: number; projectName: string | null };

function itemInfo(db: DB, id: number): ItemInfo | null {
  return db.$client
    .query<ItemInfo, { id: number }>(
      `SELECT i.id AS id, i.name AS name, i.category AS category, i.quantity AS quantity, i.department AS department,
              i.project_id AS projectId, p.name AS projectName
       FROM items i LEFT JOIN projects p ON p.id = i.project_id WHERE i.id = $id`,
    )
    .get({ id });
}

const itemData = (i: ItemInfo) => ({
  itemId: i.id,
  name: i.name,
  category: i.category,
  quantity: i.quantity,
  projectId: i.projectId,
  projectName: i.projectName,
});

/** Writes the deliveries an audited change calls for (see writeAudit): nothing, and no query, when nobody wants them. */
export function outboxFromAudit(entry: AuditEntry, db: DB = getDb()) {
  const { entity, action } = entry;
  if (entity === "project") {
    const after = rowOf(entry.after);
    if (!after) return;
    if (action === "create") enqueueWebhook("project.created", () => projectData(after), undefined, db);
    else if (action === "update") {
      const before = rowOf(entry.before) ?? {};
      enqueueWebhook(
        "project.updated",
        () => {
          const changed = changedProjectFields(before, after);
          return changed.length === 0 ? null : { ...projectData(after), changed };
        },
        undefined,
        db,
      );
      if (after.status === "completed" && before.status !== "completed") enqueueWebhook("project.completed", () => projectData(after), undefined, db);
    }
    return;
  }
  if (entity === "item" && (action === "end-timer" || action === "update")) {
    const before = rowOf(entry.before);
    const after = rowOf(entry.after);
    const id = Number(entry.entityId);
    if (!before || !after || !Number.isInteger(id)) return;
    const from = (before.department as string | null) ?? null;
    const to = (after.department as string | null) ?? null;
    let info: ItemInfo | null | undefined;
    const load = () => (info === undefined ? (info = itemInfo(db, id)) : info);
    if (from !== to) {
      enqueueWebhook(
        "item.moved",
        () => {
          const i = load();
          return i && { ...itemData(i), fromDepartment: from, department: to };
        },
        undefined,
        db,
      );
    }
    if (action === "end-timer" && after.finished === true) {
      enqueueWebhook(
        "item.finished",
        () => {
          const i = load();
          return i && { ...itemData(i), department: to };
        },
        undefined,
        db,
      );
    }
    return;
  }
  if (entity === "machine-file" && action === "complete") {
    const after = rowOf(entry.after);
    if (!after) return;
    enqueueWebhook(
      "machine_file.completed",
      () => ({
        machineFileId: after.id,
        name: after.name,
        fileName: after.fileName,
        machine: after.machine,
        projectId: after.projectId ?? null,
        completedAt: iso(after.completedAt),
        processingTimeSeconds: after.processingTimeSeconds ?? null,
      }),
      undefined,
      db,
    );
  }
}

/** A project whose status just became completed (its last step done): not an audited project write of its own. */
export function enqueueProjectCompleted(project: Row, db: DB = getDb()) {
  enqueueWebhook("project.completed", () => projectData(project), undefined, db);
}

export type AtRiskChange = { projectId: number; finishAt: number | null; dueAt: number | null; workingDays: number; heldUpName: string | null };

/**
 * Projects the forecast has just moved into 'at risk' (models/project-forecast.server.ts, only on the change, not
 * on every computation): one project.at_risk each, in a transaction of their own. A forecast computed while a
 * write's transaction is open (it never is today) queues them right after it instead of joining it.
 */
export function enqueueAtRisk(changes: readonly AtRiskChange[], db: DB = getDb()) {
  if (changes.length === 0 || !anyEndpointWants("project.at_risk", db)) return;
  if (db.$client.inTransaction) {
    setTimeout(() => enqueueAtRisk(changes, db), 0);
    return;
  }
  const projectRow = db.$client.query<Row, { id: number }>(
    `SELECT id, name, status, priority, customer, external_reference AS externalReference, start_date AS startDate, end_date AS endDate,
            workflow_name AS workflowName FROM projects WHERE id = $id`,
  );
  db.transaction(() => {
    for (const c of changes) {
      enqueueWebhook(
        "project.at_risk",
        () => {
          const p = projectRow.get({ id: c.projectId });
          if (!p || p.status === "completed") return null;
          return { ...projectData(p), expectedFinish: iso(c.finishAt), workingDaysLate: c.workingDays, heldUpBy: c.heldUpName };
        },
        undefined,
        db,
      );
    }
  });
}
