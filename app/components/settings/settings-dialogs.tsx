import type { SubmissionResult } from "@conform-to/react";
import { useLingui } from "@lingui/react/macro";
import { parseIdParam } from "~/domain/ids";
import { UrlDialog } from "../ui";
import { CategoryForm, DeleteForm, DepartmentForm, MaterialForm, SubdepartmentForm, TeamMemberForm, WorkflowForm } from "./entity-forms";
import type { SettingsData } from "./settings-data";
import type { TabKey } from "./tabs";

/**
 * The open tab's Add, Edit and Delete dialogs, opened by the URL (`new`, `edit`, `delete`, and `subnew`, `subedit`,
 * `subdelete` for a department's subdepartments) so they work without JavaScript. `resultFor` hands each form the
 * action's answer to it; `deleteErrors` is a refused delete's message.
 */
export function TabDialogs({
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
  data: SettingsData;
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
  const { t } = useLingui();

  if (tab === "products") {
    const c = data.categories.find((x) => x.id === editId || x.id === deleteId);
    if (isNew)
      return (
        <UrlDialog title={t`Add Product`} closeTo={here} wide>
          <CategoryForm departments={seq} closeTo={here} lastResult={resultFor("category-new")} />
        </UrlDialog>
      );
    if (c && editId)
      return (
        <UrlDialog title={t`Edit Product`} closeTo={here} wide>
          <CategoryForm key={c.id} category={c} departments={seq} closeTo={here} lastResult={resultFor(`category-${c.id}`)} />
        </UrlDialog>
      );
    if (c && deleteId)
      return (
        <UrlDialog title={t`Delete Product`} closeTo={here}>
          <DeleteForm entity="categories" id={c.id} name={c.name} closeTo={here} errors={deleteErrors} />
        </UrlDialog>
      );
  }
  if (tab === "workflows") {
    const w = data.workflows.find((x) => x.id === editId || x.id === deleteId);
    if (isNew)
      return (
        <UrlDialog title={t`Add Workflow`} closeTo={here} wide>
          <WorkflowForm departments={seq} closeTo={here} lastResult={resultFor("workflow-new")} />
        </UrlDialog>
      );
    if (w && editId)
      return (
        <UrlDialog title={t`Edit Workflow`} closeTo={here} wide>
          <WorkflowForm key={w.id} workflow={w} departments={seq} closeTo={here} lastResult={resultFor(`workflow-${w.id}`)} />
        </UrlDialog>
      );
    if (w && deleteId)
      return (
        <UrlDialog title={t`Delete Workflow`} closeTo={here}>
          <DeleteForm entity="workflows" id={w.id} name={w.name} closeTo={here} errors={deleteErrors} />
        </UrlDialog>
      );
  }
  if (tab === "materials") {
    const m = data.materials.find((x) => x.id === editId || x.id === deleteId);
    if (isNew)
      return (
        <UrlDialog title={t`Add Material`} closeTo={here}>
          <MaterialForm closeTo={here} lastResult={resultFor("material-new")} />
        </UrlDialog>
      );
    if (m && editId)
      return (
        <UrlDialog title={t`Edit Material`} closeTo={here}>
          <MaterialForm key={m.id} material={m} closeTo={here} lastResult={resultFor(`material-${m.id}`)} />
        </UrlDialog>
      );
    if (m && deleteId)
      return (
        <UrlDialog title={t`Delete Material`} closeTo={here}>
          <DeleteForm entity="materials" id={m.id} name={m.name} closeTo={here} errors={deleteErrors} />
        </UrlDialog>
      );
  }
  if (tab === "team") {
    const m = data.teamMembers.find((x) => x.id === editId || x.id === deleteId);
    if (isNew)
      return (
        <UrlDialog title={t`Add Team Member`} closeTo={here} wide>
          <TeamMemberForm departments={seq} closeTo={here} lastResult={resultFor("team-member-new")} />
        </UrlDialog>
      );
    if (m && editId)
      return (
        <UrlDialog title={t`Edit Team Member`} closeTo={here} wide>
          <TeamMemberForm key={m.id} member={m} departments={seq} closeTo={here} lastResult={resultFor(`team-member-${m.id}`)} />
        </UrlDialog>
      );
    if (m && deleteId)
      return (
        <UrlDialog title={t`Delete Team Member`} closeTo={here}>
          <DeleteForm entity="team-members" id={m.id} name={m.name} closeTo={here} errors={deleteErrors} />
        </UrlDialog>
      );
  }
  if (tab === "departments") {
    const d = data.departments.find((x) => x.id === editId || x.id === deleteId);
    if (isNew)
      return (
        <UrlDialog title={t`Add Department`} closeTo={here}>
          <DepartmentForm closeTo={here} lastResult={resultFor("department-new")} />
        </UrlDialog>
      );
    if (d && editId)
      return (
        <UrlDialog title={t`Edit Department`} closeTo={here}>
          <DepartmentForm key={d.id} department={d} closeTo={here} lastResult={resultFor(`department-${d.id}`)} />
        </UrlDialog>
      );
    if (d && deleteId)
      return (
        <UrlDialog title={t`Delete Department`} closeTo={here}>
          <DeleteForm entity="departments" id={d.id} name={d.name} closeTo={here} errors={deleteErrors} />
        </UrlDialog>
      );
    const parent = data.departments.find((x) => x.id === subNew);
    if (parent)
      return (
        <UrlDialog title={t`Add Subdepartment to ${parent.name}`} closeTo={here}>
          <SubdepartmentForm departmentId={parent.id} closeTo={here} lastResult={resultFor(`subdepartment-new-${parent.id}`)} />
        </UrlDialog>
      );
    const s = data.subdepartments.find((x) => x.id === subEdit || x.id === subDelete);
    if (s && subEdit)
      return (
        <UrlDialog title={t`Edit Subdepartment`} closeTo={here}>
          <SubdepartmentForm key={s.id} departmentId={s.departmentId} sub={s} closeTo={here} lastResult={resultFor(`subdepartment-${s.id}`)} />
        </UrlDialog>
      );
    if (s && subDelete)
      return (
        <UrlDialog title={t`Delete Subdepartment`} closeTo={here}>
          <DeleteForm entity="subdepartments" id={s.id} name={s.name} closeTo={here} errors={deleteErrors} />
        </UrlDialog>
      );
  }
  return null;
}
