import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { departmentKeyLabel } from "~/domain/departments";
import { sequenceColorClass } from "~/domain/colors";
import { Icon } from "../icons";
import { Avatar, Badge, btn, cardClass } from "../ui";
import type { SettingsData } from "./settings-data";
import { EmptyTab } from "./settings-empty";
import type { TabKey } from "./tabs";

function CardActions({ here, id, name, sub }: { here: string; id: number; name: string; sub?: boolean }) {
  const { t } = useLingui();
  return (
    <div className="flex shrink-0 gap-2">
      {/* Phones: icon buttons (40 × 40), so a long name keeps its room; the labels show from 640 px. */}
      <Link
        to={`${here}&${sub ? "subedit" : "edit"}=${id}`}
        preventScrollReset
        className={`${btn.small} max-sm:w-10 max-sm:px-0`}
        aria-label={t`Edit ${name}`}
        title={t`Edit`}
      >
        <Icon name="edit" className="h-5 w-5 sm:hidden" />
        <span className="max-sm:hidden">{t`Edit`}</span>
      </Link>
      <Link
        to={`${here}&${sub ? "subdelete" : "delete"}=${id}`}
        preventScrollReset
        className={`${btn.smallDanger} max-sm:w-10 max-sm:px-0`}
        aria-label={t`Delete ${name}`}
        title={t`Delete`}
      >
        <Icon name="trash" className="h-5 w-5 sm:hidden" />
        <span className="max-sm:hidden">{t`Delete`}</span>
      </Link>
    </div>
  );
}

function Sequence({ values, departments }: { values: string[]; departments: SettingsData["sequenceDepartments"] }) {
  const names = new Map(departments.map((d) => [d.value, d]));
  return (
    <ol className="mt-3 flex flex-wrap items-center gap-1.5 text-sm">
      {values.map((v, i) => (
        <li key={v} className="flex min-w-0 items-center gap-1.5">
          {i > 0 ? (
            <span aria-hidden="true" className="text-ink-subtle">
              →
            </span>
          ) : null}
          <span className={`max-w-full rounded-full border px-2.5 py-0.5 font-medium wrap-anywhere ${sequenceColorClass(v, names.get(v)?.color)}`}>
            {names.get(v)?.name ?? v}
          </span>
        </li>
      ))}
    </ol>
  );
}

function Card({ title, testId, children, actions }: { title: ReactNode; testId: string; children?: ReactNode; actions: ReactNode }) {
  return (
    <li className={`flex flex-col p-4 sm:p-5 ${cardClass}`} data-testid={testId}>
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 text-base font-semibold text-ink wrap-anywhere">{title}</h3>
        {actions}
      </div>
      {children}
    </li>
  );
}

const grid = "grid gap-4 sm:grid-cols-2 xl:grid-cols-3";

