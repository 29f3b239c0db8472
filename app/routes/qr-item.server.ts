import { t } from "@lingui/core/macro";
import { data, redirect } from "react-router";
import { departmentNames, getItemCard } from "~/models/item-detail.server";
import {
  alreadyRunningMessage,
  DoubleFinishError,
  DoubleScanError,
  DoubleStartError,
  endTimer,
  ItemFinishedError,
  notRunningMessage,
  startTimer,
} from "~/models/timer.server";
import { finishedText, finishedToast } from "~/domain/job-end";
import { formatTimelineDate } from "~/domain/dates";
import { getEnv } from "~/infra/env.server";
import { refused } from "~/views/form-action.server";
import { actorFrom } from "~/services/actor.server";
import { can, requirePermission } from "~/services/permissions.server";
import { getUser } from "~/services/session.server";
import { ConflictError, NotFoundError } from "~/domain/errors";
import { departmentLabel } from "~/domain/format";
import { parseIdParam } from "~/domain/ids";
import { QR_MESSAGES } from "~/domain/qr-input";
import { doneLabel, doubleTapStartToast, doubleTapToast, startedToast, stoppedToast } from "~/domain/timer-words";
import { answerDoneOrPause } from "~/views/timer-buttons.server";
import { redirectWithToast } from "~/http/toast-cookie.server";
import type { Route } from "./+types/qr-item";

export function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Signed out (a phone that never signed in): the PIN first, then straight back here.
  if (!getUser(request)) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname)}`);
  requirePermission(request, "read");
  const id = parseIdParam(params.id);
  const card = id === null ? undefined : getItemCard(id);
  if (!card) return data({ item: null, id: params.id }, { status: 404, headers: { "Cache-Control": "no-store" } });
  const names = departmentNames();
  const name = (v: string) => names.get(v) ?? departmentLabel(v);
  const { item } = card;
  return data(
    {
      id: params.id,
      item: {
        id: item.id,
        name: item.name,
        category: item.category,
        material: item.material,
        running: item.isTimerActive,
        sessionStart: item.isTimerActive && item.currentSessionStart ? item.currentSessionStart.getTime() : null,
        totalTimeSeconds: item.totalTimeSeconds,
        // A finished item refuses scans until Reopen on its page (decision 0048).
        finished: item.finishedAt ? finishedText(formatTimelineDate(item.finishedAt, getEnv().SHOP_TIMEZONE), card.finishedByName) : null,
      },
      project: { id: card.project.id, name: card.project.name, priority: card.project.priority },
      department: name(item.department),
      next: card.next.kind === "next" ? name(card.next.department) : card.next.kind === "final" ? t`Final Department` : t`No sequence defined`,
      final: card.next.kind === "final",
      doneLabel: doneLabel({ final: card.next.kind === "final", department: card.next.kind === "next" ? name(card.next.department) : null }),
      now: Date.now(),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const id = parseIdParam(params.id);
  const here = `/qr/${params.id}`;
  if (!getUser(request)) throw redirect(`/login?redirectTo=${encodeURIComponent(here)}`);
  const user = requirePermission(request, "timers");
  if (id === null) throw data(t`Item not found`, { status: 404 });
  const form = await request.formData().catch(() => null);
  const intent = form?.get("intent");
  // Pause: the timer stops and the item stays (docs/product.md, Decisions: The end of a job).
  if (intent === "pause") return answerDoneOrPause(request, id, "pause", here);
  // What happened is said once, by a toast (a cookie read by the next page load): never by the URL, where a
  // reload or Back would say it again while the timer has moved on.
  const names = departmentNames();
  const name = (v: string | null) => names.get(v ?? "") ?? departmentLabel(v ?? "");
  try {
    if (intent === "start") {
      // The button is a scan's start too: a double tap right after Done moved the item is refused, not started there.
      const started = startTimer(id, actorFrom(request, user), Date.now(), { asScan: true });
      return redirectWithToast(request, here, startedToast(started.name, name(started.department)));
    }
    if (intent === "stop") {
      // The button is a scan's stop: a double tap right after Start is refused like a label read twice.
      const { item, final } = endTimer(id, actorFrom(request, user), Date.now(), { asScan: true });
      return redirectWithToast(request, here, stoppedToast(item.name, name(item.department), final));
    }
    throw data(t`Unknown form`, { status: 400 });
  } catch (error) {
    if (error instanceof NotFoundError)
      return redirectWithToast(request, here, { title: t`Item Not Found`, description: QR_MESSAGES.notFound, variant: "destructive" });
    if (error instanceof DoubleStartError) return redirectWithToast(request, here, doubleTapStartToast(name(error.department)));
    // Refused with 409 and the page as it is (finished, with Reopen on the item page), with or without JavaScript; a
    // Start right after this member's Done finished the item too, since the page already says Finished.
    if (error instanceof ItemFinishedError || error instanceof DoubleFinishError) return refused("qr", 409, finishedToast(can(user, "projects:write")));
    if (error instanceof DoubleScanError) return redirectWithToast(request, here, doubleTapToast());
    if (error instanceof ConflictError) {
      // Someone else (or this phone a moment ago) already did it: show the state as it is now, and why.
      const alreadyRunning = alreadyRunningMessage();
      const description = error.message === alreadyRunning ? alreadyRunning : notRunningMessage();
      return redirectWithToast(request, here, {
        title: intent === "start" ? t`Failed to start timer` : t`Failed to stop timer`,
        description,
        variant: "destructive",
      });
    }
    throw error;
  }
}
