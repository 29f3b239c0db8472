import { t } from "@lingui/core/macro";
import { getImportDateOrder, getShopSettings, getWorkingCalendar, pauseAtDayEndSetting, updateShopSettings } from "~/models/shop-settings.server";
import { ShopSettingsPatchSchema } from "~/schemas/shop-settings";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { shopAddressRefusal } from "~/services/shop-address.server";
import { api, json, jsonError, parseBody } from "~/http/api.server";
import type { Route } from "./+types/shop-settings";
import type { RouteMethods } from "~/pipeline/route-rules.server";

// `GET /api/shop-settings` for any signed-in member (the PIN dialog's mode is no secret); `PATCH` with the
// management key, like every Global Settings write: any of signInMode, shopAddress, the working calendar
// (workingDays, dayStartMinutes, dayHours, holidays), pauseAtDayEnd and importDayFirst (null: by the shop's zone).

const view = (s: ReturnType<typeof getShopSettings>) => {
  // The working calendar of the finish-date forecast (decision 0038); the zone is the server's SHOP_TIMEZONE.
  const { workingDays, dayStartMinutes, dayHours, holidays, timeZone } = getWorkingCalendar();
  return {
    signInMode: s.signInMode,
    shopAddress: s.shopAddress,
    workingDays,
    dayStartMinutes,
    dayHours,
    holidays,
    timeZone,
    pauseAtDayEnd: pauseAtDayEndSetting(),
    importDayFirst: getImportDateOrder().setting,
    version: s.version,
  };
};

/** The methods this module answers (pipeline/route-rules.server); anything else gets 405 with Allow. */
export const methods: RouteMethods = ["GET", "PATCH"];

export async function loader({ request }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    return json(view(getShopSettings()));
  });
}

export async function action({ request }: Route.ActionArgs) {
  return api(async () => {
    if (request.method !== "PATCH") return jsonError(405, t`Method not allowed`, { headers: { Allow: "GET, HEAD, PATCH" } });
    const user = requirePermission(request, "settings:write");
    const { version, ...patch } = await parseBody(request, ShopSettingsPatchSchema);
    const lockout = patch.shopAddress ? shopAddressRefusal(request, patch.shopAddress) : null;
    if (lockout) return jsonError(409, lockout);
    return json(view(updateShopSettings(patch, actorFrom(request, user), { version })));
  });
}
