import { t } from "@lingui/core/macro";
import { data, redirect } from "react-router";
import { LoginFormSchema, pinMessage } from "~/schemas/auth";
import { signInChoices, verifyPin } from "~/services/auth.server";
import { decideTileClick, homeTiles } from "~/domain/departments";
import { parseIdParam } from "~/domain/ids";
import { safeRedirectPath } from "~/http/request.server";
import { getUser } from "~/services/session.server";
import { toastCookie } from "~/http/toast-cookie.server";
import type { Route } from "./+types/login";

function titleFor(tileKey: string | null) {
  const tile = homeTiles().find((x) => x.key === tileKey);
  if (!tile) return t`Global Login`;
  const title = tile.title;
  return t`Access ${title}`;
}

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tile = url.searchParams.get("tile");
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"), "/");
  if (getUser(request) && !tile) throw redirect(redirectTo);
  const { signInMode, members } = signInChoices();
  const memberId = parseIdParam(url.searchParams.get("member") ?? "");
  const chosen = members.find((m) => m.id === memberId) ?? null;
  return {
    title: titleFor(tile),
    tile: tile ?? "",
    redirectTo,
    signInMode,
    chosen,
    // The names are only sent while one is to be chosen.
    members: signInMode === "name-then-pin" && !chosen ? members : [],
    query: (url.searchParams.get("q") ?? "").slice(0, 100),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = LoginFormSchema.safeParse(form);
  const tileKey = typeof form.tile === "string" ? form.tile : "";
  if (!parsed.success) {
    // The schema says it in the request's language.
    return data({ error: parsed.error.issues[0]?.message || pinMessage() }, { status: 400 });
  }
  const result = await verifyPin(request, parsed.data.pinCode, parsed.data.expectedUserId);
  if (!result.ok) {
    const headers = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
    return data({ error: result.message }, { status: result.status, headers });
  }
  const headers = new Headers(result.cookies.map((c): [string, string] => ["Set-Cookie", c]));
  const tile = homeTiles().find((x) => x.key === tileKey);
  if (tile) {
    const decision = decideTileClick(tile, result.user, []);
    if (decision.kind !== "pin") headers.append("Set-Cookie", await toastCookie(request, decision.toast));
    return redirect(decision.kind === "go" ? decision.to : "/", { headers });
  }
  return redirect(safeRedirectPath(parsed.data.redirectTo, "/"), { headers });
}
