import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { Category, Department, Material, PublicTeamMember, Subdepartment, Workflow } from "~/domain/entities";
import { DEPARTMENT_KEYS } from "~/domain/constants";
import {
  CategorySchema,
  DepartmentCreateFormSchema,
  DepartmentEditFormSchema,
  MaterialSchema,
  SubdepartmentSchema,
  TeamMemberEditFormSchema,
  TeamMemberSchema,
  WorkflowSchema,
} from "~/schemas/settings";
import { departmentKeyLabel } from "~/domain/departments";
import { useHydrated } from "~/hooks/use-hydrated";
import { DepartmentSequenceField, type SequenceDepartment } from "../department-sequence-field";
import { btn, CancelLink, checkboxClass, checkRowClass, ColorOptions, DeleteConfirmActions, FieldError, initials, inputClass, Label } from "../ui";
import { FormErrors, TextField } from "../forms";
import { OpenedValuesField, useOpenedValues, type Opened } from "../opened-values";
import { useSettingsForm } from "./use-settings-form";
import { MemberLanguageField } from "../language-choice";

type Result = SubmissionResult<string[]> | null | undefined;

/** `opened`: the record's fields as the form opened (useOpenedValues), so the action saves only what this person changed. */
function Hidden({ entity, id, opened }: { entity: string; id?: number; opened: Opened | null }) {
  return (
    <>
      <input type="hidden" name="_entity" value={entity} />
      {id ? <input type="hidden" name="_id" value={id} /> : null}
      <OpenedValuesField values={id ? opened : null} />
    </>
  );
}

function Actions({ closeTo, label, disabled }: { closeTo: string; label: string; disabled?: boolean }) {
  const { t } = useLingui();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div className="flex flex-wrap justify-end gap-3 border-t border-line pt-4">
      <CancelLink to={closeTo} />
      <button type="submit" className={btn.primary} disabled={disabled || busy}>
        {busy ? t`Saving...` : label}
      </button>
    </div>
  );
}

function DescriptionField<T>({ field }: { field: FieldMetadata<T> }) {
  const { t } = useLingui();
  return (
    <div>
      <Label htmlFor={field.id}>{t`Description`}</Label>
      <textarea className={inputClass} rows={2} {...getTextareaProps(field)} />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

function ColorField<T>({ field, label }: { field: FieldMetadata<T>; label?: string }) {
  const { t } = useLingui();
  return (
    <div>
      <Label htmlFor={field.id}>{label ?? t`Color`}</Label>
      <select className={inputClass} {...getSelectProps(field)}>
        <ColorOptions />
      </select>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function CategoryForm({
  category,
  departments,
  closeTo,
  lastResult,
}: {
  category?: Category;
  departments: SequenceDepartment[];
  closeTo: string;
  lastResult: Result;
}) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const opened = useOpenedValues(
    category && { name: category.name, description: category.description, color: category.color, departmentSequence: category.departmentSequence },
    lastResult,
  );
  const [form, fields] = useSettingsForm(
    CategorySchema,
    `category-${category?.id ?? "new"}`,
    {
      name: opened?.name ?? "",
      description: opened?.description ?? "",
      color: opened?.color ?? "gray",
      departmentSequence: [...(opened?.departmentSequence ?? [])],
    },
    lastResult,
  );
  const sequenceField = fields.departmentSequence;
  const empty = sequenceField.getFieldList().length === 0;
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <Hidden entity="categories" id={category?.id} opened={opened} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField field={fields.name} label={t`Name`} />
      <DescriptionField field={fields.description} />
      <ColorField field={fields.color} />
      <DepartmentSequenceField form={form} field={fields.departmentSequence} departments={departments} label={t`Department sequence`} />
      {hydrated && empty && !fields.departmentSequence.errors ? (
        <p className="text-sm font-medium text-warning-900">{t`Select at least one department`}</p>
      ) : null}
      <Actions closeTo={closeTo} label={category ? t`Update Product` : t`Create Product`} disabled={hydrated && empty} />
    </Form>
  );
}

export function WorkflowForm({
  workflow,
  departments,
  closeTo,
  lastResult,
}: {
  workflow?: Workflow;
  departments: SequenceDepartment[];
  closeTo: string;
  lastResult: Result;
}) {
  const { t } = useLingui();
  const opened = useOpenedValues(
    workflow && { name: workflow.name, description: workflow.description, departmentSequence: workflow.departmentSequence },
    lastResult,
  );
  const [form, fields] = useSettingsForm(
    WorkflowSchema,
    `workflow-${workflow?.id ?? "new"}`,
    {
      name: opened?.name ?? "",
      description: opened?.description ?? "",
      departmentSequence: [...(opened?.departmentSequence ?? [])],
    },
    lastResult,
  );
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <Hidden entity="workflows" id={workflow?.id} opened={opened} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField field={fields.name} label={t`Name`} />
      <DescriptionField field={fields.description} />
      <DepartmentSequenceField form={form} field={fields.departmentSequence} departments={departments} label={t`Department sequence`} />
      <Actions closeTo={closeTo} label={workflow ? t`Update Workflow` : t`Create Workflow`} />
    </Form>
  );
}

export function MaterialForm({ material, closeTo, lastResult }: { material?: Material; closeTo: string; lastResult: Result }) {
  const { t } = useLingui();
  const opened = useOpenedValues(
    material && { name: material.name, description: material.description, category: material.category, color: material.color },
    lastResult,
  );
  const [form, fields] = useSettingsForm(
    MaterialSchema,
    `material-${material?.id ?? "new"}`,
    {
      name: opened?.name ?? "",
      description: opened?.description ?? "",
      category: opened?.category ?? "",
      color: opened?.color ?? "gray",
    },
    lastResult,
  );
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <Hidden entity="materials" id={material?.id} opened={opened} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField field={fields.name} label={t`Name`} />
      <TextField field={fields.category} label={t`Category`} placeholder={t`e.g. Vinyl, Substrate, Metal`} />
      <DescriptionField field={fields.description} />
      <ColorField field={fields.color} />
      <Actions closeTo={closeTo} label={material ? t`Update Material` : t`Create Material`} />
    </Form>
  );
}

