import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { Form, Link, useActionData, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { CategoryForm, DeleteForm, DepartmentForm, MaterialForm, SubdepartmentForm, TeamMemberForm, WorkflowForm } from "~/components/settings/forms";
import { useReauthRetry } from "~/components/reauth";
import { useToast } from "~/components/toaster";
import { Icon } from "~/components/icons";
import { Avatar, Badge, btn, cardClass, EmptyState, PageHeader, UrlDialog } from "~/components/ui";
import { STANDARD_DEPARTMENTS } from "~/domain/constants";
import { DEPARTMENT_KEY_LABELS } from "~/domain/departments";
import { sequenceColorClass } from "~/domain/colors";
import { parseIdParam } from "~/domain/ids";
import type { Route } from "./+types/settings";

import { TABS, type TabKey } from "~/components/settings/tabs";
import { loadSettings, settingsAction } from "./settings.server";

export function meta() {
  return [{ title: "Global Settings · Shopflow" }];
}

export const loader = (args: Route.LoaderArgs) => loadSettings(args);

export const action = (args: Route.ActionArgs) => settingsAction(args);

// Opening or closing a dialog only changes the URL's dialog parameters: no need to reload the data.
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // The same address: a live update (or a click on the current page) asks for fresh data.
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  if (formMethod) return defaultShouldRevalidate;
  return currentUrl.searchParams.get("tab") !== nextUrl.searchParams.get("tab");
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { tab } = loaderData;
  const [params] = useSearchParams();
  const actionData = useActionData<typeof action>();
  const toast = useToast();
  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast);
  }, [actionData, toast]);
  const current = TABS.find((t) => t.key === tab)!;
  const here = `/settings?tab=${tab}`;
  const resultFor = (formId: string) => (actionData?.formId === formId ? (actionData.result as SubmissionResult<string[]>) : undefined);
  const tabsRef = useRef<HTMLElement>(null);
  useEffect(() => {
    // Phones: bring the current tab into the sideways-scrolling row.
    const current = tabsRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const row = current?.closest("ul");
    if (current && row) row.scrollLeft = current.offsetLeft - row.clientWidth / 2 + current.clientWidth / 2;
  }, [tab]);

  const reauth = useReauthRetry(actionData);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6" onSubmitCapture={reauth.onSubmitCapture}>
      {reauth.dialog}
      <PageHeader
        title="Global Settings"
        subtitle="Products, departments and stations, workflows, materials and team members"
        actions={
          <>
            <Link to="/settings/audit" className={btn.secondary}>
              Audit trail
            </Link>
            <Link to="/settings/printers" className={btn.secondary}>
              Label printers
            </Link>
            <Link to="/settings/boards" className={btn.secondary}>
              TV board links
            </Link>
            <Link to="/settings/shop-address" className={btn.secondary}>
              Shop address
            </Link>
            <Link to="/settings/sign-in" className={btn.secondary}>
              Sign-in
            </Link>
          </>
        }
      />
      {/* One row that scrolls sideways on phones (the edge fades to show there is more); it fits from 768 px. */}
      <nav aria-label="Settings tabs" ref={tabsRef} className="relative -mx-4 border-b border-line sm:mx-0">
        <ul className="flex gap-1 overflow-x-auto px-4 [scrollbar-width:none] sm:px-0">
          {TABS.map((t) => (
            <li key={t.key} className="shrink-0">
              <Link
                to={`/settings?tab=${t.key}`}
                aria-current={t.key === tab ? "page" : undefined}
                className={`flex min-h-12 items-center gap-2 border-b-[3px] px-3 text-base font-semibold whitespace-nowrap ${t.key === tab ? "border-brand-700 text-brand-800" : "border-transparent text-ink-muted hover:border-slate-300 hover:text-ink"}`}
              >
                <Icon name={t.icon} className="h-5 w-5" />
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
        <span aria-hidden="true" className="pointer-events-none absolute top-0 right-0 h-full w-10 bg-gradient-to-l from-canvas md:hidden" />
      </nav>

      <div className="mt-6">
        <TabDialogs
          tab={tab}
          params={params}
          here={loaderData.returnTo ?? here}
          data={loaderData}
          resultFor={resultFor}
          deleteErrors={actionData?.formId?.startsWith("delete-") ? ((actionData.result as SubmissionResult<string[]>)?.error?.[""] ?? undefined) : undefined}
        />
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-xl font-semibold text-ink">{current.label}</h2>
          <AddLink tab={tab} here={here} />
        </div>
        <TabGrid tab={tab} data={loaderData} here={here} empty={current.empty} />
      </div>
    </div>
  );
}

function addLabel(tab: TabKey) {
  return { products: "Add Product", departments: "Add Department", workflows: "Add Workflow", materials: "Add Material", team: "Add Team Member" }[tab];
}

function AddLink({ tab, here }: { tab: TabKey; here: string }) {
  return (
    <Link to={`${here}&new=1`} preventScrollReset className={btn.primary}>
      <Icon name="plus" />
      {addLabel(tab)}
    </Link>
  );
}
type LoaderData = Route.ComponentProps["loaderData"];

function TabDialogs({
  tab,
  params,
  here,
  data,
  resultFor,
  deleteErrors,
}: {
  tab: TabKey;
  params: URLSearchParams;
  here: string;
  data: LoaderData;
  resultFor: (id: string) => SubmissionResult<string[]> | undefined;
  deleteErrors?: string[];
}) {
  const isNew = params.get("new") === "1";
  const editId = parseIdParam(params.get("edit")) ?? 0;
  const deleteId = parseIdParam(params.get("delete")) ?? 0;
  const subNew = parseIdParam(params.get("subnew")) ?? 0;
  const subEdit = parseIdParam(params.get("subedit")) ?? 0;
  const subDelete = parseIdParam(params.get("subdelete")) ?? 0;
  const seq = data.sequenceDepartments;

  if (tab === "products") {
    const c = data.categories.find((x) => x.id === editId || x.id === deleteId);
    if (isNew)
      return (
        <UrlDialog title="Add Product" closeTo={here} wide>
          <CategoryForm departments={seq} closeTo={here} lastResult={resultFor("category-new")} />
        </UrlDialog>
      );
    if (c && editId)
      return (
        <UrlDialog title="Edit Product" closeTo={here} wide>
          <CategoryForm key={c.id} category={c} departments={seq} closeTo={here} lastResult={resultFor(`category-${c.id}`)} />
        </UrlDialog>
      );
    if (c && deleteId)
      return (
        <UrlDialog title="Delete Product" closeTo={here}>
          <DeleteForm entity="categories" id={c.id} name={c.name} closeTo={here} errors={deleteErrors} />
        </UrlDialog>
      );
  }
  if (tab === "workflows") {
    const w = data.workflows.find((x) => x.id === editId || x.id === deleteId);
    if (isNew)
      return (
        <UrlDialog title="Add Workflow" closeTo={here} wide>
          <WorkflowForm departments={seq} closeTo={here} lastResult={resultFor("workflow-new")} />
        </UrlDialog>
      );
    if (w && editId)
      return (
        <UrlDialog title="Edit Workflow" closeTo={here} wide>
          <WorkflowForm key={w.id} workflow={w} departments={seq} closeTo={here} lastResult={resultFor(`workflow-${w.id}`)} />
        </UrlDialog>
      );
    if (w && deleteId)
      return (
        <UrlDialog title="Delete Workflow" closeTo={here}>
          <DeleteForm entity="workflows" id={w.id} name={w.name} closeTo={here} errors={deleteErrors} />
        </UrlDialog>
      );
  }
  if (tab === "materials") {
    const m = data.materials.find((x) => x.id === editId || x.id === deleteId);
    if (isNew)
      return (
        <UrlDialog title="Add Material" closeTo={here}>
          <MaterialForm closeTo={here} lastResult={resultFor("material-new")} />
        </UrlDialog>
      );
    if (m && editId)
      return (
        <UrlDialog title="Edit Material" closeTo={here}>
          <MaterialForm key={m.id} material={m} closeTo={here} lastResult={resultFor(`material-${m.id}`)} />
        </UrlDialog>
      );
    if (m && deleteId)
      return (
        <UrlDialog title="Delete Material" closeTo={here}>
          <DeleteForm entity="materials" id={m.id} name={m.name} closeTo={here} errors={deleteErrors} />
        </UrlDialog>
      );
  }
  if (tab === "team") {
    const t = data.teamMembers.find((x) => x.id === editId || x.id === deleteId);
    if (isNew)
      return (
        <UrlDialog title="Add Team Member" closeTo={here} wide>
          <TeamMemberForm departments={seq} closeTo={here} lastResult={resultFor("team-member-new")} />
        </UrlDialog>
      );
    if (t && editId)
      return (
        <UrlDialog title="Edit Team Member" closeTo={here} wide>
          <TeamMemberForm key={t.id} member={t} departments={seq} closeTo={here} lastResult={resultFor(`team-member-${t.id}`)} />
        </UrlDialog>
      );
    if (t && deleteId)
      return (
        <UrlDialog title="Delete Team Member" closeTo={here}>
          <DeleteForm entity="team-members" id={t.id} name={t.name} closeTo={here} errors={deleteErrors} />
        </UrlDialog>
      );
  }
  if (tab === "departments") {
    const d = data.departments.find((x) => x.id === editId || x.id === deleteId);
    if (isNew)
      return (
        <UrlDialog title="Add Department" closeTo={here}>
          <DepartmentForm closeTo={here} lastResult={resultFor("department-new")} />
        </UrlDialog>
      );
    if (d && editId)
      return (
        <UrlDialog title="Edit Department" closeTo={here}>
          <DepartmentForm key={d.id} department={d} closeTo={here} lastResult={resultFor(`department-${d.id}`)} />
        </UrlDialog>
      );
    if (d && deleteId)
      return (
        <UrlDialog title="Delete Department" closeTo={here}>
          <DeleteForm entity="departments" id={d.id} name={d.name} closeTo={here} errors={deleteErrors} />
        </UrlDialog>
      );
    const parent = data.departments.find((x) => x.id === subNew);
    if (parent)
      return (
        <UrlDialog title={`Add Subdepartment to ${parent.name}`} closeTo={here}>
          <SubdepartmentForm departmentId={parent.id} closeTo={here} lastResult={resultFor(`subdepartment-new-${parent.id}`)} />
        </UrlDialog>
      );
    const s = data.subdepartments.find((x) => x.id === subEdit || x.id === subDelete);
    if (s && subEdit)
      return (
        <UrlDialog title="Edit Subdepartment" closeTo={here}>
          <SubdepartmentForm key={s.id} departmentId={s.departmentId} sub={s} closeTo={here} lastResult={resultFor(`subdepartment-${s.id}`)} />
        </UrlDialog>
      );
    if (s && subDelete)
      return (
        <UrlDialog title="Delete Subdepartment" closeTo={here}>
          <DeleteForm entity="subdepartments" id={s.id} name={s.name} closeTo={here} errors={deleteErrors} />
        </UrlDialog>
      );
  }
  return null;
}

function CardActions({ here, id, name, sub }: { here: string; id: number; name: string; sub?: boolean }) {
  return (
    <div className="flex shrink-0 gap-2">
      {/* Phones: icon buttons (40 × 40), so a long name keeps its room; the labels show from 640 px. */}
      <Link
        to={`${here}&${sub ? "subedit" : "edit"}=${id}`}
        preventScrollReset
        className={`${btn.small} max-sm:w-10 max-sm:px-0`}
        aria-label={`Edit ${name}`}
        title="Edit"
      >
        <Icon name="edit" className="h-5 w-5 sm:hidden" />
        <span className="max-sm:hidden">Edit</span>
      </Link>
      <Link
        to={`${here}&${sub ? "subdelete" : "delete"}=${id}`}
        preventScrollReset
        className={`${btn.smallDanger} max-sm:w-10 max-sm:px-0`}
        aria-label={`Delete ${name}`}
        title="Delete"
      >
        <Icon name="trash" className="h-5 w-5 sm:hidden" />
        <span className="max-sm:hidden">Delete</span>
      </Link>
    </div>
  );
}

function Sequence({ values, departments }: { values: string[]; departments: LoaderData["sequenceDepartments"] }) {
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

function Card({ title, testId, children, actions }: { title: React.ReactNode; testId: string; children?: React.ReactNode; actions: React.ReactNode }) {
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

/** the product's empty message with the action that fills the tab (docs/design.md "Empty states"). */
function Empty({ tab, here, empty, hasDepartments }: { tab: TabKey; here: string; empty: string; hasDepartments: boolean }) {
  const icon = TABS.find((t) => t.key === tab)!.icon;
  const needsDepartments = (tab === "products" || tab === "workflows") && !hasDepartments;
  if (tab === "departments") {
    return (
      <EmptyState
        icon={icon}
        title={empty}
        action={
          <>
            <Form method="post">
              <input type="hidden" name="_action" value="add-standard-departments" />
              <button type="submit" className={btn.primary}>
                <Icon name="plus" />
                Add the standard departments
              </button>
            </Form>
            <Link to={`${here}&new=1`} preventScrollReset className={btn.secondary}>
              Add Department
            </Link>
          </>
        }
      >
        The standard departments are {STANDARD_DEPARTMENTS.map((d) => d.name).join(", ")}, added as process departments. Add your printers, cutters and routers
        as machine stations with Add Department.
      </EmptyState>
    );
  }
  return (
    <EmptyState
      icon={icon}
      title={empty}
      action={
        needsDepartments ? (
          <Link to="/settings?tab=departments" className={btn.primary}>
            Set up departments first
          </Link>
        ) : (
          <Link to={`${here}&new=1`} preventScrollReset className={btn.primary}>
            <Icon name="plus" />
            {addLabel(tab)}
          </Link>
        )
      }
    >
      {needsDepartments ? `${tab === "products" ? "A product" : "A workflow"} is a sequence of departments, and none exist yet.` : EMPTY_HINTS[tab]}
    </EmptyState>
  );
}

const EMPTY_HINTS: Record<TabKey, string> = {
  products: "Products are the kinds of work you make, each with the departments it goes through.",
  departments: "",
  workflows: "A workflow is the order of departments a project follows.",
  materials: "Materials are the substrates, films and metals items are made of.",
  team: "Give everyone a PIN and the departments they work in.",
};

function TabGrid({ tab, data, here, empty }: { tab: TabKey; data: LoaderData; here: string; empty: string }) {
  const none = <Empty tab={tab} here={here} empty={empty} hasDepartments={data.sequenceDepartments.length > 0} />;
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
        {data.teamMembers.map((t) => (
          <Card
            key={t.id}
            testId="team-member-card"
            title={
              <span className="flex min-w-0 items-center gap-2 sm:gap-3">
                <Avatar name={t.name} photoUrl={t.profilePhotoUrl} className="h-9 w-9 text-sm sm:h-10 sm:w-10" />
                <span className="min-w-0">{t.name}</span>
              </span>
            }
            actions={<CardActions here={here} id={t.id} name={t.name} />}
          >
            <p className="mt-2 text-sm text-ink-muted">{[t.email, t.department].filter(Boolean).join(" · ") || "\u00a0"}</p>
            <div className="mt-2 flex flex-wrap gap-1.5">
              {!t.isActive ? <Badge color="red">Inactive</Badge> : null}
              {t.accessibleDepartments.length === 0 ? (
                <Badge color="gray">No department access</Badge>
              ) : (
                t.accessibleDepartments.map((k) => (
                  <Badge key={k} color={k === "management" ? "purple" : "blue"}>
                    {DEPARTMENT_KEY_LABELS[k] ?? k}
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
              <code className="font-mono text-ink">{d.value}</code> · order {d.sortOrder} · {d.category}
            </p>
            <div className="mt-2 flex flex-wrap gap-1.5">
              <Badge color={d.isActive ? "green" : "red"}>{d.isActive ? "Active" : "Inactive"}</Badge>
              {d.isMachine ? <Badge color="blue">Machine · {d.machineStatus}</Badge> : null}
            </div>
            {d.description ? <p className="mt-2 text-sm text-ink-muted">{d.description}</p> : null}
            <div className="pt-3">
              <div className="border-t border-line pt-3">
                <div className="flex items-center justify-between gap-2">
                  <p className="text-sm font-semibold text-ink-muted">Subdepartments</p>
                  <Link to={`${here}&subnew=${d.id}`} preventScrollReset className={btn.small} aria-label={`Add subdepartment to ${d.name}`}>
                    + Add
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
                  <p className="mt-1 text-sm text-ink-muted">None</p>
                )}
              </div>
            </div>
          </Card>
        );
      })}
    </ul>
  );
}
