import { RevokeCell } from "~/components/settings/revoke-cell";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData } from "react-router";
import { btn, cardClass, EmptyState, FieldError, inputClass, Label, PageHeader } from "~/components/ui";
import { BoardKeyFormSchema } from "~/schemas/board";
import type { Route } from "./+types/settings-boards";
import type { action } from "./settings-boards.server";
export { loader, action } from "./settings-boards.server";

// Global Settings → Board links: management makes a read-only link for each wall TV, sees when
// each was last used, and revokes one that leaked. The link (its key) is shown once, when made.

export const meta = () => [{ title: "Board links · Global Settings · Shopflow" }];

export default function SettingsBoards({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(BoardKeyFormSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: BoardKeyFormSchema }),
  });
  const created = actionData?.created ?? null;
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6">
      <Link to="/settings" className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
        ← Back to Global Settings
      </Link>
      <PageHeader title="Board links" subtitle="Read-only links for the floor board on a wall TV: no PIN, and they open nothing else." />
      {created ? (
        <div role="status" className="mb-6 rounded-xl border border-success-700 bg-success-50 p-4 text-success-800">
          <p className="font-semibold">Board link for {created.name} made. Copy it now: it is not shown again.</p>
          <p className="mt-2 font-mono text-sm break-all text-ink" data-testid="board-link">
            {created.link}
          </p>
        </div>
      ) : null}
      <section className={`p-5 ${cardClass}`} aria-labelledby="new-board-link">
        <h2 id="new-board-link" className="text-lg font-semibold text-ink">
          New board link
        </h2>
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="create" />
          <div className="min-w-0 flex-1 basis-64">
            <Label htmlFor={fields.name.id}>Board name (where the TV is)</Label>
            <input className={inputClass} placeholder="Shop floor TV" {...getInputProps(fields.name, { type: "text" })} />
            <FieldError id={fields.name.errorId} errors={fields.name.errors} />
          </div>
          <button type="submit" className={btn.primary}>
            Make board link
          </button>
        </Form>
      </section>
      <section className={`mt-6 p-5 ${cardClass}`} aria-labelledby="board-links">
        <h2 id="board-links" className="text-lg font-semibold text-ink">
          Links
        </h2>
        {loaderData.keys.length === 0 ? (
          <div className="mt-3">
            <EmptyState icon="eye" title="No board links yet">
              Make one above and open it on the TV's browser; the board updates by itself.
            </EmptyState>
          </div>
        ) : (
          <table className="table-cards mt-3 w-full text-left text-base">
            <thead className="border-b border-line text-sm text-ink-muted">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Name
                </th>
                <th scope="col" className="py-2 pr-3">
                  Made
                </th>
                <th scope="col" className="py-2 pr-3">
                  Last used
                </th>
                <th scope="col" className="py-2">
                  Status
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {loaderData.keys.map((k) => (
                <tr key={k.id}>
                  <td data-label="Name" className="py-3 pr-3 font-medium cell-text">
                    {k.name}
                  </td>
                  <td data-label="Made" className="py-3 pr-3">
                    {k.created}
                  </td>
                  <td data-label="Last used" className="py-3 pr-3">
                    {k.lastUsed}
                  </td>
                  <RevokeCell id={k.id} revoked={k.revoked} label={`board link ${k.name}`} />
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
