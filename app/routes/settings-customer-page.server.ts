import { t } from "@lingui/core/macro";
import { data } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { getShopBrand, updateShopBrand } from "~/models/shop-brand.server";
import { ShopNameFormSchema } from "~/schemas/shop-brand";
import { actorFrom } from "~/services/actor.server";
import { domainError, intentOf, invalid, readForm, unreadableForm } from "~/views/form-action.server";
import { requirePermission } from "~/services/permissions.server";
import { saveLogo } from "~/services/shop-logo.server";
import { uploadedFile } from "~/pipeline/uploads.server";
import type { Route } from "./+types/settings-customer-page";

const HERE = "/settings/customer-page";

export function loader({ request }: Route.LoaderArgs) {
  requirePermission(request, "settings:write");
  const brand = getShopBrand();
  return data({ shopName: brand.shopName, hasLogo: brand.shopLogo !== null }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: Route.ActionArgs) {
  const user = requirePermission(request, "settings:write");
  const actor = actorFrom(request, user);
  const form = await readForm(request);
  if (!form) return unreadableForm();
  const intent = intentOf(form, ["name", "logo", "remove-logo"]);
  if (intent === "remove-logo") {
    updateShopBrand({ logo: null }, actor);
    return redirectWithToast(request, HERE, { title: t`Logo removed`, description: t`Customer pages show the shop's name alone.` });
  }
  if (intent === "logo") {
    const file = uploadedFile(request, "logo");
    if (!file || file.size === 0) return invalid("logo", { status: "error", error: { logo: [t`Choose a picture to upload.`] } });
    try {
      await saveLogo(file, actor);
    } catch (error) {
      const e = domainError(error);
      return invalid("logo", { status: "error", error: { logo: [e.message] } }, e.status);
    }
    return redirectWithToast(request, HERE, { title: t`Logo saved`, description: t`Customer pages show it from now on.` });
  }
  const submission = parseWithZod(form, { schema: ShopNameFormSchema });
  if (submission.status !== "success") return invalid("name", submission.reply());
  updateShopBrand({ shopName: submission.value.shopName }, actor);
  return redirectWithToast(request, HERE, {
    title: t`Shop name saved`,
    description: submission.value.shopName ? t`Customer pages show it.` : t`Customer pages show no name.`,
  });
}
