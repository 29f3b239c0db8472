import { data, Form, Link, redirect, useNavigation } from "react-router";
import { LoginFormSchema } from "~/schemas/auth";
import { verifyPin } from "~/services/auth.server";
import { decideTileClick, TILES } from "~/utils/departments";
import { safeRedirectPath } from "~/utils/request.server";
import { getUser } from "~/services/session.server";
import { toastCookie } from "~/utils/toast.server";
import type { Route } from "./+types/login";

// The PIN dialog as a plain page: what the Login button and the tiles lead to with JavaScript off.
export function meta() {
  return [{ title: "Login · Shopflow" }];
}

function titleFor(tileKey: string | null) {
  const tile = TILES.find((t) => t.key === tileKey);
  return tile ? `Access ${tile.title}` : "Global Login";
}

// The action's Retry-After (lockout) must reach the browser, as it does from /api/auth/verify-pin.
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;
}

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tile = url.searchParams.get("tile");
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"), "/");
  if (getUser(request) && !tile) throw redirect(redirectTo);
  return { title: titleFor(tile), tile: tile ?? "", redirectTo };
}

export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = LoginFormSchema.safeParse(form);
  const tileKey = typeof form.tile === "string" ? form.tile : "";
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? "Please enter a 4-digit PIN" }, { status: 400 });
  }
  const result = await verifyPin(request, parsed.data.pinCode, parsed.data.expectedUserId);
  if (!result.ok) {
    const headers = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
    return data({ error: result.message }, { status: result.status, headers });
  }
  const headers = new Headers({ "Set-Cookie": result.setCookie });
  const tile = TILES.find((t) => t.key === tileKey);
  if (tile) {
    const decision = decideTileClick(tile, result.user, []);
    if (decision.kind !== "pin") headers.append("Set-Cookie", toastCookie(request, decision.toast));
    return redirect(decision.kind === "go" ? decision.to : "/", { headers });
  }
  return redirect(safeRedirectPath(parsed.data.redirectTo, "/"), { headers });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  return (
    <div className="flex justify-center px-4 py-16">
      <div className="w-full max-w-sm rounded-xl bg-white p-6 shadow-xl ring-1 ring-slate-200">
        <h1 className="text-lg font-semibold">{loaderData.title}</h1>
        <p className="mt-1 text-sm text-slate-600">Enter your 4-digit PIN to continue</p>
        <Form method="post" className="mt-5" key={actionData?.error ?? "form"}>
          <input type="hidden" name="tile" value={loaderData.tile} />
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <label htmlFor="pinCode" className="sr-only">
            PIN
          </label>
          <input
            id="pinCode"
            name="pinCode"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            pattern="\d{4}"
            minLength={4}
            maxLength={4}
            required
            autoFocus
            title="Please enter a 4-digit PIN"
            className="h-14 w-full rounded-lg border-2 border-slate-300 text-center text-2xl tracking-[0.6em] focus:border-orange-500 focus:outline-none"
          />
          <p role="alert" className="mt-3 min-h-5 text-center text-sm text-red-600">
            {actionData?.error ?? ""}
          </p>
          <div className="mt-4 flex justify-end gap-2">
            <Link to="/" className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
              Cancel
            </Link>
            <button
              type="submit"
              disabled={busy}
              className="rounded-lg bg-orange-600 px-4 py-2 text-sm font-medium text-white hover:bg-orange-700 disabled:opacity-50"
            >
              {busy ? "Verifying..." : "Continue"}
            </button>
          </div>
        </Form>
      </div>
    </div>
  );
}
