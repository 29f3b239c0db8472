import { redirect } from "react-router";
import { decideTileClick, hasDepartmentKey, homeTiles } from "~/domain/departments";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { getSetupCounts, setupSteps } from "~/models/setup.server";
import { activeAccessKeys, activeHoldersOf } from "~/models/team-member.server";
import { readForm } from "~/views/form-action.server";
import { listWorkDepartments } from "~/models/work-list.server";
import { failedDeliveryCount } from "~/models/webhook.server";
import { can, canOpenWorkList } from "~/services/permissions.server";
import { getUser } from "~/services/session.server";
import { shopAddressOffer } from "~/services/shop-address.server";
import { backupFailureNote } from "~/services/backups.server";
import { dayEndPausesFor } from "~/models/day-end-pause.server";
import { departmentNames } from "~/models/item-detail.server";
import { formatDateTime } from "~/domain/dates";
import { departmentLabel } from "~/domain/format";
import { getEnv } from "~/infra/env.server";
import type { Route } from "./+types/home";

// The home screen's loader and action (routes/home.tsx holds the page).

/** The department boxes this visitor may open, and for management what is left to set up. */
export function loadHome({ request }: Route.LoaderArgs) {
  const user = getUser(request);
  const heldKeys = user ? [] : [...activeAccessKeys()];
  // Signed in: the tiles this member may open. Signed out: every tile, once anybody has been given access.
  const tiles = user ? homeTiles().filter((t) => hasDepartmentKey(user.accessibleDepartments, t.key)) : heldKeys.length > 0 ? homeTiles() : [];
  const isManagement = can(user, "settings:write");
  // docs/product.md (Decisions): management sees 'Set up your shop' until every step has an entry.
  const steps = isManagement ? setupSteps(getSetupCounts()) : [];
  const setup = steps.some((s) => !s.done) ? steps : null;
  // A member signed in without any key: who can give them one.
  const keyGivers = user && tiles.length === 0 ? activeHoldersOf("management") : [];
  const addressOffer = setup?.some((s) => s.key === "shopAddress" && !s.done) ? shopAddressOffer(request) : null;
  // The work lists this member may open (decision 0037).
  const workLists = user ? listWorkDepartments().filter((d) => canOpenWorkList(user, d.value)) : [];
  return {
    user,
    heldKeys,
    tileKeys: tiles.map((t) => t.key),
    isManagement,
    setup,
    keyGivers,
    canAnalytics: can(user, "analytics:read"),
    addressOffer,
    workLists,
    backupFailure: isManagement ? backupFailureNote() : null,
    // Webhook deliveries that failed for good: shown to management (decision 0042).
    webhooksFailed: isManagement ? failedDeliveryCount() : 0,
    dayEndPauses: user && !user.apiToken ? dayEndPauseNotice(user.id) : [],
  };
}

/**
 * The timers this member started that the end-of-day pass paused since their sign-in before this one (docs/product.md,
 * Decisions: The end of a job): what they are told after signing in, read from the audit rows.
 */
function dayEndPauseNotice(memberId: number) {
  const paused = dayEndPausesFor(memberId);
  if (paused.length === 0) return [];
  const names = departmentNames();
  const tz = getEnv().SHOP_TIMEZONE;
  return paused.map((p) => ({
    id: p.id,
    name: p.name,
    department: p.department ? (names.get(p.department) ?? departmentLabel(p.department)) : "—",
    until: formatDateTime(p.pausedAt, tz),
  }));
}

// JavaScript off: a tile is a form button, and the same decision is taken here.
export async function homeAction({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const tile = homeTiles().find((t) => t.key === form?.get("tile"));
  if (!tile) return redirect("/");
  const user = getUser(request);
  const decision = decideTileClick(tile, user, user ? [] : [...activeAccessKeys()]);
  if (decision.kind === "pin") {
    return redirect(`/login?tile=${encodeURIComponent(tile.key)}`);
  }
  return redirectWithToast(request, decision.kind === "go" ? decision.to : "/", decision.toast);
}
