import { parseWithZod } from "@conform-to/zod/v4";
import { t } from "@lingui/core/macro";
import { data } from "react-router";
import { dateOrderWords, defaultDayFirst } from "~/domain/import-dates";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { getEnv } from "~/infra/env.server";
import { getImportDateOrder, getShopSettings, updateShopSettings } from "~/models/shop-settings.server";
import { ImportSettingsFormSchema } from "~/schemas/import-settings";
import { actorFrom } from "~/services/actor.server";
import { requirePermission, sessionEndedMessage } from "~/services/permissions.server";
import { getUser } from "~/services/session.server";
import { domainError, invalid, readForm, sessionEnded, unreadableForm } from "~/views/form-action.server";
import type { Route } from "./+types/settings-imports";

// Global Settings → Imported files' loader and action (routes/settings-imports.tsx holds the page): whether an order
// import reads 01/02/2026 month first or day first (docs/product.md, Decisions: Due dates). Stored in
// shop_settings.import_day_first; unset, the shop's zone decides.

const HERE = "/settings/imports";

export function loadSettingsImports({ request }: Route.LoaderArgs) {
  requirePermission(request, "settings:write");
  const order = getImportDateOrder();
  const timeZone = getEnv().SHOP_TIMEZONE;
  return data(
    {
      dateOrder: order.setting === null ? "zone" : order.setting ? "day" : "month",
      byZone: dateOrderWords(defaultDayFirst(timeZone)),
      now: dateOrderWords(order.dayFirst),
      timeZone,
      version: getShopSettings().version,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function settingsImportsAction({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form) return unreadableForm();
  // A session that ended while the form was open: keep the choice and ask for the PIN again.
  if (!getUser(request))
    return sessionEnded("imports", parseWithZod(form, { schema: ImportSettingsFormSchema }).reply({ formErrors: [sessionEndedMessage()] }));
  const actor = actorFrom(request, requirePermission(request, "settings:write"));
  const submission = parseWithZod(form, { schema: ImportSettingsFormSchema });
  if (submission.status !== "success") return invalid("imports", submission.reply());
  const { dateOrder, version } = submission.value;
  try {
    updateShopSettings({ importDayFirst: dateOrder === "zone" ? null : dateOrder === "day" }, actor, { version });
  } catch (error) {
    const e = domainError(error);
    return invalid("imports", submission.reply({ formErrors: [e.message] }), e.status);
  }
  const order = dateOrderWords(getImportDateOrder().dayFirst);
  return redirectWithToast(request, HERE, {
    title: t`Imported files saved`,
    description: t`Dates like 01/02/2026 are read ${order}.`,
  });
}