export function DepartmentForm({ department, closeTo, lastResult }: { department?: Department; closeTo: string; lastResult: Result }) {
  const { t } = useLingui();
  const opened = useOpenedValues(
    department && {
      name: department.name,
      description: department.description,
      color: department.color,
      sortOrder: department.sortOrder,
      isActive: department.isActive,
      isMachine: department.isMachine,
    },
    lastResult,
  );
  const [form, fields] = useSettingsForm(
    department ? DepartmentEditFormSchema : DepartmentCreateFormSchema,
    `department-${department?.id ?? "new"}`,
    {
      name: opened?.name ?? "",
      description: opened?.description ?? "",
      color: opened?.color ?? "blue",
      sortOrder: String(opened?.sortOrder ?? 0),
      isActive: opened ? (opened.isActive ? "on" : undefined) : "on",
      isMachine: opened ? (opened.isMachine ? "on" : undefined) : "on",
    },
    lastResult,
  );
  const f = fields;
  // The create form's checkbox follows a hidden "false" (see DepartmentCreateFormSchema): the last value wins.
  const machineValue = f.isMachine.initialValue;
  const machineChecked = (Array.isArray(machineValue) ? machineValue.at(-1) : machineValue) === "on";
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <Hidden entity="departments" id={department?.id} opened={opened} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField field={f.name} label={t`Name`} />
      {department ? (
        <p className="text-sm text-ink-muted">
          <Trans>
            Value: <code className="font-mono text-ink">{department.value}</code> (kept when the name changes)
          </Trans>
        </p>
      ) : (
        <p className="text-sm text-ink-muted">{t`The value used in addresses is made from the name, e.g. "HP Latex 800" becomes hp-latex-800.`}</p>
      )}
      <DescriptionField field={f.description} />
      <div className="grid grid-cols-2 gap-3">
        <ColorField field={f.color} />
        <TextField field={f.sortOrder} label={t`Sort order`} type="number" min={0} step={1} />
      </div>
      {department ? (
        <div className="flex flex-wrap gap-x-6">
          <label className={checkRowClass}>
            <input {...getInputProps(f.isActive, { type: "checkbox" })} className={checkboxClass} /> {t`Active`}
          </label>
          <label className={checkRowClass}>
            <input {...getInputProps(f.isMachine, { type: "checkbox" })} className={checkboxClass} /> {t`Machine station`}
          </label>
        </div>
      ) : (
        <div>
          <input type="hidden" name={f.isMachine.name} value="false" />
          <label className={checkRowClass}>
            <input
              type="checkbox"
              id={f.isMachine.id}
              name={f.isMachine.name}
              defaultChecked={machineChecked}
              aria-describedby={`${f.isMachine.id}-hint`}
              className={checkboxClass}
            />
            {t`This department is a machine station`}
          </label>
          <p id={`${f.isMachine.id}-hint`} className="ml-9 text-sm text-ink-muted">
            {t`A printer, cutter or router: it gets its own page on the Production Floor. Untick for a process department such as Quality Control.`}
          </p>
        </div>
      )}
      <Actions closeTo={closeTo} label={department ? t`Update Department` : t`Create Department`} />
    </Form>
  );
}

