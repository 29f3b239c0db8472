import { data, Form, Link, useLocation } from "react-router";
import { Icon } from "~/components/icons";
import { btn, cardClass, EmptyState, inputClass, Label, PageHeader } from "~/components/ui";
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
import { RANGE_ORDER } from "~/schemas/analytics";
import { requirePermission } from "~/services/permissions.server";
import { auditActionLabel, auditEntityLabel } from "~/domain/audit-words";
import { formatLogTime, PLAIN_DATE } from "~/domain/dates";
import { addDays, dayStart, isCalendarDay } from "~/infra/periods.server";
import { getEnv } from "~/infra/env.server";
import { departmentLabel } from "~/domain/format";
import { parseIdParam } from "~/domain/ids";
import type { Route } from "./+types/settings-audit";

// Global Settings → Audit trail: who changed what and when, newest first. Filters live in the
// URL (a plain GET form, so it works without JavaScript); each row opens to its before/after difference.

export const meta = () => [{ title: "Audit trail · Global Settings · Shopflow" }];

export const AUDIT_PAGE_SIZE = 50;

export const BAD_DATE = "Enter a real calendar date.";

/** The explanation of a record or project id that is not a number: the filter is left out, and the page says so. */
export function notAnId(what: "record" | "project", typed: string): string {
  return what === "record"
    ? `A record id is a whole number, such as 88: "${typed}" is not one. Showing entries for every record instead.`
    : `A project id is a whole number, such as 23: "${typed}" is not one. Showing entries for every project instead.`;
}

