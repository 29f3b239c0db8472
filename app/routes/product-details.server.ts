import { t } from "@lingui/core/macro";
import { data } from "react-router";
import { getProductDetails } from "~/models/item.server";
import { getEnv } from "~/infra/env.server";
import { parseIdParam } from "~/domain/ids";
import { formatDateTime, formatTimelineDate } from "~/domain/dates";
import { can, requirePermission } from "~/services/permissions.server";
import { itemQrUrl, shopAddressNote } from "~/services/shop-address.server";
import type { Route } from "./+types/product-details";
import { itemQrLabel } from "~/domain/qr-label";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = requirePermission(request, "read");
  const id = parseIdParam(params.id);
  const details = id === null ? undefined : getProductDetails(id);
  // docs/product.md §2: 'Back to Settings'. Only managers can open Global Settings, so others go back to the item's project.
  const back = can(user, "settings:write")
    ? { to: "/settings", label: t`Back to Settings` }
    : details
      ? { to: `/projects/${details.project.id}`, label: t`Back to Project` }
      : { to: "/", label: t`Back to Home` };
  if (!details) return data({ details: null, qr: null, tz: "", now: 0, back }, { status: 404 });
  const tz = getEnv().SHOP_TIMEZONE;
  const { item, project } = details;
  // The images come from the cached QR route (routes/item-qr.ts): the page carries their URLs, not the images.
  const qr = item.qrCode ? itemQrLabel(item, project.name, itemQrUrl(request, item.id)) : null;
  return {
    details: {
      ...details,
      createdText: formatTimelineDate(item.createdAt, tz),
      sessionStartText: item.isTimerActive && item.currentSessionStart ? formatDateTime(item.currentSessionStart, tz) : null,
    },
    qr,
    addressNote: shopAddressNote(request),
    tz,
    now: Date.now(),
    back,
  };
}
