import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { btn, cardClass, PageHeader } from "~/components/ui";
import { getShopSettings, updateShopSettings } from "~/models/shop-settings.server";
import { SignInSettingsFormSchema } from "~/schemas/sign-in";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import type { SignInMode } from "~/domain/constants";
import { ConflictError } from "~/domain/errors";
import { redirectWithToast } from "~/http/toast-cookie.server";
import type { Route } from "./+types/settings-sign-in";

// Global Settings → Sign-in (docs/decisions/0025): 'PIN only' or 'Choose your name, then PIN'. One form post, the
// same with JavaScript and without; the version it was opened with refuses a save over someone else's.

export const meta = () => [{ title: "Sign-in · Global Settings · Shopflow" }];

const HERE = "/settings/sign-in";

const MODES: { value: SignInMode; title: string; text: string; saved: string }[] = [
  {
    value: "pin",
    title: "PIN only",
    text: "Staff type their 4-digit PIN and the PIN alone says who they are. Quickest at the screen, and nobody's name is shown before they sign in.",
    saved: "Staff now sign in with their PIN only.",
  },
  {
    value: "name-then-pin",
    title: "Choose your name, then PIN",
    text: "Staff tap their name, then type their PIN. After 5 wrong PINs in 15 minutes that person's sign-in is locked for 15 minutes (others carry on), so guessing a PIN takes weeks instead of minutes. The list shows every active member's name to anyone who opens the sign-in screen.",
    saved: "Staff now choose their name, then enter their PIN.",
  },
];

export function loader({ request }: Route.LoaderArgs) {
  requirePermission(request, "settings:write");
  const { signInMode, version } = getShopSettings();
  return data({ signInMode, version }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: Route.ActionArgs) {
  const user = requirePermission(request, "settings:write");
  const parsed = SignInSettingsFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "Choose how staff sign in" }, { status: 400 });
  try {
    const saved = updateShopSettings({ signInMode: parsed.data.signInMode }, actorFrom(request, user), { version: parsed.data.version });
    const mode = MODES.find((m) => m.value === saved.signInMode)!;
    return redirectWithToast(request, HERE, { title: "Sign-in updated", description: mode.saved });
  } catch (error) {
    if (error instanceof ConflictError) return data({ error: error.message }, { status: 409 });
    throw error;
  }
}

export default function SettingsSignIn({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      <Link to="/settings" className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
        ← Back to Global Settings
      </Link>
      <PageHeader title="Sign-in" subtitle="How staff sign in on the shop's screens, phones and the login page." />
      {/* Drawn afresh after each save (a new version), so it shows what is saved now. */}
      <Form method="post" key={loaderData.version} className={`p-5 ${cardClass}`}>
        <input type="hidden" name="version" value={loaderData.version} />
        <fieldset>
          <legend className="text-lg font-semibold text-ink">Sign-in mode</legend>
          {actionData?.error ? (
            <p role="alert" className="mt-3 rounded-lg border border-danger-200 bg-danger-50 px-3 py-2 text-sm font-medium text-danger-800">
              {actionData.error}
            </p>
          ) : null}
          <div className="mt-3 grid gap-3">
            {MODES.map((m) => (
              <label
                key={m.value}
                className="flex min-h-11 cursor-pointer gap-3 rounded-xl border-2 border-line p-4 hover:border-brand-300 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="signInMode"
                  value={m.value}
                  defaultChecked={loaderData.signInMode === m.value}
                  required
                  aria-describedby={`sign-in-mode-${m.value}`}
                  className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
                />
                <span className="min-w-0">
                  <span className="block text-base font-semibold text-ink">{m.title}</span>
                  <span id={`sign-in-mode-${m.value}`} className="mt-1 block text-sm text-ink-muted">
                    {m.text}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <p className="mt-4 text-sm text-ink-muted">
          Either way, a browser that has signed in here before keeps working when someone elsewhere floods the sign-in with wrong PINs.
        </p>
        <div className="mt-4 flex justify-end border-t border-line pt-4">
          <button type="submit" className={btn.primary} disabled={busy}>
            {busy ? "Saving..." : "Save sign-in mode"}
          </button>
        </div>
      </Form>
    </div>
  );
}