export function loader({ request }: Route.LoaderArgs) {
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
  const rangeError = fromMs === null || toStart === null ? BAD_DATE : from && to && from > to ? RANGE_ORDER : null;
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
  return data(
    {
      filter: { member: member ? String(member) : "", entity, record, from, to, kind, project: projectText },
      rangeError,
      recordError,
      projectError,
      members: [...current, ...gone.map((m) => ({ id: m.id, name: `${m.name} (deleted)` }))],
      entities: auditEntities().map((e) => ({ value: e, label: auditEntityLabel(e) })),
      rows: rows.map((r) => {
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
              : `${auditEntityLabel(r.entity)}${r.entityId ? ` #${r.entityId}` : ""}${named ? ` · ${named.name}${named.exists ? "" : " (deleted)"}` : ""}`,
          // Only to a page that is there: a deleted project or item has none.
          link: page && named?.exists ? { to: `/${page}s/${r.entityId}`, text: `Open the ${page}` } : null,
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

export default function SettingsAudit({ loaderData }: Route.ComponentProps) {
  const { filter, rangeError, recordError, projectError, members, entities, rows, older, paged, retentionDays } = loaderData;
  // The fields are uncontrolled (they work without JavaScript): a new key per query makes React draw them afresh
  // from the URL after Clear, Back or a link, instead of keeping what was typed before. autoComplete="off" does
  // the same without JavaScript: the browser would otherwise restore, on Back, what was chosen before leaving.
  const { search } = useLocation();
  const keep = (extra: Record<string, string>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...filter, ...extra })) if (v) p.set(k, v);
    const s = p.toString();
    return `/settings/audit${s ? `?${s}` : ""}`;
  };
  const invalid = (error: string | null, id: string) => (error ? { "aria-invalid": true as const, "aria-describedby": id } : {});
  const dateProps = invalid(rangeError, "range-error");
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <Link to="/settings" className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
        ← Back to Global Settings
      </Link>
      <PageHeader title="Audit trail" subtitle="Every change, sign-in and refused PIN, newest first. Nothing here can be edited or deleted." />
      <p className="-mt-2 mb-4 text-sm text-ink-muted" data-testid="audit-retention">
        {retentionDays > 0
          ? `Entries older than ${retentionDays} days are removed automatically (AUDIT_RETENTION_DAYS on the server).`
          : "Entries are kept forever. The server's AUDIT_RETENTION_DAYS setting can remove old ones."}
      </p>
      <section className={`p-4 sm:p-5 ${cardClass}`} aria-label="Filters">
        <Form key={search} method="get" autoComplete="off" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
          <div>
            <Label htmlFor="member">Team member</Label>
            <select id="member" name="member" defaultValue={filter.member} className={inputClass}>
              <option value="">Anyone</option>
              {members.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <Label htmlFor="kind">Kind</Label>
            <select id="kind" name="kind" defaultValue={filter.kind} className={inputClass}>
              <option value="">Everything</option>
              <option value="changes">Changes</option>
              <option value="sign-ins">Sign-ins and refused PINs</option>
            </select>
          </div>
          <div>
            <Label htmlFor="entity">Record type</Label>
            <select id="entity" name="entity" defaultValue={filter.entity} className={inputClass}>
              <option value="">Any</option>
              {entities.map((e) => (
                <option key={e.value} value={e.value}>
                  {e.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <Label htmlFor="record">Record id</Label>
            <input
              id="record"
              name="record"
              defaultValue={filter.record}
              inputMode="numeric"
              className={inputClass}
              {...invalid(recordError, "record-error")}
            />
          </div>
          <div>
            <Label htmlFor="project">Project id, with its steps and design</Label>
            <input
              id="project"
              name="project"
              defaultValue={filter.project}
              inputMode="numeric"
              className={inputClass}
              {...invalid(projectError, "project-error")}
            />
          </div>
          <div>
            <Label htmlFor="from">From</Label>
            <input id="from" name="from" type="date" defaultValue={filter.from} className={inputClass} {...dateProps} />
          </div>
          <div>
            <Label htmlFor="to">To</Label>
            <input id="to" name="to" type="date" defaultValue={filter.to} className={inputClass} {...dateProps} />
          </div>
          <div className="flex gap-2 sm:col-span-2 lg:col-span-4">
            <button type="submit" className={btn.primary}>
              Filter
            </button>
            <Link to="/settings/audit" className={btn.secondary}>
              Clear
            </Link>
          </div>
        </Form>
        {[
          { id: "range-error", text: rangeError ? `${rangeError} Showing entries from every date instead.` : null },
          { id: "record-error", text: recordError },
          { id: "project-error", text: projectError },
        ].map((e) =>
          e.text ? (
            <p
              key={e.id}
              id={e.id}
              role="alert"
              className="mt-3 rounded-lg border border-danger-200 bg-danger-50 px-3 py-2 text-sm text-danger-800 wrap-break-word"
            >
              {e.text}
            </p>
          ) : null,
        )}
      </section>
      <section className={`mt-6 p-4 sm:p-5 ${cardClass}`} aria-label="Audit entries">
        {rows.length === 0 ? (
          <EmptyState
            icon="search"
            title="No audit entries match"
            action={
              <Link to="/settings/audit" className={btn.secondary}>
                Clear filters
              </Link>
            }
          >
            Change the filters, or widen the dates.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-line">
            {rows.map((r) => (
              <li key={r.id} className="py-2" data-testid="audit-row">
                {/* The summary is a flex row, which drops the browser's disclosure triangle: the chevron and
                    'Details' show that the row opens (CSS only, so the same without JavaScript). */}
                <details className="group">
                  <summary className="flex min-h-tap cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-1 hover:bg-slate-50">
                    <span className="text-sm text-ink-muted tabular-nums">{r.when}</span>
                    <span className="font-medium text-ink">{r.who}</span>
                    <span className={r.signIn ? "rounded-full bg-slate-100 px-2 text-sm text-ink" : "text-ink"}>{r.action}</span>
                    {r.record ? <span className="min-w-0 text-ink-muted wrap-break-word">{r.record}</span> : null}
                    {r.ip ? <span className="text-sm text-ink-muted">from {r.ip}</span> : null}
                    <span className="ml-auto inline-flex items-center gap-1 text-sm font-semibold text-brand-800" data-testid="audit-row-toggle">
                      <span className="group-open:hidden">Details</span>
                      <span className="hidden group-open:inline">Hide details</span>
                      <Icon name="chevron-down" className="h-4 w-4 group-open:rotate-180 motion-safe:transition-transform" />
                    </span>
                  </summary>
                  <div className="mt-2 ml-1 text-sm">
                    {r.note ? <p className="mt-1 text-ink">{r.note}</p> : null}
                    <div className="flex flex-wrap gap-x-4">
                      {r.link ? (
                        <Link to={r.link.to} className={`inline-flex min-h-tap items-center ${btn.link}`}>
                          {r.link.text}
                        </Link>
                      ) : null}
                      {r.actorId !== null && filter.member !== String(r.actorId) ? (
                        <Link to={keep({ member: String(r.actorId) })} className={`inline-flex min-h-tap items-center ${btn.link}`}>
                          Every entry by {r.who}
                        </Link>
                      ) : null}
                    </div>
                    {r.diff.length ? (
                      <table className="mt-2 w-full text-left">
                        <thead className="text-ink-muted">
                          <tr>
                            <th scope="col" className="py-1 pr-3 font-medium">
                              Field
                            </th>
                            <th scope="col" className="py-1 pr-3 font-medium">
                              Before
                            </th>
                            <th scope="col" className="py-1 font-medium">
                              After
                            </th>
                          </tr>
                        </thead>
                        <tbody>
                          {r.diff.map((d) => (
                            <tr key={d.key}>
                              <td className="py-1 pr-3 font-medium text-ink">{d.field}</td>
                              <td className="py-1 pr-3 cell-text">{d.from}</td>
                              <td className="py-1 cell-text">{d.to}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    ) : null}
                  </div>
                </details>
              </li>
            ))}
          </ul>
        )}
        <nav aria-label="Pages" className="mt-4 flex flex-wrap justify-between gap-3 border-t border-line pt-4">
          {paged ? (
            <Link to={keep({})} className={btn.secondary}>
              ← Newest
            </Link>
          ) : (
            <span />
          )}
          {older ? (
            <Link to={keep({ before: String(older) })} className={btn.secondary} rel="next">
              Older →
            </Link>
          ) : null}
        </nav>
      </section>
    </div>
  );
}
