import { parseWithZod } from "@conform-to/zod/v4";
import { t } from "@lingui/core/macro";
import { data } from "react-router";
import { getShopSettings, updateShopSettings } from "~/models/shop-settings.server";
import { ShopAddressFormSchema } from "~/schemas/shop-settings";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { shopAddressRefusal } from "~/services/shop-address.server";
import { getEnv } from "~/infra/env.server";
import { isLoopbackHost } from "~/domain/hosts";
import { safeRedirectPath } from "~/http/request.server";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { domainError, intentOf, invalid, readForm, unreadableForm } from "~/views/form-action.server";
import type { Route } from "./+types/settings-shop-address";

const HERE = "/settings/shop-address";

export function loader({ request }: Route.LoaderArgs) {
  requirePermission(request, "settings:write");
  const env = getEnv();
  const settings = getShopSettings();
  const url = new URL(request.url);
  return data(
    {
      publicUrl: env.PUBLIC_URL ?? null,
      saved: settings.shopAddress,
      version: settings.version,
      origin: url.origin,
      host: url.host,
      loopback: isLoopbackHost(url.hostname),
      allowedHosts: env.ALLOWED_HOSTS,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const user = requirePermission(request, "settings:write");
  const actor = actorFrom(request, user);
  const form = await readForm(request);
  if (!form) return unreadableForm();
  if (getEnv().PUBLIC_URL) {
    return redirectWithToast(request, HERE, {
      title: t`Shop address not changed`,
      description: t`The server's PUBLIC_URL sets the shop's address.`,
      variant: "destructive",
    });
  }
  const version = Number(form.get("version"));
  const guard = { version: Number.isInteger(version) && version > 0 ? version : undefined };
  // The address form (here and Home's 'Use this address') names no intent.
  if (intentOf(form, ["save", "forget"], { fallback: "save" }) === "forget") {
    try {
      updateShopSettings({ shopAddress: null }, actor, guard);
    } catch (error) {
      return redirectWithToast(request, HERE, { title: t`Shop address not changed`, description: domainError(error).message, variant: "destructive" });
    }
    return redirectWithToast(request, HERE, {
      title: t`Shop address forgotten`,
      description: t`Labels carry the address of the browser that prints them again, and the server answers to any host name.`,
    });
  }
  const submission = parseWithZod(form, { schema: ShopAddressFormSchema });
  if (submission.status !== "success") return invalid("save", submission.reply());
  const address = submission.value.shopAddress;
  const lockout = shopAddressRefusal(request, address);
  if (lockout) return invalid("save", submission.reply({ fieldErrors: { shopAddress: [lockout] } }), 409);
  try {
    updateShopSettings({ shopAddress: address }, actor, guard);
  } catch (error) {
    const e = domainError(error);
    return invalid("save", submission.reply({ formErrors: [e.message] }), e.status);
  }
  return redirectWithToast(request, safeRedirectPath(submission.value.returnTo, HERE), {
    title: t`Shop address saved`,
    description: t`Labels and QR codes now carry ${address}/qr/…, whichever browser prints them.`,
  });
}
