import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { AuditEntryRow } from "~/components/audit/audit-entries";
import { AuditFilters, auditHref } from "~/components/audit/audit-filters";
import { btn, cardClass, EmptyState, PageHeader } from "~/components/ui";
import { i18n } from "~/domain/i18n-runtime";
import type { Route } from "./+types/settings-audit";
import { loadSettingsAudit } from "./settings-audit.server";

// Global Settings → Audit trail: who changed what and when, newest first. Filters live in the
// URL (a plain GET form, so it works without JavaScript); each row opens to its before/after difference.

export { AUDIT_PAGE_SIZE, notAnId } from "~/domain/audit-words";

export const meta = () => [{ title: i18n._(msg`Audit trail · Global Settings · Shopflow`) }];

export const loader = (args: Route.LoaderArgs) => loadSettingsAudit(args);

export default function SettingsAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const { filter, rows, older, paged, retentionDays } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <Link to="/settings" className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
        {t`← Back to Global Settings`}
      </Link>
      <PageHeader title={t`Audit trail`} subtitle={t`Every change, sign-in and refused PIN, newest first. Nothing here can be edited or deleted.`} />
      <p className="-mt-2 mb-4 text-sm text-ink-muted" data-testid="audit-retention">
        {retentionDays > 0
          ? plural(retentionDays, {
              one: "Entries older than # day are removed automatically (AUDIT_RETENTION_DAYS on the server).",
              other: "Entries older than # days are removed automatically (AUDIT_RETENTION_DAYS on the server).",
            })
          : t`Entries are kept forever. The server's AUDIT_RETENTION_DAYS setting can remove old ones.`}
      </p>
      <AuditFilters
        filter={filter}
        members={loaderData.members}
        entities={loaderData.entities}
        rangeError={loaderData.rangeError}
        recordError={loaderData.recordError}
        projectError={loaderData.projectError}
      />
      <section className={`mt-6 p-4 sm:p-5 ${cardClass}`} aria-label={t`Audit entries`}>
        {rows.length === 0 ? (
          <EmptyState
            icon="search"
            title={t`No audit entries match`}
            action={
              <Link to="/settings/audit" className={btn.secondary}>
                {t`Clear filters`}
              </Link>
            }
          >
            {t`Change the filters, or widen the dates.`}
          </EmptyState>
        ) : (
          <ul className="divide-y divide-line">
            {rows.map((r) => (
              <AuditEntryRow
                key={r.id}
                entry={r}
                byMember={r.actorId !== null && filter.member !== String(r.actorId) ? auditHref(filter, { member: String(r.actorId) }) : null}
              />
            ))}
          </ul>
        )}
        <nav aria-label={t`Pages`} className="mt-4 flex flex-wrap justify-between gap-3 border-t border-line pt-4">
          {paged ? (
            <Link to={auditHref(filter)} className={btn.secondary}>
              {t`← Newest`}
            </Link>
          ) : (
            <span />
          )}
          {older ? (
            <Link to={auditHref(filter, { before: String(older) })} className={btn.secondary} rel="next">
              {t`Older →`}
            </Link>
          ) : null}
        </nav>
      </section>
    </div>
  );
}
