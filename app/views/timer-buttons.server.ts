import { t } from "@lingui/core/macro";
import { redirect } from "react-router";
import { ConflictError, NotFoundError } from "~/domain/errors";
import { departmentLabel } from "~/domain/format";
import { pausedToast, stoppedToast } from "~/domain/timer-words";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { departmentNames } from "~/models/item-detail.server";
import { endTimer, pauseTimer } from "~/models/timer.server";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { getUser } from "~/services/session.server";

// A page's Done and Pause buttons (components/done-or-pause.tsx) as a plain form post: the stop or pause, then back to
// the page with its toast (post-redirect-get), the same with JavaScript and without (docs/product.md, Decisions: The
// end of a job). Whoever may stop a timer may pause it. A refusal (not running any more, gone) is said by the toast.

export async function answerDoneOrPause(
  request: Request,
  id: number,
  intent: "stop" | "pause",
  back: string,
  opts: { asScan?: boolean } = {},
): Promise<Response> {
  if (!getUser(request)) throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
  const actor = actorFrom(request, requirePermission(request, "timers"));
  const names = departmentNames();
  const name = (v: string | null) => names.get(v ?? "") ?? departmentLabel(v ?? "");
  try {
    if (intent === "pause") {
      const { item } = pauseTimer(id, actor);
      return redirectWithToast(request, back, pausedToast(item.name, name(item.department)));
    }
    const { item, final } = endTimer(id, actor, Date.now(), { asScan: opts.asScan });
    return redirectWithToast(request, back, stoppedToast(item.name, name(item.department), final));
  } catch (error) {
    if (!(error instanceof ConflictError) && !(error instanceof NotFoundError)) throw error;
    return redirectWithToast(request, back, {
      title: intent === "pause" ? t`Failed to pause timer` : t`Failed to stop timer`,
      description: error.message,
      variant: "destructive",
    });
  }
}
