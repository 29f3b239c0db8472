import { t } from "@lingui/core/macro";
import { data } from "react-router";
import type { WorkListItem, WorkListStation } from "~/components/work/work-list-rows";
import { formatDateTime, formatListDate, formatRelative, startOfZoneDay } from "~/domain/dates";
import { ConflictError, NotFoundError } from "~/domain/errors";
import { departmentLabel } from "~/domain/format";
import { parseIdParam } from "~/domain/ids";
import { pageOf, requestedPage } from "~/domain/paging";
import { doneLabel, doubleTapToast, pausedToast, startedToast, stoppedToast } from "~/domain/timer-words";
import { WORK_LIST_PAGE_SIZE, workFilterOf, workListHref, workRowId, type WorkFilter } from "~/domain/work-lists";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { getEnv } from "~/infra/env.server";
import { departmentNames } from "~/models/item-detail.server";
import { DoubleScanError, endTimer, pauseTimer, startTimer } from "~/models/timer.server";
import {
  countWork,
  getWorkDepartment,
  itemNotHereMessage,
  itemDepartment,
  listStations,
  listWork,
  nextDepartmentsOf,
  setStation,
  type Station,
  type WorkDepartment,
  type WorkRow,
} from "~/models/work-list.server";
import { actorFrom } from "~/services/actor.server";
import { domainError, formIntent, readForm } from "~/views/form-action.server";
import { requireUser, requireWorkList } from "~/services/permissions.server";
import { getUser } from "~/services/session.server";
import type { Route } from "./+types/work-list";

// A department's work list (routes/work-list.tsx holds the page; decision 0037): its loader, and the
// action behind its Start, Stop and Station forms. With JavaScript a form is sent by a fetcher and answered with
// its toast; without, the post is answered with a redirect back to the same list (and page), the toast once.

const NO_STORE = { "Cache-Control": "no-store" };

/** The department of the address, for a member who may open its list: else the 401/403 page, or the 404 page. */
function departmentOf(request: Request, value: string | undefined): WorkDepartment {
  // Signed out: the PIN first, as on every floor screen (Access Denied with its Login link).
  requireUser(request);
  const department = value ? getWorkDepartment(value) : null;
  if (!department) throw data(t`Not found`, { status: 404, headers: NO_STORE });
  requireWorkList(request, department.value);
  return department;
}

/** `done`: each running row's 'Done →' words (docs/product.md, Decisions: The end of a job); without it, 'Done'. */
export function present(rows: WorkRow[], stations: readonly Station[], now: number, tz: string, done?: ReadonlyMap<number, string>): WorkListItem[] {
  const today = startOfZoneDay(now, tz);
  const stationName = new Map(stations.map((s) => [s.value, s.name]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    category: r.category,
    material: r.material,
    quantity: r.quantity,
    running: r.running,
    sessionStart: r.sessionStart,
    since: r.sessionStart === null ? null : formatDateTime(r.sessionStart, tz),
    startedBy: r.startedBy,
    totalSeconds: r.totalSeconds,
    doneLabel: done?.get(r.id) ?? t`Done`,
    arrived: formatRelative(r.arrivedAt, now),
    arrivedTitle: formatDateTime(r.arrivedAt, tz),
    station: r.station ? { value: r.station, name: stationName.get(r.station) ?? r.station } : null,
    project: { id: r.project.id, name: r.project.name, rush: r.project.priority === "rush" },
    due: r.project.dueDate === null ? null : { text: formatListDate(r.project.dueDate, tz), overdue: r.project.dueDate < today },
    design: r.project.design ? { name: r.project.design.fileName, url: `/api/pdf-proxy?url=${encodeURIComponent(r.project.design.filePath)}` } : null,
    files: r.files.map((f) => ({
      id: f.id,
      fileName: f.fileName,
      fileType: f.fileType,
      machine: f.machineName ?? departmentLabel(f.machine),
      done: f.isCompleted,
    })),
  }));
}

export function loader({ request, params }: Route.LoaderArgs) {
  const department = departmentOf(request, params.department);
  const url = new URL(request.url);
  const stations = listStations(department.id);
  const filter = workFilterOf(url.searchParams, stations);
  const counts = countWork(department.value, filter, stations);
  const { page, pages, offset, limit } = pageOf(requestedPage(url.searchParams.get("page")), counts.running + counts.waiting, WORK_LIST_PAGE_SIZE);
  const now = Date.now();
  const rows = listWork(department.value, filter, stations, { limit, offset });
  const stationList: WorkListStation[] = stations.map((s) => ({ value: s.value, name: s.name, side: s.side }));
  return data(
    {
      department: { value: department.value, name: department.name, description: department.description, isActive: department.isActive },
      stations: stationList,
      filter,
      counts,
      page,
      pages,
      items: present(rows, stations, now, getEnv().SHOP_TIMEZONE, doneLabels(rows, department.value)),
      now,
      // The Station dialog's item (?station-for=), if it is on this page.
      stationFor: parseIdParam(url.searchParams.get("station-for") ?? ""),
    },
    { headers: NO_STORE },
  );
}

