import { t } from "@lingui/core/macro";
import type { data } from "react-router";
import { parseIdParam } from "~/domain/ids";
import { completedText } from "~/domain/job-end";
import { hasWorkingTime, workingTime } from "~/domain/working-calendar";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { getEnv } from "~/infra/env.server";
import type { Actor } from "~/models/audit.server";
import { followFloorForStep, reopenProject } from "~/models/project.server";
import { getWorkingCalendar } from "~/models/shop-settings.server";
import { domainError, type FormReply } from "./form-action.server";

// The end of a job on the project page (docs/product.md, Decisions: The end of a job): 'Completed Tue, Dec 8 — 2
// working days early', and the forms 'Follow the floor' (a step set by hand) and 'Reopen project', as handlers of the
// project page's action (routes/project-detail-intents.server.ts). Both are plain posts: they work without JavaScript.

/**
 * The completed line of a completed project: its completedAt against its due date (the project's, else its last
 * step's end date), in working days on the shop's calendar. Null while active; a project completed before the date
 * was kept says 'Completed'.
 */
export function completedLine(project: { status: string; completedAt: Date | null; endDate: Date | null }, stepEnds: readonly (Date | null)[]): string | null {
  if (project.status !== "completed") return null;
  if (!project.completedAt) return t`Completed`;
  const ends = stepEnds.filter((d): d is Date => d !== null && !Number.isNaN(d.getTime())).map((d) => d.getTime());
  const due = project.endDate ? project.endDate.getTime() : ends.length ? Math.max(...ends) : null;
  const calendar = getWorkingCalendar();
  return completedText(hasWorkingTime(calendar) ? workingTime(calendar) : null, project.completedAt.getTime(), due, getEnv().SHOP_TIMEZONE);
}

type Context = {
  request: Request;
  formData: FormData;
  projectId: number;
  here: string;
  actor: Actor;
  fail: (status: number, message: string) => ReturnType<typeof data<FormReply>>;
};

const stepGoneMessage = () => t`This workflow step no longer exists. Someone else may have removed it.`;

// The titles and fallbacks are read when a form fails, in the language of that request (getters, not constants).
export const jobEndIntents = {
  "follow-floor": {
    get title() {
      return t`Error`;
    },
    get fallback() {
      return t`Failed to give the step back to the floor`;
    },
    handle: ({ request, formData, here, actor, fail }: Context) => {
      const stepId = parseIdParam(String(formData.get("stepId") ?? ""));
      const step = stepId === null ? undefined : followFloorForStep(stepId, actor);
      if (!step) return fail(404, stepGoneMessage());
      const percent = step.percentComplete;
      return redirectWithToast(request, `${here}#step-${step.id}`, {
        title: t`Following the floor`,
        description: t`The step is ${percent}% complete.`,
      });
    },
  },
  "reopen-project": {
    get title() {
      return t`Error`;
    },
    get fallback() {
      return t`Failed to reopen the project`;
    },
    handle: ({ request, projectId, here, actor, fail }: Context) => {
      try {
        if (!reopenProject(projectId, actor)) return fail(404, t`This project no longer exists.`);
      } catch (error) {
        const e = domainError(error);
        return fail(e.status, e.message);
      }
      return redirectWithToast(request, here, {
        title: t`Project Reopened`,
        description: t`It is active again. Add items, or reopen one, for the work still to do: it completes again when they are finished.`,
      });
    },
  },
};