export function SubdepartmentForm({
  departmentId,
  sub,
  closeTo,
  lastResult,
}: {
  departmentId: number;
  sub?: Subdepartment;
  closeTo: string;
  lastResult: Result;
}) {
  const { t } = useLingui();
  const opened = useOpenedValues(
    sub && {
      name: sub.name,
      value: sub.value,
      description: sub.description,
      departmentId: sub.departmentId,
      color: sub.color,
      sortOrder: sub.sortOrder,
      isActive: sub.isActive,
    },
    lastResult,
  );
  const [form, fields] = useSettingsForm(
    SubdepartmentSchema,
    `subdepartment-${sub?.id ?? `new-${departmentId}`}`,
    {
      name: opened?.name ?? "",
      value: opened?.value ?? "",
      description: opened?.description ?? "",
      departmentId: String(opened?.departmentId ?? departmentId),
      color: opened?.color ?? "blue",
      sortOrder: String(opened?.sortOrder ?? 0),
      isActive: opened ? (opened.isActive ? "on" : undefined) : "on",
    },
    lastResult,
  );
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <Hidden entity="subdepartments" id={sub?.id} opened={opened} />
      <input {...getInputProps(fields.departmentId, { type: "hidden" })} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField field={fields.name} label={t`Name`} />
      <TextField field={fields.value} label={t`Value (optional, made from the name)`} />
      <DescriptionField field={fields.description} />
      <div className="grid grid-cols-2 gap-3">
        <ColorField field={fields.color} />
        <TextField field={fields.sortOrder} label={t`Sort order`} type="number" min={0} step={1} />
      </div>
      <label className={checkRowClass}>
        <input {...getInputProps(fields.isActive, { type: "checkbox" })} className={checkboxClass} /> {t`Active`}
      </label>
      <Actions closeTo={closeTo} label={sub ? t`Update Subdepartment` : t`Create Subdepartment`} />
    </Form>
  );
}