/** Each row's 'Done →' words: where its stop sends it, by its department's name. */
function doneLabels(rows: WorkRow[], department: string): Map<number, string> {
  const next = nextDepartmentsOf(rows, department);
  const names = departmentNames();
  return new Map(
    rows.map((r) => {
      const n = next.get(r.id);
      const to = n?.kind === "next" ? (names.get(n.department) ?? departmentLabel(n.department)) : null;
      return [r.id, doneLabel({ final: n?.kind === "final", department: to })];
    }),
  );
}

const INTENTS = ["start", "stop", "pause", "station"] as const;
type Toast = { title: string; description: string; variant?: "default" | "destructive" };

export async function action({ request, params }: Route.ActionArgs) {
  const department = departmentOf(request, params.department);
  const user = getUser(request)!;
  const url = new URL(request.url);
  const stations = listStations(department.id);
  const filter: WorkFilter = workFilterOf(url.searchParams, stations);
  const back = workListHref(department.value, filter, requestedPage(url.searchParams.get("page")));
  const form = await readForm(request);
  const intent = form && formIntent(form, INTENTS);
  // A fetcher stays on the page (its loaders run again); a plain form post comes back to the list it was sent from,
  // at the item's row (`row`): a Start or Pause moves the row, and the browser would otherwise keep the old scroll
  // position, the neighbouring item's button now under the thumb. The page follows the row itself with JavaScript.
  const answer = (toast: Toast, status = 200, to = back, row: number | null = null) =>
    form?.get("js") === "1"
      ? data({ toast: { id: crypto.randomUUID(), variant: "default" as const, ...toast }, ...(to !== back ? { goTo: to } : {}) }, { status })
      : redirectWithToast(request, row === null ? to : `${to}#${workRowId(row)}`, toast);
  if (!form || !intent) return answer({ title: t`Error`, description: t`Unknown form`, variant: "destructive" }, 400);
  const id = parseIdParam(String(form.get("itemId") ?? ""));
  const failed =
    intent === "start"
      ? t`Failed to start timer`
      : intent === "stop"
        ? t`Failed to stop timer`
        : intent === "pause"
          ? t`Failed to pause timer`
          : t`Failed to set station`;
  if (id === null || itemDepartment(id) !== department.value) return answer({ title: failed, description: itemNotHereMessage(), variant: "destructive" }, 404);
  const actor = actorFrom(request, user);
  const names = departmentNames();
  const name = (v: string) => names.get(v) ?? departmentLabel(v);
  try {
    if (intent === "start") {
      const item = startTimer(id, actor);
      // A started item is listed under 'Running now', at the top of the list's first page: from a later page the
      // answer goes there, or the item would vanish from the page its Pause and Done are wanted on.
      return answer(startedToast(item.name, name(item.department)), 200, workListHref(department.value, filter, 1), id);
    }
    if (intent === "stop") {
      // After a Start the list brings the started row under the finger, its Done where Start was: a Done by the member
      // who started it moments ago is a reflex second tap, refused as on the label page (Pause is not). Done takes the
      // item off this list: no row to land on.
      const { item, final } = endTimer(id, actor, Date.now(), { asScan: true });
      return answer(stoppedToast(item.name, name(item.department), final));
    }
    if (intent === "pause") {
      // Pause: the timer stops and the item stays on this list (docs/product.md, Decisions: The end of a job).
      const { item } = pauseTimer(id, actor);
      return answer(pausedToast(item.name, name(item.department)), 200, back, id);
    }
    const raw = String(form.get("station") ?? "");
    const set = setStation(id, department, raw === "" || raw === "none" ? null : raw, actor);
    const { name: itemName, station } = set;
    return answer({ title: t`Station set`, description: station ? t`${itemName} is at ${station}.` : t`${itemName} is at no station.` });
  } catch (error) {
    // A refused Start, Pause or Done lands on the row as it is now; the Station dialog's post on the list.
    const row = intent === "station" ? null : id;
    if (error instanceof DoubleScanError) return answer({ ...doubleTapToast(), variant: "destructive" }, 409, back, row);
    const e = domainError(error);
    // Someone else (a scan, another screen) got there first: the list shows the state as it is now, and why.
    const status = e instanceof ConflictError ? 409 : e instanceof NotFoundError ? 404 : e.status;
    return answer({ title: failed, description: e.message, variant: "destructive" }, status, back, row);
  }
}
