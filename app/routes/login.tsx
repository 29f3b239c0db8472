import { data, Form, Link, redirect, useNavigate, useNavigation } from "react-router";
import { PinForm, PinHeading, usePinEntry } from "~/components/pin-dialog";
import { useToast } from "~/components/toaster";
import { btn } from "~/components/ui";
import { LoginFormSchema } from "~/schemas/auth";
import { verifyPin } from "~/services/auth.server";
import { decideTileClick, TILES } from "~/utils/departments";
import { safeRedirectPath } from "~/utils/request.server";
import { getUser } from "~/services/session.server";
import { toastCookie } from "~/utils/toast.server";
import { useHydrated } from "~/utils/use-hydrated";
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
  const headers = new Headers(result.cookies.map((c): [string, string] => ["Set-Cookie", c]));
  const tile = TILES.find((t) => t.key === tileKey);
  if (tile) {
    const decision = decideTileClick(tile, result.user, []);
    if (decision.kind !== "pin") headers.append("Set-Cookie", toastCookie(request, decision.toast));
    return redirect(decision.kind === "go" ? decision.to : "/", { headers });
  }
  return redirect(safeRedirectPath(parsed.data.redirectTo, "/"), { headers });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  return (
    <div className="flex justify-center px-3 py-10 sm:py-16">
      <div className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-xl ring-1 ring-line">
        <PinHeading title={<h1 className="text-xl font-semibold text-ink">{loaderData.title}</h1>}>
          <p className="mt-1 text-base text-ink-muted">Enter your 4-digit PIN to continue</p>
        </PinHeading>
        {hydrated ? <PinBoxesLogin tile={loaderData.tile} redirectTo={loaderData.redirectTo} /> : <PinFieldForm {...loaderData} error={actionData?.error} />}
      </div>
    </div>
  );
}

/**
 * JavaScript on: the PIN dialog's four boxes, auto-submitting. On success it goes where the form post would have
 * (the action's rule): the tile's decision with its toast, else `redirectTo`.
 */
function PinBoxesLogin({ tile: tileKey, redirectTo }: { tile: string; redirectTo: string }) {
  const navigate = useNavigate();
  const toast = useToast();
  const entry = usePinEntry({
    active: true,
    onSuccess: (user) => {
      const tile = TILES.find((t) => t.key === tileKey);
      if (!tile) return void navigate(redirectTo, { replace: true });
      const decision = decideTileClick(tile, user, []);
      if (decision.kind !== "pin") toast(decision.toast);
      navigate(decision.kind === "go" ? decision.to : "/", { replace: true });
    },
  });
  return (
    <div data-testid="pin-login">
      <PinForm
        entry={entry}
        cancel={
          <Link to="/" className={btn.largeSecondary}>
            Cancel
          </Link>
        }
      />
    </div>
  );
}

/** JavaScript off: one PIN field and a plain form post to the action. */
function PinFieldForm({ tile, redirectTo, error }: { tile: string; redirectTo: string; error?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  return (
    <Form method="post" className="mt-6" key={error ?? "form"}>
      <input type="hidden" name="tile" value={tile} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
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
        className="h-16 w-full rounded-xl border-2 border-field bg-white text-center text-3xl tracking-[0.6em] text-ink focus:border-focus focus:outline-none"
      />
      <p role="alert" className="mt-3 min-h-6 text-center text-sm font-medium text-danger-700">
        {error ?? ""}
      </p>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <Link to="/" className={btn.largeSecondary}>
          Cancel
        </Link>
        <button type="submit" disabled={busy} className={btn.large}>
          {busy ? "Verifying..." : "Continue"}
        </button>
      </div>
    </Form>
  );
}