/** The open tab's records as cards (a department's card lists its subdepartments), or its empty state. */
export function TabGrid({ tab, data, here, empty }: { tab: TabKey; data: SettingsData; here: string; empty: string }) {
  const { t } = useLingui();
  const none = <EmptyTab tab={tab} here={here} empty={empty} hasDepartments={data.sequenceDepartments.length > 0} />;
  if (tab === "products") {
    if (data.categories.length === 0) return none;
    return (
      <ul className={grid}>
        {data.categories.map((c) => (
          <Card
            key={c.id}
            testId="category-card"
            title={
              <Badge color={c.color} wrap>
                {c.name}
              </Badge>
            }
            actions={<CardActions here={here} id={c.id} name={c.name} />}
          >
            {c.description ? <p className="mt-2 text-sm text-ink-muted">{c.description}</p> : null}
            <Sequence values={c.departmentSequence} departments={data.sequenceDepartments} />
          </Card>
        ))}
      </ul>
    );
  }
  if (tab === "workflows") {
    if (data.workflows.length === 0) return none;
    return (
      <ul className={grid}>
        {data.workflows.map((w) => (
          <Card key={w.id} testId="workflow-card" title={w.name} actions={<CardActions here={here} id={w.id} name={w.name} />}>
            {w.description ? <p className="mt-2 text-sm text-ink-muted">{w.description}</p> : null}
            <Sequence values={w.departmentSequence} departments={data.sequenceDepartments} />
          </Card>
        ))}
      </ul>
    );
  }
  if (tab === "materials") {
    if (data.materials.length === 0) return none;
    return (
      <ul className={grid}>
        {data.materials.map((m) => (
          <Card key={m.id} testId="material-card" title={m.name} actions={<CardActions here={here} id={m.id} name={m.name} />}>
            <div className="mt-2 flex flex-wrap gap-2">
              <Badge color={m.color} wrap>
                {m.category}
              </Badge>
            </div>
            {m.description ? <p className="mt-2 text-sm text-ink-muted">{m.description}</p> : null}
          </Card>
        ))}
      </ul>
    );
  }
  if (tab === "team") {
    if (data.teamMembers.length === 0) return none;
    return (
      <ul className={grid}>
        {data.teamMembers.map((m) => (
          <Card
            key={m.id}
            testId="team-member-card"
            title={
              <span className="flex min-w-0 items-center gap-2 sm:gap-3">
                <Avatar name={m.name} photoUrl={m.profilePhotoUrl} className="h-9 w-9 text-sm sm:h-10 sm:w-10" />
                <span className="min-w-0">{m.name}</span>
              </span>
            }
            actions={<CardActions here={here} id={m.id} name={m.name} />}
          >
            <p className="mt-2 text-sm text-ink-muted">{[m.email, m.department].filter(Boolean).join(" · ") || "\u00a0"}</p>
            <div className="mt-2 flex flex-wrap gap-1.5">
              {!m.isActive ? <Badge color="red">{t`Inactive`}</Badge> : null}
              {m.accessibleDepartments.length === 0 ? (
                <Badge color="gray">{t`No department access`}</Badge>
              ) : (
                m.accessibleDepartments.map((k) => (
                  <Badge key={k} color={k === "management" ? "purple" : "blue"}>
                    {departmentKeyLabel(k) ?? k}
                  </Badge>
                ))
              )}
            </div>
          </Card>
        ))}
      </ul>
    );
  }
  if (data.departments.length === 0) return none;
  const statusWords: Record<string, string> = {
    active: t({ message: "active", context: "machine status" }),
    maintenance: t({ message: "maintenance", context: "machine status" }),
    offline: t({ message: "offline", context: "machine status" }),
  };
  return (
    <ul className={grid}>
      {data.departments.map((d) => {
        const subs = data.subdepartments.filter((s) => s.departmentId === d.id);
        return (
          <Card
            key={d.id}
            testId="department-card"
            title={
              <Badge color={d.color} wrap>
                {d.name}
              </Badge>
            }
            actions={<CardActions here={here} id={d.id} name={d.name} />}
          >
            <p className="mt-2 text-sm text-ink-muted wrap-anywhere">
              <code className="font-mono text-ink">{d.value}</code> · {t`order ${d.sortOrder}`} · {d.category}
            </p>
            <div className="mt-2 flex flex-wrap gap-1.5">
              <Badge color={d.isActive ? "green" : "red"}>{d.isActive ? t`Active` : t`Inactive`}</Badge>
              {d.isMachine ? <Badge color="blue">{t`Machine · ${statusWords[d.machineStatus] ?? d.machineStatus}`}</Badge> : null}
            </div>
            {d.description ? <p className="mt-2 text-sm text-ink-muted">{d.description}</p> : null}
            <div className="pt-3">
              <div className="border-t border-line pt-3">
                <div className="flex items-center justify-between gap-2">
                  <p className="text-sm font-semibold text-ink-muted">{t`Subdepartments`}</p>
                  <Link to={`${here}&subnew=${d.id}`} preventScrollReset className={btn.small} aria-label={t`Add subdepartment to ${d.name}`}>
                    {t`+ Add`}
                  </Link>
                </div>
                {subs.length ? (
                  <ul className="mt-2 divide-y divide-line">
                    {subs.map((s) => (
                      <li key={s.id} className="flex items-center justify-between gap-2 py-1.5 text-sm" data-testid="subdepartment-row">
                        <span className={`min-w-0 wrap-anywhere ${s.isActive ? "text-ink" : "text-ink-muted line-through"}`}>{s.name}</span>
                        <CardActions here={here} id={s.id} name={s.name} sub />
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="mt-1 text-sm text-ink-muted">{t`None`}</p>
                )}
              </div>
            </div>
          </Card>
        );
      })}
    </ul>
  );
}
