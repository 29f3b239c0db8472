import type { MessageDescriptor } from "@lingui/core";
import { msg, plural, t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { Icon } from "~/components/icons";
import { CsvFileForm, useAnswerToast } from "~/components/forms";
import { Badge, btn, cardClass, PageHeader } from "~/components/ui";
import { ORDER_CSV_HEADERS } from "~/domain/order-plan";
import type { RouteBody } from "~/pipeline/route-rules.server";
import type { Route } from "./+types/projects-import";
import type { ImportAnswer } from "./projects-import.server";
import { intlLocaleFor } from "~/domain/languages";

// Import orders (decision 0045): upload a CSV, read the preview (what will be created or updated, every bad line
// with its number), Confirm. Plain forms, so the screen works the same without JavaScript.

export { action, loader } from "./projects-import.server";

/** A file of thousands of lines, and Confirm's rows, are large bodies by design (pipeline/route-rules.server). */
export const body: RouteBody = { POST: { limit: "csv", permission: "projects:write" } };

export function meta() {
  return [{ title: t`Import orders · Shopflow` }];
}

// The file's column names stay as they are in every language (the file must use them); what each means is translated.
const COLUMN_HELP: Record<(typeof ORDER_CSV_HEADERS)[number], MessageDescriptor> = {
  "Project Name": msg`Required. Lines with the same name (and no reference) are one project.`,
  Customer: msg`Optional: who the work is for.`,
  "External Reference": msg`Optional: the order's number in your quoting or accounting software. A reference Shopflow knows updates that project.`,
  "Due Date": msg`Optional: 2026-12-18, 12/18/2026, 18/12/2026, 18.12.2026 or an Excel date; the preview shows how each was read.`,
  Priority: msg`Optional: rush, high, medium (the default) or low.`,
  Workflow: msg`Required for a new project: one of your workflows, by name.`,
  "Item Name": msg`One item per line; leave the item cells empty for a project without items.`,
  Quantity: msg`A whole number, 1 when empty.`,
  Category: msg`Required for a new item: one of your categories.`,
  Material: msg`Optional: one of your materials (Unknown when empty).`,
};

const ACTION_BADGE = {
  create: { color: "green", label: msg`New` },
  update: { color: "blue", label: msg`Update` },
  same: { color: "gray", label: msg`No change` },
} as const;

// A project's priority as the file gave it, lower case.
const PRIORITY_WORDS: Record<string, MessageDescriptor> = { rush: msg`rush`, high: msg`high`, medium: msg`medium`, low: msg`low` };

export default function ProjectsImport({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  const locale = intlLocaleFor(i18n.locale);
  const answer = useActionData<ImportAnswer>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod !== undefined;
  const busyIntent = busy ? navigation.formData?.get("intent") : null;
  const answerToast = useAnswerToast(answer);
  const { choices } = loaderData;
  const preview = answer?.preview ?? null;
  const noneYet = t`none yet`;
  // The preview's item columns, once per page.
  const cols = {
    line: t`Line`,
    item: t`Item`,
    qty: t`Qty`,
    category: t`Category`,
    material: t`Material`,
    import: t({ message: "Import", context: "what the import does to a line" }),
    new: t`New`,
    same: t`No change`,
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      {answerToast}
      <PageHeader
        title={t`Import orders`}
        subtitle={t`Projects with their items from a CSV file: one line per item. Check the preview, then confirm.`}
        back={
          <Link to="/projects" className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
            {t`← Projects`}
          </Link>
        }
        actions={
          <a href="/api/projects/import/csv-template" download className={btn.secondary}>
            <Icon name="file" />
            {t`Download the template`}
          </a>
        }
      />

      <section className={`mt-6 p-4 sm:p-5 ${cardClass}`} aria-labelledby="upload-heading">
        <h2 id="upload-heading" className="text-lg font-semibold text-ink">
          {t`1. Upload the file`}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          {t`CSV as Excel, LibreOffice or your accounting software saves it: UTF-8, UTF-16 ('Unicode text') or Windows-1252, separated by commas, semicolons or tabs. Nothing is saved until you confirm.`}
        </p>
        <CsvFileForm
          intent="preview"
          inputId="order-csv"
          submit={t`Preview import`}
          disabled={busy}
          progress={busyIntent === "preview" ? { label: t`Reading the file`, text: t`Reading the file and checking every line…` } : null}
        />
        <p className="mt-3 text-sm text-ink-muted" data-testid="date-order">
          {loaderData.dayFirst
            ? t`Dates like 01/02/2026 are read day first (18/12/2026); one that can be read only one way (13/12/2026) is read that way.`
            : t`Dates like 01/02/2026 are read month first (12/18/2026); one that can be read only one way (13/12/2026) is read that way.`}
          {loaderData.canChangeDateOrder ? (
            <>
              {" "}
              <Trans>
                <Link to="/settings/imports" className={btn.link}>
                  Change the order in Global Settings → Imported files
                </Link>
                .
              </Trans>
            </>
          ) : null}
        </p>
        <details className="mt-4 text-sm">
          <summary className="min-h-tap cursor-pointer py-2 font-medium text-ink">{t`The columns`}</summary>
          <dl className="mt-2 grid gap-x-4 gap-y-2 sm:grid-cols-[12rem_1fr]">
            {ORDER_CSV_HEADERS.map((h) => (
              <div key={h} className="contents">
                <dt className="font-semibold text-ink">
                  <code className="font-sans">{h}</code>
                </dt>
                <dd className="text-ink-muted">{i18n._(COLUMN_HELP[h])}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-ink-muted">
            {t`Workflows: ${choices.workflows.join(", ") || noneYet}. Categories: ${choices.categories.join(", ") || noneYet}. Materials: ${choices.materials.join(", ") || noneYet}.`}
          </p>
        </details>
      </section>

      {answer && (preview || answer.issueCount) ? (
        <section className={`mt-6 p-4 sm:p-5 ${cardClass}`} aria-labelledby="preview-heading">
          <h2 id="preview-heading" className="text-lg font-semibold text-ink">
            {answer.fileName ? t`2. Preview: ${answer.fileName}` : t`2. Preview`}
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            {answer.encoding ? `${t`Read as ${answer.encoding}.`} ` : ""}
            {answer.issueCount ? t`Nothing can be imported until every line is right.` : answer.summary}
          </p>

          {answer.issueCount ? (
            <div className="mt-4 rounded-lg border border-danger-200 bg-danger-50 p-3 text-sm text-danger-800" role="alert">
              <p className="font-semibold">
                {plural(answer.issueCount, {
                  one: "# line has a problem: fix the file and upload it again.",
                  other: `${answer.issueCount.toLocaleString(locale)} lines have problems: fix the file and upload it again.`,
                })}
              </p>
              <ul className="mt-2 list-disc space-y-1 pl-5" aria-label={t`Lines with problems`}>
                {answer.issues.map((i) => (
                  <li key={`${i.index}-${i.message}`}>
                    <span className="font-semibold">{t`Line ${i.line}`}</span> — {i.message}
                  </li>
                ))}
              </ul>
              {answer.issueCount > answer.issues.length ? <p className="mt-2">{t`… and ${answer.issueCount - answer.issues.length} more.`}</p> : null}
            </div>
          ) : null}

          {preview?.warnings.length ? (
            <ul className="mt-4 space-y-1 rounded-lg border border-warning-300 bg-warning-50 p-3 text-sm text-warning-900" aria-label={t`Worth a look`}>
              {preview.warnings.map((w) => (
                <li key={`${w.index}-${w.message}`}>
                  <span className="font-semibold">{t`Line ${w.line}`}</span> — {w.message}
                </li>
              ))}
            </ul>
          ) : null}

          {preview && preview.projects.length ? (
            <ul className="mt-4 space-y-3" aria-label={t`Projects in the file`}>
              {preview.projects.map((p) => (
                <li key={`${p.lines[0]}-${p.name}`} className="rounded-lg border border-line p-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge color={ACTION_BADGE[p.action].color}>{i18n._(ACTION_BADGE[p.action].label)}</Badge>
                    <span className="font-semibold text-ink wrap-anywhere">{p.name}</span>
                    {p.externalReference ? <span className="text-sm text-ink-muted">{t`Ref. ${p.externalReference}`}</span> : null}
                  </div>
                  <p className="mt-1 text-sm text-ink-muted">
                    {[
                      p.customer,
                      p.workflow,
                      PRIORITY_WORDS[p.priority] ? i18n._(PRIORITY_WORDS[p.priority]!) : p.priority,
                      p.dueDateText ? t`due ${p.dueDateText}` : null,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                  {p.changes.length ? <p className="mt-1 text-sm text-ink">{t`Changes: ${p.changes.join("; ")}`}</p> : null}
                  {p.note ? <p className="mt-1 rounded bg-warning-50 px-2 py-1 text-sm text-warning-900">{p.note}</p> : null}
                  {p.items.length ? (
                    <div className="mt-2">
                      {/* Cards on a phone: six columns do not fit 360 px (docs/design.md "Tables"). */}
                      <table className="table-cards w-full text-left text-sm">
                        <thead className="text-ink-muted">
                          <tr>
                            <th className="py-1 pr-3 font-medium">{cols.line}</th>
                            <th className="py-1 pr-3 font-medium">{cols.item}</th>
                            <th className="py-1 pr-3 font-medium">{cols.qty}</th>
                            <th className="py-1 pr-3 font-medium">{cols.category}</th>
                            <th className="py-1 pr-3 font-medium">{cols.material}</th>
                            <th className="py-1 font-medium">{cols.import}</th>
                          </tr>
                        </thead>
                        <tbody>
                          {p.items.map((i) => (
                            <tr key={i.line} className="border-t border-line">
                              <td data-label={cols.line} className="py-1 pr-3 tabular-nums">
                                {i.line}
                              </td>
                              <td data-label={cols.item} className="py-1 pr-3 break-words">
                                {i.name}
                              </td>
                              <td data-label={cols.qty} className="py-1 pr-3 tabular-nums">
                                {i.quantity}
                              </td>
                              <td data-label={cols.category} className="py-1 pr-3">
                                {i.category}
                              </td>
                              <td data-label={cols.material} className="py-1 pr-3">
                                {i.material}
                              </td>
                              <td data-label={cols.import} className="py-1">
                                {i.action === "create" ? cols.new : i.action === "update" ? t`Update: ${i.changes.join("; ")}` : cols.same}
                              </td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {preview && preview.itemsHidden > 0 ? (
            <p className="mt-2 text-sm text-ink-muted">{t`… and ${preview.itemsHidden.toLocaleString(locale)} more items, imported with the rest.`}</p>
          ) : null}

          {preview && !hasWork(preview.counts) ? (
            <p className="mt-4">
              <Link to="/projects/import" className={btn.secondary}>
                {t`Choose another file`}
              </Link>
            </p>
          ) : null}
          {answer.rows && answer.importId && (!preview || hasWork(preview.counts)) ? (
            <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
              <input type="hidden" name="intent" value="confirm" />
              <input type="hidden" name="rows" value={answer.rows} />
              <input type="hidden" name="importId" value={answer.importId} />
              <input type="hidden" name="fileName" value={answer.fileName ?? ""} />
              <button type="submit" className={btn.primary} disabled={busy}>
                <Icon name="check" />
                {t`Confirm import`}
              </button>
              <Link to="/projects/import" className={btn.secondary}>
                {t`Cancel`}
              </Link>
              {busyIntent === "confirm" ? (
                <span className="text-sm text-ink-muted" role="status">
                  {t`Importing…`}
                </span>
              ) : null}
            </Form>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

/** Whether a preview would write anything: a file that is already in the shop has nothing to confirm. */
const hasWork = (c: { create: number; update: number; itemsCreate: number; itemsUpdate: number }) => c.create + c.update + c.itemsCreate + c.itemsUpdate > 0;
