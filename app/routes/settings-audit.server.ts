import { t } from "@lingui/core/macro";
import { data } from "react-router";
import type { AuditEntry } from "~/components/audit/audit-entries";
import type { AuditQuery } from "~/components/audit/audit-filters";
import { AUDIT_PAGE_SIZE, auditActionLabel, auditEntityLabel, badDateMessage, notAnId } from "~/domain/audit-words";
import { formatLogTime, PLAIN_DATE } from "~/domain/dates";
import { departmentLabel } from "~/domain/format";
import { parseIdParam } from "~/domain/ids";
import { getEnv } from "~/infra/env.server";
import { addDays, dayStart, isCalendarDay } from "~/infra/periods.server";
import {
  auditActor,
  auditDiff,
  auditEntities,
  auditNote,
  auditRecordNames,
  deletedActors,
  listAudit,
  projectScope,
  SIGN_IN_ACTIONS,
  type AuditFilter,
} from "~/models/audit-trail.server";
import { departmentModel } from "~/models/department.server";
import { listTeamMembers } from "~/models/team-member.server";
import { rangeOrderMessage } from "~/schemas/analytics";
import { requirePermission } from "~/services/permissions.server";
import type { Route } from "./+types/settings-audit";

// Global Settings → Audit trail's loader (routes/settings-audit.tsx holds the page).

/** One page of the audit trail, filtered by the URL, each entry worded for a person to read. */
export function loadSettingsAudit({ request }: Route.LoaderArgs) {
  requirePermission(request, "settings:write");
  const url = new URL(request.url);
  const tz = getEnv().SHOP_TIMEZONE;
  const q = (k: string) => (url.searchParams.get(k) ?? "").trim();
  const member = parseIdParam(q("member"));
  const projectText = q("project").slice(0, 50);
  const project = parseIdParam(projectText);
  const entity = q("entity").slice(0, 50);
  const record = q("record").slice(0, 50);
  const recordId = parseIdParam(record);
  const from = PLAIN_DATE.test(q("from")) ? q("from") : "";
  const to = PLAIN_DATE.test(q("to")) ? q("to") : "";
  const kind = q("kind") === "changes" || q("kind") === "sign-ins" ? (q("kind") as "changes" | "sign-ins") : "";
  // A day runs from midnight to midnight in the shop's zone (the same days /analytics counts, DST days included).
  const startOf = (d: string) => (isCalendarDay(d) ? dayStart(d, tz) : null);
  const fromMs = from ? startOf(from) : undefined;
  const toStart = to ? startOf(to) : undefined;
  // A range that cannot hold anything is explained, as /analytics does, instead of listing nothing; so is an id
  // that is not a number, which no entry can carry.
  // The range sentence is /analytics' (schemas/analytics), said in the request's language.
  const rangeError = fromMs === null || toStart === null ? badDateMessage() : from && to && from > to ? rangeOrderMessage() : null;
  const recordError = record && recordId === null ? notAnId("record", record) : null;
  const projectError = projectText && project === null ? notAnId("project", projectText) : null;
  const filter: AuditFilter = {
    actorId: member ?? undefined,
    entity: entity || undefined,
    entityId: recordId === null ? undefined : String(recordId),
    from: rangeError || fromMs == null ? undefined : fromMs,
    to: rangeError || toStart == null ? undefined : dayStart(addDays(to, 1), tz),
    kind: kind || undefined,
    project: project ? projectScope(project) : undefined,
  };
  const before = parseIdParam(q("before")) ?? undefined;
  const { rows, more } = listAudit(filter, AUDIT_PAGE_SIZE, before);
  const current = listTeamMembers().map((m) => ({ id: m.id, name: m.name }));
  const gone = deletedActors(member ?? undefined);
  const names = new Map([...gone, ...current].map((m) => [m.id, m.name]));
  const departments = new Map(departmentModel.list().map((d) => [d.value, d.name]));
  const view = { timeZone: tz, departmentName: (v: string) => departments.get(v) ?? departmentLabel(v), memberName: (id: number) => names.get(id) };
  const recordNames = auditRecordNames(rows);
  const deleted = (name: string) => t`${name} (deleted)`;
  return data(
    {
      filter: { member: member ? String(member) : "", entity, record, from, to, kind, project: projectText } satisfies AuditQuery,
      rangeError,
      recordError,
      projectError,
      members: [...current, ...gone.map((m) => ({ id: m.id, name: deleted(m.name) }))],
      entities: auditEntities().map((e) => ({ value: e, label: auditEntityLabel(e) })),
      rows: rows.map((r): AuditEntry => {
        const who = auditActor(r);
        const diff = auditDiff(r.before, r.after, view, r);
        // An old 'reorder' entry carries its project's id under 'workflow-step': no step of that id is meant.
        const named = r.entity === "workflow-step" && r.action === "reorder" ? undefined : recordNames.get(`${r.entity}:${r.entityId}`);
        const page = r.entity === "project" ? "project" : r.entity === "item" ? "item" : null;
        return {
          id: r.id,
          when: formatLogTime(r.at, tz),
          who,
          actorId: r.actorId,
          action: auditActionLabel(r.action),
          signIn: (SIGN_IN_ACTIONS as readonly string[]).includes(r.action),
          // A sign-in's record is the member who signed in, already named as who acted.
          record:
            r.entity === "session"
              ? null
              : `${auditEntityLabel(r.entity)}${r.entityId ? ` #${r.entityId}` : ""}${named ? ` · ${named.exists ? named.name : deleted(named.name)}` : ""}`,
          // Only to a page that is there: a deleted project or item has none.
          link: page && named?.exists ? { to: `/${page}s/${r.entityId}`, text: page === "project" ? t`Open the project` : t`Open the item` } : null,
          ip: r.ip,
          diff,
          note: auditNote(r, who, diff.length, view.memberName),
        };
      }),
      older: more && rows.length ? rows[rows.length - 1]!.id : null,
      paged: before !== undefined,
      retentionDays: getEnv().AUDIT_RETENTION_DAYS,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
