import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { Icon } from "~/components/icons";
import { btn, cardClass, EmptyState, PageHeader } from "~/components/ui";
import type { WorkflowCounts } from "~/models/overview.server";
import { sequenceColorClass } from "~/domain/colors";
import type { Route } from "./+types/workflows";
import { intlLocaleFor } from "~/domain/languages";
export { loader } from "./workflows.server";

export function meta() {
  return [{ title: t`Project Workflows · Shopflow` }];
}

function Counts({ counts }: { counts: WorkflowCounts }) {
  const { t, i18n } = useLingui();
  const cell = (label: string, value: number) => (
    <div className="rounded-lg bg-slate-50 px-3 py-2">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="text-2xl font-semibold text-ink tabular-nums">{value.toLocaleString(intlLocaleFor(i18n.locale))}</dd>
    </div>
  );
  return (
    <dl className="mt-4 grid grid-cols-3 gap-2">
      {cell(t`Total items`, counts.totalItems)}
      {cell(t`Running`, counts.activeTimers)}
      {cell(t`Completed`, counts.completed)}
    </dl>
  );
}

export default function Workflows({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const { workflows, standard, canManage } = loaderData;
  const manage = (
    <Link to="/settings?tab=workflows" className={btn.secondary}>
      <Icon name="settings" />
      <Trans>Manage workflows in Settings</Trans>
    </Link>
  );
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <PageHeader title={t`Project Workflows`} subtitle={t`Each workflow's departments, and how many items are moving through it.`} actions={manage} />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {workflows.map((w) => (
          <section key={w.id} className={`p-4 sm:p-5 ${cardClass}`} aria-labelledby={`wf-${w.id}`}>
            <h2 id={`wf-${w.id}`} className="text-lg font-semibold text-ink wrap-anywhere">
              {w.name}
            </h2>
            {w.description ? <p className="mt-1 text-sm text-ink-muted wrap-anywhere">{w.description}</p> : null}
            <ol className="mt-3 flex flex-wrap items-center gap-1.5" aria-label={t`${w.name} departments`}>
              {w.sequence.map((d, i) => (
                <li key={`${d.value}-${i}`} className="flex items-center gap-1.5">
                  {i > 0 ? (
                    <span aria-hidden className="text-ink-subtle">
                      →
                    </span>
                  ) : null}
                  <span className={`rounded-full border px-2.5 py-0.5 text-sm font-medium wrap-anywhere ${sequenceColorClass(d.value, d.color)}`}>
                    {d.name}
                  </span>
                </li>
              ))}
            </ol>
            <Counts counts={w.counts} />
          </section>
        ))}
        <section className={`p-4 sm:p-5 ${cardClass}`} aria-labelledby="wf-standard">
          <h2 id="wf-standard" className="text-lg font-semibold text-ink">
            <Trans>Standard Manufacturing Process</Trans>
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            <Trans>Items without a workflow follow the standard department order.</Trans>
          </p>
          <Counts counts={standard} />
        </section>
      </div>
      {workflows.length === 0 ? (
        <div className="mt-6">
          <EmptyState icon="workflows" title={t`No project workflows configured`} action={canManage ? manage : null}>
            {canManage ? t`Add a workflow to give projects their department steps.` : t`A manager adds workflows in Global Settings.`}
          </EmptyState>
        </div>
      ) : null}
    </div>
  );
}
