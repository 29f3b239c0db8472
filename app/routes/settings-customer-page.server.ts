import { data } from "react-router";
import { BadRequestError } from "~/domain/errors";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { getShopBrand, updateShopBrand } from "~/models/shop-brand.server";
import { ShopNameFormSchema } from "~/schemas/shop-brand";
import { actorFrom } from "~/services/actor.server";
import { readForm } from "~/views/form-action.server";
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
  if (!form) return data({ logoError: "The form could not be read. Try again.", nameErrors: null }, { status: 400 });
  const intent = form.get("intent");
  if (intent === "remove-logo") {
    updateShopBrand({ logo: null }, actor);
    return redirectWithToast(request, HERE, { title: "Logo removed", description: "Customer pages show the shop's name alone." });
  }
  if (intent === "logo") {
    const file = uploadedFile(request, "logo");
    if (!file || file.size === 0) return data({ logoError: "Choose a picture to upload.", nameErrors: null }, { status: 400 });
    try {
      await saveLogo(file, actor);
    } catch (error) {
      if (error instanceof BadRequestError) return data({ logoError: error.message, nameErrors: null }, { status: 400 });
      throw error;
    }
    return redirectWithToast(request, HERE, { title: "Logo saved", description: "Customer pages show it from now on." });
  }
  const parsed = ShopNameFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ logoError: null, nameErrors: parsed.error.issues.map((i) => i.message) }, { status: 400 });
  updateShopBrand({ shopName: parsed.data.shopName }, actor);
  return redirectWithToast(request, HERE, {
    title: "Shop name saved",
    description: parsed.data.shopName ? "Customer pages show it." : "Customer pages show no name.",
  });
}
