import { type FormMetadata, getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Form, Link, useActionData } from "react-router";
import type { z } from "zod";
import type { IconName } from "~/components/icons";
import { btn, cardClass, EmptyState, PageHeader } from "~/components/ui";
import type { FormReply } from "~/views/form-action.server";
import type { KeyedLinkReply, KeyedLinkRow } from "~/views/keyed-links.server";
import { FormErrors, useAnswerToast } from "../forms";
import { RevokeCell } from "./revoke-cell";

// One screen for the keys Global Settings hands out (TV board links, calendar feeds, API tokens; decisions 0041
// and 0043): the form that makes one, the key shown once in the answer, and the list with each key's last use and
// its Revoke button. Plain forms, so it works the same without JavaScript. The action is views/keyed-links.server.ts.

type Fields<S extends z.ZodType> = ReturnType<FormMetadata<z.input<S> & Record<string, unknown>, string[]>["getFieldset"]>;

/** A column of the list between Name and Status. */
export type KeyedLinkColumn<R> = { label: string; cell: (row: R) => ReactNode; className?: string };

export function KeyedLinkPage<S extends z.ZodType, C, R extends KeyedLinkRow>({
  width,
  title,
  subtitle,
  notice,
  schema,
  form: made,
  reveal,
  list,
  rows,
}: {
  width: "max-w-4xl" | "max-w-5xl";
  title: string;
  subtitle: string;
  /** Drawn under the header, above the answer (the shop-address notice). */
  notice?: ReactNode;
  /** The create form's schema, the one its action parses. */
  schema: S;
  form: {
    /** Its heading, and that heading's id. */
    heading: string;
    headingId: string;
    className: string;
    /** The fields, from conform's fieldset. */
    fields: (fields: Fields<S>) => ReactNode;
    submit: string;
  };
  /** What the answer to a made key shows in its box: the key, once. */
  reveal: (created: C) => ReactNode;
  list: {
    heading: ReactNode;
    headingId: string;
    columns: KeyedLinkColumn<R>[];
    /** The Revoke button's object ('board link Hall TV'). */
    revokeLabel: (row: R) => string;
    rowTestId?: string;
    empty: { icon: IconName; title: string; text: ReactNode };
  };
  rows: R[];
}) {
  const { t } = useLingui();
  const actionData = useActionData<KeyedLinkReply<C> | FormReply>();
  const [form, fields] = useForm<z.input<S> & Record<string, unknown>, z.output<S>>({
    lastResult: actionData?.formId === "create" ? (actionData.result as SubmissionResult<string[]>) : undefined,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const created = actionData && "created" in actionData ? actionData.created : null;
  const answerToast = useAnswerToast(actionData);
  const nameLabel = t`Name`;
  return (
    <div className={`mx-auto ${width} px-4 py-6 sm:px-6`}>
      {answerToast}
      <Link to="/settings" className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
        {t`← Back to Global Settings`}
      </Link>
      <PageHeader title={title} subtitle={subtitle} />
      {notice}
      {created ? (
        <div role="status" className="mb-6 rounded-xl border border-success-700 bg-success-50 p-4 text-success-800">
          {reveal(created)}
        </div>
      ) : null}
      <section className={`p-5 ${cardClass}`} aria-labelledby={made.headingId}>
        <h2 id={made.headingId} className="text-lg font-semibold text-ink">
          {made.heading}
        </h2>
        <Form method="post" className={made.className} {...getFormProps(form)}>
          <input type="hidden" name="intent" value="create" />
          <FormErrors id={form.errorId} errors={form.errors} className="basis-full" />
          {made.fields(fields)}
          <button type="submit" className={btn.primary}>
            {made.submit}
          </button>
        </Form>
      </section>
      <section className={`mt-6 p-5 ${cardClass}`} aria-labelledby={list.headingId}>
        <h2 id={list.headingId} className="text-lg font-semibold text-ink">
          {list.heading}
        </h2>
        {rows.length === 0 ? (
          <div className="mt-3">
            <EmptyState icon={list.empty.icon} title={list.empty.title}>
              {list.empty.text}
            </EmptyState>
          </div>
        ) : (
          <table className="table-cards mt-3 w-full text-left text-base">
            <thead className="border-b border-line text-sm text-ink-muted">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  {nameLabel}
                </th>
                {list.columns.map((c) => (
                  <th key={c.label} scope="col" className="py-2 pr-3">
                    {c.label}
                  </th>
                ))}
                <th scope="col" className="py-2">
                  {t`Status`}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {rows.map((r) => (
                <tr key={r.id} data-testid={list.rowTestId}>
                  <td data-label={nameLabel} className="py-3 pr-3 font-medium cell-text">
                    {r.name}
                  </td>
                  {list.columns.map((c) => (
                    <td key={c.label} data-label={c.label} className={c.className ?? "py-3 pr-3"}>
                      {c.cell(r)}
                    </td>
                  ))}
                  <RevokeCell id={r.id} revoked={r.revoked} label={list.revokeLabel(r)} />
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
