import type { MessageDescriptor } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";
import { data } from "react-router";
import { i18n } from "~/domain/i18n-runtime";
import type { SignedInUser } from "~/models/team-member.server";
import { departmentKeyLabel, hasDepartmentKey } from "~/domain/departments";
import { workListKey } from "~/domain/work-lists";
import { missingScopeMessage, tokenNoSettingsMessage, type ApiTokenScope } from "~/domain/api-tokens";
import { getUser, principalNow } from "./session.server";

/**
 * The permission table of docs/product.md (Decisions). Every loader, action and /api handler asks here; nothing else decides.
 */
export type Permission =
  | "read"
  | "timers"
  | "machine-files:operate"
  | "projects:write"
  | "items:write"
  | "machine-files:write"
  | "timers:reset"
  | "settings:write"
  | "analytics:read"
  | "schedule:read"
  | "screen:pre-production"
  | "screen:production"
  | "screen:fabrication";

// Each refusal's reason is a message read in the language of the request that is refused (decision 0049).
const RULES: Record<Permission, { keys: string[] | "any"; reason: MessageDescriptor | null }> = {
  read: { keys: "any", reason: null },
  timers: { keys: "any", reason: null },
  "machine-files:operate": { keys: "any", reason: null },
  "projects:write": {
    keys: ["pre-production", "project-management"],
    reason: msg`Changing projects needs the Pre-Production or Project Management key.`,
  },
  // Items and machine files are project work, with the project keys; they are their own permissions so that an API
  // token's scopes can tell them apart (decision 0041).
  "items:write": {
    keys: ["pre-production", "project-management"],
    reason: msg`Changing projects needs the Pre-Production or Project Management key.`,
  },
  "machine-files:write": {
    keys: ["pre-production", "project-management"],
    reason: msg`Changing projects needs the Pre-Production or Project Management key.`,
  },
  // The project keys: a reset throws away the time a department worked (docs/product.md (Decisions)).
  "timers:reset": {
    keys: ["pre-production", "project-management"],
    reason: msg`Resetting a timer needs the Pre-Production or Project Management key.`,
  },
  "settings:write": {
    keys: [],
    reason: msg`Global Settings needs the management key ('Super User (All Access)').`,
  },
  "analytics:read": {
    keys: ["project-management"],
    reason: msg`Analytics needs the Project Management key.`,
  },
  // Who plans the shop's work: the project managers (and management).
  "schedule:read": {
    keys: ["project-management"],
    reason: msg`The schedule needs the Project Management key.`,
  },
  "screen:pre-production": { keys: ["pre-production"], reason: msg`This screen needs the Pre-Production key.` },
  "screen:production": { keys: ["production"], reason: msg`This screen needs the Production key.` },
  "screen:fabrication": { keys: ["fabrication"], reason: msg`This screen needs the Fabrication key.` },
};

/**
 * The API token scope a permission needs (decision 0041); null: no token may, whatever its scopes (a token
 * never writes Global Settings).
 */
export const SCOPE_OF: Record<Permission, ApiTokenScope | null> = {
  read: "read",
  "analytics:read": "read",
  "schedule:read": "read",
  "screen:pre-production": "read",
  "screen:production": "read",
  "screen:fabrication": "read",
  timers: "scans",
  "projects:write": "projects:write",
  "items:write": "items:write",
  "timers:reset": "items:write",
  "machine-files:write": "machine-files:write",
  "machine-files:operate": "machine-files:write",
  "settings:write": null,
};

export function can(user: SignedInUser | null, permission: Permission): boolean {
  if (!user) return false;
  if (user.apiToken) {
    const scope = SCOPE_OF[permission];
    return scope !== null && user.apiToken.scopes.includes(scope);
  }
  const rule = RULES[permission];
  if (rule.keys === "any") return true;
  if (user.accessibleDepartments.includes("management")) return true;
  return rule.keys.some((k) => hasDepartmentKey(user.accessibleDepartments, k));
}

const isApi = (request: Request) => new URL(request.url).pathname.startsWith("/api/");

/** What a page says to someone signed out, unless the screen has words of its own. */
export const signInReason = () => t`Sign in with your 4-digit PIN to open this page.`;
/** A save refused because the session ended while the form was open, in the language of the request. */
export const sessionEndedMessage = () => t`Your session has ended. Sign in again with your PIN to save.`;
/**
 * The same words, always in English. Kept for the forms that still put it in their answer; they move to
 * `sessionEndedMessage()` to answer in the reader's language.
 */
export const SESSION_ENDED = "Your session has ended. Sign in again with your PIN to save.";

/** A permission's refusal, in the language of the request. */
const reasonOf = (permission: Permission) => {
  const reason = RULES[permission].reason;
  return reason ? i18n._(reason) : "";
};

function refuse(request: Request, status: 401 | 403, reason: string): never {
  if (isApi(request)) {
    throw Response.json({ message: status === 401 ? t`Authentication required` : reason }, { status, headers: { "Cache-Control": "no-store" } });
  }
  // Pages: the root error boundary renders 'Access Denied' with this reason.
  throw data({ accessDenied: true, reason }, { status });
}

/** `signedOutReason`: what a page says to someone signed out (a screen may have its own words in docs/product.md). */
export function requireUser(request: Request, signedOutReason?: string): SignedInUser {
  const user = getUser(request);
  if (!user) refuse(request, 401, signedOutReason ?? signInReason());
  return user;
}

/**
 * A department's work list (decision 0037): a department that is itself a key (pre-production, production,
 * fabrication, project-management) needs that key or management; the others are open to every signed-in member.
 */
export function canOpenWorkList(user: SignedInUser | null, department: string): boolean {
  if (!user) return false;
  if (user.apiToken) return user.apiToken.scopes.includes("read");
  const key = workListKey(department);
  return key === null || hasDepartmentKey(user.accessibleDepartments, key);
}

export function requireWorkList(request: Request, department: string): SignedInUser {
  const user = requireUser(request);
  const key = workListKey(department);
  if (user.apiToken && !canOpenWorkList(user, department)) refuse(request, 403, missingScopeMessage("read"));
  if (!canOpenWorkList(user, department)) {
    const keyName = departmentKeyLabel(key ?? "") ?? key ?? "";
    refuse(request, 403, t`This work list needs the ${keyName} key.`);
  }
  return user;
}

export function requirePermission(request: Request, permission: Permission, signedOutReason?: string): SignedInUser {
  const user = requireUser(request, signedOutReason);
  if (!can(user, permission)) refuse(request, 403, user.apiToken ? tokenRefusal(permission) : reasonOf(permission));
  return user;
}

/**
 * The refusal of a write that needs `permission` besides the one its route asked for (an order import that adds
 * items): the same 403, naming the token's missing scope, as the route of that permission answers.
 */
export function refuseMissing(request: Request, user: SignedInUser, permission: Permission): never {
  refuse(request, 403, user.apiToken ? tokenRefusal(permission) : reasonOf(permission));
}

function tokenRefusal(permission: Permission): string {
  const scope = SCOPE_OF[permission];
  return scope === null ? tokenNoSettingsMessage() : missingScopeMessage(scope);
}

/**
 * Whether the request's principal still holds `permission`, asked again later (an open event stream asks at every
 * heartbeat, as a board link's stream asks after its key): signed out, idle, deactivated, keys taken away or the
 * token revoked, and the answer is no.
 */
export const stillPermitted = (request: Request, permission: Permission) => () => can(principalNow(request), permission);
