import { parseWithZod } from "@conform-to/zod/v4";
import { t } from "@lingui/core/macro";
import { data } from "react-router";
import { getShopSettings, updateShopSettings } from "~/models/shop-settings.server";
import { SignInSettingsFormSchema } from "~/schemas/sign-in";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { redirectWithToast } from "~/http/toast-cookie.server";
import type { Route } from "./+types/settings-sign-in";
import { signInModes } from "~/domain/sign-in-messages";
import { domainError, invalid, readForm, unreadableForm } from "~/views/form-action.server";

const HERE = "/settings/sign-in";

export function loader({ request }: Route.LoaderArgs) {
  requirePermission(request, "settings:write");
  const { signInMode, version } = getShopSettings();
  return data({ signInMode, version }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: Route.ActionArgs) {
  const user = requirePermission(request, "settings:write");
  const form = await readForm(request);
  if (!form) return unreadableForm();
  const submission = parseWithZod(form, { schema: SignInSettingsFormSchema });
  if (submission.status !== "success") return invalid("sign-in", submission.reply());
  let saved: ReturnType<typeof updateShopSettings>;
  try {
    saved = updateShopSettings({ signInMode: submission.value.signInMode }, actorFrom(request, user), { version: submission.value.version });
  } catch (error) {
    const e = domainError(error);
    return invalid("sign-in", submission.reply({ formErrors: [e.message] }), e.status);
  }
  const mode = signInModes().find((m) => m.value === saved.signInMode)!;
  return redirectWithToast(request, HERE, { title: t`Sign-in updated`, description: mode.saved });
}
