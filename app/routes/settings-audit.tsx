import { data, Form, Link } from "react-router";
import { btn, cardClass, EmptyState, inputClass, Label, PageHeader } from "~/components/ui";
import { auditDiff, auditEntities, listAudit, SIGN_IN_ACTIONS, type AuditFilter } from "~/models/audit-trail.server";
import { listTeamMembers } from "~/models/team-member.server";
import { requirePermission } from "~/services/permissions.server";
import { formatDateTime, noonInZone } from "~/utils/dates";
import { getEnv } from "~/utils/env.server";
import { parseIdParam } from "~/utils/ids";
import type { Route } from "./+types/settings-audit";

// Global Settings → Audit trail (issue "Step 9"): who changed what and when, newest first. Filters live in the
// URL (a plain GET form, so it works without JavaScript); each row opens to its before/after difference.

export const meta = () => [{ title: "Audit trail · Global Settings · Shopflow" }];

export const AUDIT_PAGE_SIZE = 50;

const ACTION_LABELS: Record<string, string> = {
  login: "Signed in",
  logout: "Signed out",
  "login-failed": "Refused PIN",
  "login-throttled": "Refused PIN (too many tries)",
  "login-budget-tripped": "Sign-ins slowed shop-wide",
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function loader({ request }: Route.LoaderArgs) {
  requirePermission(request, "settings:write");
  const url = new URL(request.url);
  const tz = getEnv().SHOP_TIMEZONE;
  const q = (k: string) => (url.searchParams.get(k) ?? "").trim();
  const member = parseIdParam(q("member"));
  const entity = q("entity").slice(0, 50);
  const record = q("record").slice(0, 50);
  const from = DAY.test(q("from")) ? q("from") : "";
  const to = DAY.test(q("to")) ? q("to") : "";
  const kind = q("kind") === "changes" || q("kind") === "sign-ins" ? (q("kind") as "changes" | "sign-ins") : "";
  // A day runs from midnight to midnight in the shop's zone: noon ± 12 h is that day on any DST-free date and
  // within an hour on the two DST days, which an audit filter can live with.
  const dayStart = (d: string) => (noonInZone(d, tz)?.getTime() ?? 0) - 12 * 3600_000;
  const filter: AuditFilter = {
    actorId: member ?? undefined,
    entity: entity || undefined,
    entityId: record || undefined,
    from: from ? dayStart(from) : undefined,
    to: to ? dayStart(to) + 24 * 3600_000 : undefined,
    kind: kind || undefined,
  };
  const before = parseIdParam(q("before")) ?? undefined;
  const { rows, more } = listAudit(filter, AUDIT_PAGE_SIZE, before);
  return data(
    {
      filter: { member: member ? String(member) : "", entity, record, from, to, kind },
      members: listTeamMembers().map((m) => ({ id: m.id, name: m.name })),
      entities: auditEntities(),
      rows: rows.map((r) => ({
        id: r.id,
        when: formatDateTime(r.at, tz),
        who: r.actorName ?? (r.actorId === null ? (r.entity === "session" ? "Unknown (no PIN match)" : "System") : `Member #${r.actorId}`),
        action: ACTION_LABELS[r.action] ?? r.action,
        signIn: (SIGN_IN_ACTIONS as readonly string[]).includes(r.action),
        entity: r.entity,
        entityId: r.entityId,
        link: r.entityId && r.entity === "project" ? `/projects/${r.entityId}` : r.entityId && r.entity === "item" ? `/items/${r.entityId}` : null,
        ip: r.ip,
        diff: auditDiff(r.before, r.after),
      })),
      older: more && rows.length ? rows[rows.length - 1]!.id : null,
      paged: before !== undefined,
      retentionDays: getEnv().AUDIT_RETENTION_DAYS,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export default function SettingsAudit({ loaderData }: Route.ComponentProps) {
  const { filter, members, entities, rows, older, paged, retentionDays } = loaderData;
  const keep = (extra: Record<string, string>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...filter, ...extra })) if (v) p.set(k, v);
    const s = p.toString();
    return `/settings/audit${s ? `?${s}` : ""}`;
  };
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <Link to="/settings" className={`inline-flex min-h-10 items-center gap-1 ${btn.link}`}>
        ← Back to Global Settings
      </Link>
      <PageHeader title="Audit trail" subtitle="Every change, sign-in and refused PIN, newest first. Nothing here can be edited or deleted." />
      <p className="-mt-2 mb-4 text-sm text-ink-muted" data-testid="audit-retention">
        {retentionDays > 0
          ? `Entries older than ${retentionDays} days are removed automatically (AUDIT_RETENTION_DAYS on the server).`
          : "Entries are kept forever. The server's AUDIT_RETENTION_DAYS setting can remove old ones."}
      </p>
      <section className={`p-4 sm:p-5 ${cardClass}`} aria-label="Filters">
        <Form method="get" className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6 lg:items-end">
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
                <option key={e} value={e}>
                  {e}
                </option>
              ))}
            </select>
          </div>
          <div>
            <Label htmlFor="record">Record id</Label>
            <input id="record" name="record" defaultValue={filter.record} inputMode="numeric" className={inputClass} />
          </div>
          <div>
            <Label htmlFor="from">From</Label>
            <input id="from" name="from" type="date" defaultValue={filter.from} className={inputClass} />
          </div>
          <div>
            <Label htmlFor="to">To</Label>
            <input id="to" name="to" type="date" defaultValue={filter.to} className={inputClass} />
          </div>
          <div className="flex gap-2 sm:col-span-3 lg:col-span-6">
            <button type="submit" className={btn.primary}>
              Filter
            </button>
            <Link to="/settings/audit" className={btn.secondary}>
              Clear
            </Link>
          </div>
        </Form>
      </section>
      <section className={`mt-6 p-4 sm:p-5 ${cardClass}`} aria-label="Audit entries">
        {rows.length === 0 ? (
          <EmptyState icon="search" title="No audit entries match" action={<Link to="/settings/audit" className={btn.secondary}>Clear filters</Link>}>
            Change the filters, or widen the dates.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-line">
            {rows.map((r) => (
              <li key={r.id} className="py-2" data-testid="audit-row">
                <details>
                  <summary className="flex min-h-10 cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-1 hover:bg-slate-50">
                    <span className="text-sm text-ink-muted tabular-nums">{r.when}</span>
                    <span className="font-medium text-ink">{r.who}</span>
                    <span className={r.signIn ? "rounded-full bg-slate-100 px-2 text-sm text-ink" : "text-ink"}>{r.action}</span>
                    <span className="text-ink-muted">
                      {r.entity}
                      {r.entityId ? ` #${r.entityId}` : ""}
                    </span>
                    {r.ip ? <span className="text-sm text-ink-muted">from {r.ip}</span> : null}
                  </summary>
                  <div className="mt-2 ml-1 text-sm">
                    {r.link ? (
                      <Link to={r.link} className={btn.link}>
                        Open the {r.entity}
                      </Link>
                    ) : null}
                    {r.diff.length ? (
                      <table className="mt-2 w-full text-left">
                        <thead className="text-ink-muted">
                          <tr>
                            <th scope="col" className="py-1 pr-3 font-medium">Field</th>
                            <th scope="col" className="py-1 pr-3 font-medium">Before</th>
                            <th scope="col" className="py-1 font-medium">After</th>
                          </tr>
                        </thead>
                        <tbody>
                          {r.diff.map((d) => (
                            <tr key={d.field}>
                              <td className="py-1 pr-3 font-mono">{d.field}</td>
                              <td className="py-1 pr-3 wrap-anywhere">{d.from}</td>
                              <td className="py-1 wrap-anywhere">{d.to}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    ) : (
                      <p className="mt-1 text-ink-muted">No field values recorded.</p>
                    )}
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