export function TeamMemberForm({
  member,
  departments,
  closeTo,
  lastResult,
}: {
  member?: PublicTeamMember;
  departments: SequenceDepartment[];
  closeTo: string;
  lastResult: Result;
}) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const opened = useOpenedValues(
    member && {
      name: member.name,
      email: member.email,
      department: member.department,
      subdepartment: member.subdepartment,
      skills: member.skills,
      profilePhotoUrl: member.profilePhotoUrl,
      accessibleDepartments: member.accessibleDepartments,
      isActive: member.isActive,
      language: member.language,
    },
    lastResult,
  );
  const [form, fields] = useSettingsForm(
    member ? TeamMemberEditFormSchema : TeamMemberSchema,
    `team-member-${member?.id ?? "new"}`,
    {
      name: opened?.name ?? "",
      email: opened?.email ?? "",
      pinCode: "",
      department: opened?.department ?? "",
      subdepartment: opened?.subdepartment ?? "",
      skills: opened?.skills.join(", ") ?? "",
      profilePhotoUrl: opened?.profilePhotoUrl ?? "",
      accessibleDepartments: [...(opened?.accessibleDepartments ?? [])],
      isActive: opened ? (opened.isActive ? "on" : undefined) : "on",
      language: opened?.language ?? "",
    },
    lastResult,
  );
  const f = fields;
  const [photo, setPhoto] = useState<string>(opened?.profilePhotoUrl ?? "");
  const [photoBroken, setPhotoBroken] = useState(false);
  const access = f.accessibleDepartments.value;
  const selected = Array.isArray(access) ? access : access ? [access] : [];
  const showPhoto = /^https?:\/\/\S+$/.test(photo) && !photoBroken;
  const name = typeof f.name.value === "string" ? f.name.value : (opened?.name ?? "");
  // A member's department is one of the shop's departments (by name), or none. A stored value that is not a
  // department any more (e.g. the administrator's 'Management') stays offered so saving keeps it. Machine stations
  // are where work happens, not where a person belongs: they are not offered.
  const departmentNames = departments.filter((d) => d.isActive && !d.isMachine).map((d) => d.name);
  const current = typeof f.department.initialValue === "string" ? f.department.initialValue : "";
  if (current && !departmentNames.includes(current)) departmentNames.push(current);
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <Hidden entity="team-members" id={member?.id} opened={opened} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField field={f.name} label={t`Name`} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          field={f.pinCode}
          label={member ? t`New PIN (leave blank to keep)` : t`PIN`}
          type="password"
          maxLength={4}
          inputMode="numeric"
          autoComplete="new-password"
        />
        <TextField field={f.email} label={t`Email`} type="email" autoComplete="off" />
        <div>
          <Label htmlFor={f.department.id}>{t`Department`}</Label>
          <select
            className={inputClass}
            {...getSelectProps(f.department)}
            aria-describedby={f.department.errors ? `${f.department.errorId} ${f.department.id}-hint` : `${f.department.id}-hint`}
          >
            <option value="">{t`None`}</option>
            {departmentNames.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
          <FieldError id={f.department.errorId} errors={f.department.errors} />
          <p id={`${f.department.id}-hint`} className="mt-1 text-sm text-ink-muted">
            {t`Their home department: where Back on a project page and Department Views take them. It opens nothing by itself.`}
          </p>
        </div>
        <TextField field={f.subdepartment} label={t`Subdepartment`} />
        <MemberLanguageField field={f.language} />
      </div>
      <TextField field={f.skills} label={t`Skills (comma-separated)`} />
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <TextField
            field={f.profilePhotoUrl}
            label={t`Photo URL`}
            type="url"
            onChange={(e: React.ChangeEvent<HTMLInputElement>) => {
              setPhoto(e.target.value.trim());
              setPhotoBroken(false);
            }}
          />
        </div>
        <div
          className="relative mt-6 flex h-14 w-14 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 text-base font-semibold text-brand-900"
          data-testid="photo-preview"
        >
          <span aria-hidden="true">{initials(name)}</span>
          {showPhoto ? (
            <img
              src={photo}
              // biome-ignore lint/a11y/noRedundantAlt: the preview of the photo being chosen, named as the form's label says
              alt={t`Photo preview`}
              data-fallback={initials(name)}
              className="img-fallback absolute inset-0 h-full w-full object-cover"
              onError={() => setPhotoBroken(true)}
            />
          ) : (
            <span className="sr-only">{t`No photo`}</span>
          )}
        </div>
      </div>
      <fieldset aria-describedby={`${f.accessibleDepartments.id}-hint`}>
        <legend className="block text-sm font-semibold text-ink">{t`Accessible departments`}</legend>
        <p id={`${f.accessibleDepartments.id}-hint`} className="text-sm text-ink-muted">
          {t`Their keys: the areas they may unlock with their PIN (Home tiles and department screens). Any member can run the QR Timer without one.`}
        </p>
        <div className="mt-1 grid gap-x-4 sm:grid-cols-2">
          {getCollectionProps(f.accessibleDepartments, { type: "checkbox", options: [...DEPARTMENT_KEYS] }).map(({ key, ...props }) => (
            <label key={key} className={checkRowClass}>
              <input {...props} className={checkboxClass} />
              {departmentKeyLabel(props.value)}
            </label>
          ))}
        </div>
        <FieldError id={f.accessibleDepartments.errorId} errors={f.accessibleDepartments.errors} />
        {(hydrated ? selected.length === 0 : (opened?.accessibleDepartments.length ?? 0) === 0) ? (
          <p className="mt-2 rounded-lg border border-warning-300 bg-warning-50 px-3 py-2 text-sm text-warning-900" role="status">
            {t`No departments selected. This team member will not be able to access any department boxes on the dashboard.`}
          </p>
        ) : null}
      </fieldset>
      <label className={checkRowClass}>
        <input {...getInputProps(f.isActive, { type: "checkbox" })} className={checkboxClass} /> {t`Active`}
      </label>
      <Actions closeTo={closeTo} label={member ? t`Update Team Member` : t`Add Team Member`} />
    </Form>
  );
}

export function DeleteForm({ entity, id, name, closeTo, errors }: { entity: string; id: number; name: string; closeTo: string; errors?: string[] }) {
  const { t } = useLingui();
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="_entity" value={entity} />
      <input type="hidden" name="_id" value={id} />
      <input type="hidden" name="_action" value="delete" />
      <p className="text-base text-ink wrap-anywhere">{t`Are you sure you want to delete "${name}"? This action cannot be undone.`}</p>
      <FormErrors errors={errors} />
      <DeleteConfirmActions cancelTo={closeTo} />
    </Form>
  );
}
