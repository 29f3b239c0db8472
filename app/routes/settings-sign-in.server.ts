import { data } from "react-router";
import { getShopSettings, updateShopSettings } from "~/models/shop-settings.server";
import { SignInSettingsFormSchema } from "~/schemas/sign-in";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { ConflictError } from "~/domain/errors";
import { redirectWithToast } from "~/http/toast-cookie.server";
import type { Route } from "./+types/settings-sign-in";
import { SIGN_IN_MODES } from "~/domain/sign-in-messages";

const HERE = "/settings/sign-in";

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
    const mode = SIGN_IN_MODES.find((m) => m.value === saved.signInMode)!;
    return redirectWithToast(request, HERE, { title: "Sign-in updated", description: mode.saved });
  } catch (error) {
    if (error instanceof ConflictError) return data({ error: error.message }, { status: 409 });
    throw error;
  }
}
