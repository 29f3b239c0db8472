import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useMemo, useState } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { Icon } from "~/components/icons";
import { SheetCsvImport } from "~/components/machine-files/sheet-csv-import";
import { SheetDeleteConfirm, SheetNotice } from "~/components/machine-files/sheet-notices";
import { ADD_ROWS, blankRows, rowStatus, SHEET_FORM, type SheetAnswer, type SheetRow } from "~/components/machine-files/sheet-rows";
import { SheetTable } from "~/components/machine-files/sheet-table";
import { RouteError } from "~/components/route-error";
import { useToast } from "~/components/toaster";
import { btn, cardClass, EmptyState, PageHeader } from "~/components/ui";
import { useHydrated } from "~/hooks/use-hydrated";
import type { RouteBody } from "~/pipeline/route-rules.server";
import type { Route } from "./+types/machine-files-spreadsheet";
import type { action } from "./machine-files-spreadsheet.server";

// docs/product.md §2 'Machine Files Spreadsheet': a project's print and cut files as editable rows (file name, machine,
// material) with a status (New / Modified / Saved, docs/product.md §4) and the last update time; 10 rows added at once;
// save one row, the selected rows or all; delete; CSV import and template. One form holds every row, so the
// screen works the same without JavaScript: each button posts the rows and says what to do with them.

export { action, loader } from "./machine-files-spreadsheet.server";

/** A CSV import or a save of thousands of rows is a large form by design; others get 64 KB (pipeline/route-rules.server). */
export const body: RouteBody = { POST: { limit: "csv", permission: "projects:write" } };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${t`Machine Files Spreadsheet`}${loaderData?.project ? ` · ${loaderData.project.name}` : ""} · Shopflow` }];
}

// Each answer is a new object: a new question (even about the same file) opens the dialog again.
const answers = new WeakMap<object, number>();
let answerSeq = 0;
function answerKey(answer: object | undefined) {
  if (!answer) return 0;
  if (!answers.has(answer)) answers.set(answer, ++answerSeq);
  return answers.get(answer)!;
}

export default function Spreadsheet({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const toast = useToast();
  const actionData: Partial<SheetAnswer> | undefined = useActionData<typeof action>();
  const navigation = useNavigation();
  const loaderRows = "rows" in loaderData ? loaderData.rows : null;
  // The rows follow the latest answer: a save, an import, or (on arrival) the stored files. The loader's
  // revalidation after a save is not applied, as it would drop the rows not saved yet.
  const [rows, setRows] = useState<SheetRow[]>(() => actionData?.rows ?? loaderRows ?? []);
  const projectId = loaderData.project?.id;
  useEffect(() => {
    if (loaderRows) setRows(loaderRows);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when another project's sheet opens
  }, [projectId]);
  useEffect(() => {
    if (actionData?.rows) setRows(actionData.rows);
  }, [actionData]);
  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast);
  }, [actionData, toast]);
  const counts = useMemo(() => {
    const c = { New: 0, Modified: 0, Saved: 0 };
    for (const r of rows) if (r.id !== null || r.fileName || r.machine || r.material) c[rowStatus(r)]++;
    return c;
  }, [rows]);

  if (!loaderData.project || !("machines" in loaderData)) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-ink">{t`Project not found`}</h1>
        <Link to="/projects" className={`mt-6 ${btn.secondary}`}>
          {t`Back to Projects`}
        </Link>
      </div>
    );
  }
  const { project, machines } = loaderData;
  const here = `/projects/${project.id}/machine-files/spreadsheet`;
  const busy = navigation.state !== "idle" && navigation.formAction === here;
  const confirmDelete = actionData?.confirmDelete ?? null;
  const update = (key: string, patch: Partial<SheetRow>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch, error: null } : r)));
  const addRows = (
    <>
      <Icon name="plus" />
      {t`Add ${ADD_ROWS} Rows`}
    </>
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <Link to={`/projects/${project.id}/machine-files`} className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
        {t`← Back to Machine Ready Files`}
      </Link>
      <PageHeader
        title={t`Machine Files Spreadsheet`}
        subtitle={project.name}
        actions={
          <a href="/api/machine-ready-files/csv-template" download className={btn.secondary}>
            <Icon name="file" />
            {t`CSV Template`}
          </a>
        }
      />

      {!hydrated && actionData?.toast ? <SheetNotice toast={actionData.toast} /> : null}

      <SheetCsvImport action={here} pageAnswer={actionData} onRows={setRows} />

      <Form id={SHEET_FORM} method="post" action={here} className={`mt-4 p-4 sm:p-5 ${cardClass}`} aria-label={t`Files`}>
        {confirmDelete ? <SheetDeleteConfirm key={`${confirmDelete.use.id}-${answerKey(actionData)}`} confirm={confirmDelete} busy={busy} /> : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold text-ink">{t`Files`}</h2>
            <p className="text-sm text-ink-muted" aria-live="polite">
              {t`${counts.Saved} saved · ${counts.Modified} modified · ${counts.New} new`}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {hydrated ? (
              <button type="button" className={btn.secondary} onClick={() => setRows((all) => [...all, ...blankRows(ADD_ROWS)])}>
                {addRows}
              </button>
            ) : (
              <button type="submit" name="intent" value="add-rows" className={btn.secondary} formNoValidate>
                {addRows}
              </button>
            )}
            <button type="submit" name="intent" value="save-selected" className={btn.secondary} disabled={busy} formNoValidate>
              {t`Save Selected`}
            </button>
            <button type="submit" name="intent" value="save-all" className={btn.primary} disabled={busy} formNoValidate>
              <Icon name="check" />
              {t`Save All`}
            </button>
          </div>
        </div>

        {rows.length === 0 ? (
          <EmptyState
            icon="file"
            title={t`No files yet`}
            action={
              hydrated ? (
                <button type="button" className={btn.primary} onClick={() => setRows(blankRows(ADD_ROWS))}>
                  {t`Add ${ADD_ROWS} Rows`}
                </button>
              ) : null
            }
          >
            <Trans>Add rows and fill in each file's name and machine, or import a CSV.</Trans>
          </EmptyState>
        ) : (
          <SheetTable
            rows={rows}
            machines={machines}
            busy={busy}
            hydrated={hydrated}
            onChange={update}
            onRemove={(key) => setRows((all) => all.filter((x) => x.key !== key))}
          />
        )}
      </Form>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useLingui();
  return (
    <RouteError error={error}>
      <h1 className="text-2xl font-bold text-ink">{t`Failed to load the spreadsheet`}</h1>
      <p className="mt-2 text-base text-ink-muted">{t`Please try again later`}</p>
    </RouteError>
  );
}
