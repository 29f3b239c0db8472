import { t } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { SubmissionResult } from "@conform-to/react";
import { useEffect } from "react";
import { Link, useActionData, useNavigate, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { ProjectActions } from "~/components/project/project-actions";
import { ProjectDialogs } from "~/components/project/project-page-dialogs";
import { ProjectSummary } from "~/components/project/project-summary";
import { ExpectedFinish } from "~/components/project/expected-finish";
import { ProjectItems } from "~/components/project/project-items";
import { WorkflowSteps } from "~/components/project/workflow-steps";
import { PlanStepsOffer } from "~/components/project/plan-steps";
import { CustomerLink } from "~/components/project/customer-link-section";
import { AllItemsFinished, ProjectCompleted } from "~/components/project/project-completed";
import { useReauthRetry } from "~/components/reauth";
import { useAnswerToast } from "~/components/forms";
import { Badge, btn } from "~/components/ui";
import { History } from "~/components/history";
import { parseIdParam } from "~/domain/ids";
import type { Route } from "./+types/project-detail";
import { loadProjectDetail, projectDetailAction } from "./project-detail.server";
import { LiveIndicator, useLiveData } from "~/components/live";
import type { RouteBody } from "~/pipeline/route-rules.server";

/** The design form (no JavaScript) sends the PDF with the page; others get 64 KB (pipeline/route-rules.server). */
export const body: RouteBody = { POST: { limit: "upload", permission: "projects:write", upload: "multipart" } };

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.project?.name;
  return [{ title: name ? t`${name} · Shopflow` : t`Project not found · Shopflow` }];
}

// Opening or closing a dialog or the step editor only changes the URL: no need to reload the data.
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // The same address: a live update (or a click on the current page) asks for fresh data.
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  if (formMethod) return defaultShouldRevalidate;
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  // 'Preview as rush' opens and closes in the URL, and the preview is worked out on the server.
  if (currentUrl.searchParams.get("preview") !== nextUrl.searchParams.get("preview")) return true;
  // Leaving the upload dialog after a JavaScript upload reloads the design.
  return currentUrl.searchParams.get("dialog") === "design" && nextUrl.searchParams.get("dialog") !== "design";
}

export const loader = (args: Route.LoaderArgs) => loadProjectDetail(args);

export const action = (args: Route.ActionArgs) => projectDetailAction(args);

