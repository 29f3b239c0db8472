import { t } from "@lingui/core/macro";
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { customerLinks, departments, projects, projectWorkflowInstances, projectWorkflowSteps } from "#db/schema";
import { NotFoundError } from "~/domain/errors";
import { departmentLabel } from "~/domain/format";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/domain/languages";
import { getDb } from "~/infra/db.server";
import { hashKey, newKey } from "~/infra/secret-key.server";
import { writeAudit, type Actor } from "./audit.server";

// A project's status link for the shop's customer (docs/decisions/0043-calendar-feeds-and-customer-links.md): a
// random key, shown once, of which only the SHA-256 is kept; revocable; its last use shown. What the page may show
// is read here and nothing more: the project's name, its stages and whether it is finished. Staff, times, prices,
// notes and descriptions are never read, so they cannot leak.

const TOUCH_EVERY_MS = 60_000;

export type CustomerLinkRow = { id: number; language: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null };

/** A project's links, newest first. */
export function listCustomerLinks(projectId: number): CustomerLinkRow[] {
  return getDb()
    .select({
      id: customerLinks.id,
      language: customerLinks.language,
      createdAt: customerLinks.createdAt,
      lastUsedAt: customerLinks.lastUsedAt,
      revokedAt: customerLinks.revokedAt,
    })
    .from(customerLinks)
    .where(eq(customerLinks.projectId, projectId))
    .orderBy(desc(customerLinks.id))
    .all();
}

/** A new link's key (random, 32 bytes): returned once. Recorded in the project's history. `language`: the page's. */
export function createCustomerLink(projectId: number, actor: Actor, language: Language = DEFAULT_LANGUAGE): { id: number; key: string } {
  const key = newKey();
  return getDb().transaction((tx) => {
    if (!tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).get()) throw new NotFoundError(t`Project not found`);
    const row = tx
      .insert(customerLinks)
      .values({ projectId, keyHash: hashKey(key), language, createdBy: actor.id })
      .returning({ id: customerLinks.id })
      .get();
    writeAudit(actor, { action: "create-customer-link", entity: "project", entityId: projectId, after: { customerLink: row.id, language } }, tx);
    return { id: row.id, key };
  });
}

export function revokeCustomerLink(projectId: number, id: number, actor: Actor): void {
  getDb().transaction((tx) => {
    const row = tx
      .update(customerLinks)
      .set({ revokedAt: new Date() })
      .where(and(eq(customerLinks.id, id), eq(customerLinks.projectId, projectId), isNull(customerLinks.revokedAt)))
      .returning({ id: customerLinks.id })
      .get();
    if (!row) throw new NotFoundError(t`This customer link no longer exists or was already revoked.`);
    writeAudit(actor, { action: "revoke-customer-link", entity: "project", entityId: projectId, before: { customerLink: id } }, tx);
  });
}

/** The project a key opens, or null (unknown, revoked). Marks the link used, at most once a minute. */
export function customerLinkProject(key: string, now = Date.now()): number | null {
  return customerLinkFor(key, now)?.projectId ?? null;
}

/** The project a key opens and the language its page speaks, or null (unknown, revoked). Marks it used, as above. */
export function customerLinkFor(key: string, now = Date.now()): { projectId: number; language: Language } | null {
  if (!key || key.length > 200) return null;
  const db = getDb();
  const row = db
    .select({
      id: customerLinks.id,
      projectId: customerLinks.projectId,
      language: customerLinks.language,
      lastUsedAt: customerLinks.lastUsedAt,
      revokedAt: customerLinks.revokedAt,
    })
    .from(customerLinks)
    .where(eq(customerLinks.keyHash, hashKey(key)))
    .get();
  if (!row || row.revokedAt) return null;
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > TOUCH_EVERY_MS)
    db.update(customerLinks)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(customerLinks.id, row.id))
      .run();
  return { projectId: row.projectId, language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE };
}

export type CustomerStage = { name: string; state: "done" | "current" | "next" };
export type CustomerStatus = { name: string; finished: boolean; stages: CustomerStage[] };

/**
 * What the customer sees of a project: its name, whether it is finished, and its stages (its workflow's steps by
 * department name) with the ones done, the current one (the first in progress, else the first not done) and those
 * to come. Two statements.
 */
export function customerStatus(projectId: number): CustomerStatus | null {
  const db = getDb();
  const project = db.select({ name: projects.name, status: projects.status }).from(projects).where(eq(projects.id, projectId)).get();
  if (!project) return null;
  const steps = db
    .select({ department: projectWorkflowSteps.department, name: departments.name, status: projectWorkflowSteps.status })
    .from(projectWorkflowSteps)
    .innerJoin(projectWorkflowInstances, eq(projectWorkflowInstances.id, projectWorkflowSteps.projectWorkflowInstanceId))
    .leftJoin(departments, eq(departments.value, projectWorkflowSteps.department))
    .where(eq(projectWorkflowInstances.projectId, projectId))
    .orderBy(asc(projectWorkflowSteps.sortOrder), asc(projectWorkflowSteps.id))
    .all();
  const finished = project.status === "completed";
  const open = steps.filter((s) => s.status !== "completed");
  const current = finished ? null : (open.find((s) => s.status === "in-progress") ?? open[0] ?? null);
  return {
    name: project.name,
    finished,
    stages: steps.map((s) => ({
      name: s.name || departmentLabel(s.department),
      state: s.status === "completed" || finished ? "done" : s === current ? "current" : "next",
    })),
  };
}
