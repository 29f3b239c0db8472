import { t } from "@lingui/core/macro";
import { data } from "react-router";
import { customerLinkInvalid, customerTooMany } from "~/domain/customer-status";
import { intlLocale } from "~/domain/forecast-words";
import { getEnv } from "~/infra/env.server";
import { customerLinkProject, customerStatus } from "~/models/customer-link.server";
import { projectOutlook } from "~/models/project-forecast.server";
import { getShopBrand } from "~/models/shop-brand.server";
import { ADDRESS_LIMITS } from "~/http/address-limit.server";
import { getClientIp } from "~/http/request.server";
import type { Route } from "./+types/customer-status";
import { customerLinkFor } from "~/models/customer-link.server";
import { speak } from "~/infra/i18n.server";

// GET /status/{key}: a project's status for the shop's customer, without signing in
// (docs/decisions/0043-calendar-feeds-and-customer-links.md). It reads only what the customer may see.

export const NOINDEX = { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" };

const longDate = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat(intlLocale(), { timeZone, weekday: "long", month: "long", day: "numeric", year: "numeric" }).format(ms);

export function loader({ request, params }: Route.LoaderArgs) {
  const taken = ADDRESS_LIMITS.statusPage.take(getClientIp(request));
  if (!taken.ok) throw data(customerTooMany(), { status: 429, headers: { ...NOINDEX, "Retry-After": String(taken.retryAfterSeconds) } });
  // The page speaks the language chosen when the link was made (docs/product.md, Languages).
  const link = customerLinkFor(params.key ?? "");
  if (link) speak(link.language);
  const projectId = customerLinkProject(params.key ?? "");
  const status = projectId === null ? null : customerStatus(projectId);
  if (projectId === null || !status) throw data(customerLinkInvalid(), { status: 404, headers: NOINDEX });
  // A date, never a time: the forecast moves with the shop's queues, and a day is what a customer plans with.
  const finishAt = status.finished ? null : (projectOutlook(projectId)?.finishAt ?? null);
  const brand = getShopBrand();
  return data(
    {
      name: status.name,
      finished: status.finished,
      stages: status.stages,
      expected: status.finished ? t`Finished` : finishAt === null ? t`Not known yet` : longDate(finishAt, getEnv().SHOP_TIMEZONE),
      shopName: brand.shopName,
      hasLogo: brand.shopLogo !== null,
    },
    { headers: NOINDEX },
  );
}
