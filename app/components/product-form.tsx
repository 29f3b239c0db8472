import { useLingui } from "@lingui/react/macro";
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { ProductFormSchema } from "~/schemas/item";
import { DEFAULT_ITEM_DEPARTMENT, DEFAULT_MATERIAL } from "~/domain/constants";
import type { WhoCanAdd } from "~/domain/words";
import { AddEntryHint } from "./add-entry-hint";
import { OpenedValuesField, useOpenedValues } from "./opened-values";
import { CancelLink, FieldError, inputClass, Label, btn } from "./ui";
import { FormErrors, TextField } from "~/components/forms";

export type ProductFormItem = {
  id: number;
  name: string;
  category: string;
  department: string;
  projectId: number;
  material: string;
  quantity: number;
  workflowId: number | null;
  productWorkflowId: number | null;
};

export type ProductFormChoices = {
  categories: string[];
  departments: { value: string; name: string }[];
  projects: { id: number; name: string }[];
  materials: string[];
  workflows: { id: number; name: string }[];
};

/** docs/product.md §5 'Product form (items screen)': the Create New Product / Edit Product dialog's form. */
export function ProductForm({
  item,
  choices,
  presetProjectId,
  action,
  closeTo,
  lastResult,
  who,
}: {
  item?: ProductFormItem;
  choices: ProductFormChoices;
  presetProjectId?: number;
  /** The dialog's own address: the form posts there, and 'Add a material' comes back there. */
  action: string;
  closeTo: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** Who may add a missing product or material: the hint under those fields. */
  who: WhoCanAdd;
}) {
  const { t } = useLingui();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // Drawn from, and checked against, the item as the dialog opened: a live reload does not move either.
  const opened = useOpenedValues(
    item && {
      name: item.name,
      category: item.category,
      department: item.department,
      projectId: item.projectId,
      material: item.material,
      quantity: item.quantity,
      workflowId: item.workflowId,
      productWorkflowId: item.productWorkflowId,
    },
    lastResult,
  );
  const [form, fields] = useForm<z.output<typeof ProductFormSchema>>({
    id: `product-${item?.id ?? "new"}`,
    lastResult,
    defaultValue: {
      name: opened?.name ?? "",
      category: opened?.category ?? "",
      department: opened?.department ?? DEFAULT_ITEM_DEPARTMENT,
      projectId: String(opened?.projectId ?? presetProjectId ?? ""),
      material: opened?.material ?? DEFAULT_MATERIAL,
      quantity: String(opened?.quantity ?? 1),
      workflowId: opened?.workflowId ? String(opened.workflowId) : "none",
      productWorkflowId: opened?.productWorkflowId ? String(opened.productWorkflowId) : "none",
    },
    constraint: getZodConstraint(ProductFormSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProductFormSchema }),
  });
  // A stored value no longer offered (renamed, deleted, or an older project) stays selectable, so saving keeps it.
  const keep = <T,>(list: T[], has: boolean, value: T) => (has ? list : [value, ...list]);
  const categories = opened ? keep(choices.categories, choices.categories.includes(opened.category), opened.category) : choices.categories;
  const materials = opened
    ? keep(choices.materials, choices.materials.includes(opened.material), opened.material)
    : choices.materials.includes(DEFAULT_MATERIAL)
      ? choices.materials
      : [DEFAULT_MATERIAL, ...choices.materials];
  const departments =
    opened && !choices.departments.some((d) => d.value === opened.department)
      ? [{ value: opened.department, name: opened.department }, ...choices.departments]
      : choices.departments;
  const select = (
    field: Parameters<typeof getSelectProps>[0],
    label: string,
    options: { value: string; label: string }[],
    placeholder?: string,
    hint?: React.ReactNode,
  ) => (
    <div>
      <Label htmlFor={field.id}>{label}</Label>
      <select className={inputClass} {...getSelectProps(field)}>
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={field.errorId} errors={field.errors} />
      {hint}
    </div>
  );
  const workflowOptions = [{ value: "none", label: t`None` }, ...choices.workflows.map((w) => ({ value: String(w.id), label: w.name }))];
  return (
    <Form method="post" action={action} className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={item ? "update-product" : "create-product"} />
      {item ? <input type="hidden" name="itemId" value={item.id} /> : null}
      <OpenedValuesField values={opened} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField field={fields.name} label={t`Product name`} />
      <div className="grid gap-4 sm:grid-cols-2">
        {select(
          fields.category,
          t`Category`,
          categories.map((c) => ({ value: c, label: c })),
          t`Choose a category`,
          <AddEntryHint kind="product" who={who} empty={choices.categories.length === 0} returnTo={action} />,
        )}
        {select(
          fields.department,
          t`Department`,
          departments.map((d) => ({ value: d.value, label: d.name })),
          t`Choose a department`,
        )}
      </div>
      {select(
        fields.projectId,
        t`Project`,
        choices.projects.map((p) => ({ value: String(p.id), label: p.name })),
        t`Choose a project`,
      )}
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        {select(
          fields.material,
          t`Material`,
          materials.map((m) => ({
            value: m,
            label: m === DEFAULT_MATERIAL ? t({ message: "Unknown", comment: "The material of an item whose material is not known" }) : m,
          })),
          undefined,
          <AddEntryHint kind="material" who={who} empty={choices.materials.length === 0} returnTo={action} />,
        )}
        <div>
          <Label htmlFor={fields.quantity.id}>{t`Quantity`}</Label>
          <input className={inputClass} inputMode="numeric" {...getInputProps(fields.quantity, { type: "number" })} min={1} step={1} />
          <FieldError id={fields.quantity.errorId} errors={fields.quantity.errors} />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {select(fields.workflowId, t`Workflow (optional)`, workflowOptions)}
        {select(fields.productWorkflowId, t`Product workflow (optional)`, workflowOptions)}
      </div>
      <div className="flex flex-wrap justify-end gap-3 border-t border-line pt-4">
        <CancelLink to={closeTo} />
        <button type="submit" className={btn.primary} disabled={busy}>
          {busy ? t`Saving...` : item ? t`Update Product` : t`Create Product`}
        </button>
      </div>
    </Form>
  );
}