export default function ProjectDetail({ loaderData, params }: Route.ComponentProps) {
  const { t } = useLingui();
  const [search] = useSearchParams();
  // Everything on this page belongs to the project: its steps, items, timers, files and design.
  const live = useLiveData((n) => n.projectId !== null && String(n.projectId) === params.id);
  const navigate = useNavigate();
  const actionData = useActionData<typeof action>();
  const { onSubmitCapture, dialog: reauthDialog } = useReauthRetry(actionData);
  // Without JavaScript no script shows the action's toast: answerToast draws it, so no refusal is silent.
  const answerToast = useAnswerToast(actionData);

  const project = loaderData.project;
  const viewDesign = search.get("view") === "design";
  const proxyUrl = "design" in loaderData ? loaderData.design?.proxyUrl : undefined;
  useEffect(() => {
    // docs/product.md §2: ?view=design opens the design in a new tab, then the parameter goes.
    if (!viewDesign || !project) return;
    if (proxyUrl) window.open(proxyUrl, "_blank", "noopener");
    const next = new URLSearchParams(search);
    next.delete("view");
    const q = next.toString();
    navigate(`/projects/${project.id}${q ? `?${q}` : ""}`, { replace: true, preventScrollReset: true });
  }, [viewDesign, proxyUrl, project, search, navigate]);

  if (!project || !("steps" in loaderData)) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-ink">{t`Project not found`}</h1>
        <p className="mt-2 text-base text-ink-muted wrap-anywhere">{t`No project has the id ${params.id}.`}</p>
        <div className="mt-6">
          <Link to="/projects" className={btn.secondary}>
            {t`Back`}
          </Link>
        </div>
      </div>
    );
  }
  const { metrics, design, canWrite } = loaderData;
  const here = `/projects/${project.id}`;
  // Without JavaScript a refused item form renders this URL without ?dialog: reopen that form with its errors.
  const failedItem = actionData?.result ? /^item-(new|\d+)$/.exec(actionData.formId ?? "") : null;
  // A refused Edit Project save (a conflict, a rule) stays on this page with the form open, JavaScript or not.
  const failedProject = actionData?.result && actionData.formId === `project-${project.id}`;
  const dialog = search.get("dialog") ?? (failedItem ? (failedItem[1] === "new" ? "add-item" : "edit-item") : failedProject ? "edit-project" : null);
  const itemParam = parseIdParam(search.get("item") ?? (failedItem && failedItem[1] !== "new" ? failedItem[1]! : ""));
  const dialogItem = itemParam === null ? undefined : loaderData.items.find((i) => i.id === itemParam);
  // The same for a refused step save: its row reopens with what was typed and the message.
  const failedStep = actionData?.result ? /^step-(\d+)-form$/.exec(actionData.formId ?? "") : null;
  const editStep = parseIdParam(search.get("edit-step") ?? failedStep?.[1] ?? "");
  const resultFor = (formId: string) => (actionData?.formId === formId ? (actionData.result as SubmissionResult<string[]>) : undefined);
  const rush = project.priority === "rush";

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6" onSubmitCapture={onSubmitCapture}>
      {reauthDialog}
      {answerToast}
      <Link to={loaderData.back.to} className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
        ← {loaderData.back.label}
      </Link>
      <header className={`mt-2 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between ${rush ? "rush-border rounded-xl bg-surface p-4" : ""}`}>
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold text-ink wrap-anywhere sm:text-3xl">{project.name}</h1>
            {rush ? <Badge color="red">{t`RUSH`}</Badge> : null}
            {project.status === "completed" ? <Badge color="green">{t`Completed`}</Badge> : null}
            <LiveIndicator status={live} />
          </div>
          {project.description ? <p className="mt-1 max-w-3xl text-base text-ink-muted wrap-anywhere">{project.description}</p> : null}
          {project.customer || project.externalReference ? (
            <p className="mt-1 text-base text-ink-muted wrap-anywhere" data-testid="project-order">
              {[project.customer ? t`Customer: ${project.customer}` : null, project.externalReference ? t`Reference: ${project.externalReference}` : null]
                .filter(Boolean)
                .join(" · ")}
            </p>
          ) : null}
        </div>
        <ProjectActions
          here={here}
          design={design}
          canWrite={canWrite}
          itemCount={loaderData.items.length}
          printers={loaderData.printers}
          addressNote={loaderData.addressNote}
        />
      </header>
      {viewDesign && design ? (
        <p className="mt-4 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-base">
          <a href={design.proxyUrl} target="_blank" rel="noopener" className={btn.link}>
            {t`Open the design PDF (${design.fileName})`}
          </a>
        </p>
      ) : null}

      <ProjectDialogs
        dialog={dialog}
        item={dialogItem}
        project={project}
        here={here}
        canWrite={canWrite}
        canReset={loaderData.canReset}
        design={design}
        maxUploadMb={loaderData.maxUploadMb}
        workflows={loaderData.workflows}
        categories={loaderData.categories}
        materials={loaderData.materials}
        whoCanAdd={loaderData.whoCanAdd}
        addressNote={loaderData.addressNote}
        qrBase={loaderData.qrBase}
        resultFor={resultFor}
      />

      {project.completedText ? <ProjectCompleted text={project.completedText} canReopen={canWrite} /> : null}
      {loaderData.allItemsFinished ? <AllItemsFinished addItem={canWrite ? `${here}?dialog=add-item` : null} /> : null}
      <ExpectedFinish panel={loaderData.forecast} here={here} canPreview={loaderData.canPreviewRush} canMakeRush={loaderData.canPreviewRush} />

      <ProjectSummary
        timeline={loaderData.timeline}
        starts={loaderData.starts}
        due={loaderData.due}
        priority={project.priority}
        metrics={metrics}
        serverNow={loaderData.now}
      />

      <div className="mt-6 space-y-6">
        <PlanStepsOffer offer={loaderData.planSteps} here={here} />
        <WorkflowSteps
          projectId={project.id}
          steps={loaderData.steps}
          hasWorkflow={project.workflowId !== null}
          hasInstance={loaderData.hasInstance}
          canWrite={canWrite}
          editStepId={editStep}
          members={loaderData.members}
          here={here}
          lastResult={editStep !== null ? resultFor(`step-${editStep}-form`) : undefined}
        />
        <ProjectItems items={loaderData.items} here={here} canWrite={canWrite} canReset={loaderData.canReset} serverNow={loaderData.now} />
        {loaderData.customerLinks ? (
          <CustomerLink
            addressNote={loaderData.addressNote}
            links={loaderData.customerLinks}
            made={actionData && "customerLink" in actionData ? String(actionData.customerLink) : null}
            here={here}
          />
        ) : null}
      </div>
      <History entries={loaderData.history} what="project" auditTrail={loaderData.auditTrail} />
    </div>
  );
}
