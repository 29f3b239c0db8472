import { t } from "@lingui/core/macro";
import { contentDisposition } from "~/domain/content-disposition";
import { calendarKeyLookup } from "~/models/calendar-feed.server";
import { ADDRESS_LIMITS } from "~/http/address-limit.server";
import { getClientIp } from "~/http/request.server";
import { calendarFeedText, feedBase } from "~/views/ics-feed.server";
import type { Route } from "./+types/calendar-feed";

// GET /calendar/{key}.ics: a department's or a member's calendar feed, for a calendar app that cannot sign in
// (docs/decisions/0043-calendar-feeds-and-customer-links.md). The key in the address is the only credential.

const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(`${text}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers } });

export function loader({ request, params }: Route.LoaderArgs) {
  const taken = ADDRESS_LIMITS.calendarFeed.take(getClientIp(request));
  if (!taken.ok)
    return plain(429, t`Too many requests for calendar feeds from this address. Try again in a minute.`, { "Retry-After": String(taken.retryAfterSeconds) });
  const file = params.feed ?? "";
  if (!file.endsWith(".ics")) return plain(404, t`No calendar feed here.`);
  const found = calendarKeyLookup(file.slice(0, -".ics".length));
  // Gone, not missing: a calendar app may stop asking for a feed that answers 410.
  if (found.status === "revoked") return plain(410, t`This calendar feed was revoked. Ask a manager for a new one.`);
  if (found.status === "unknown") return plain(404, t`This calendar feed does not exist. Ask a manager for a new one.`);
  return new Response(calendarFeedText(found, feedBase(request)), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": contentDisposition("inline", "shopflow.ics"),
      "Cache-Control": "private, no-cache",
      "X-Robots-Tag": "noindex",
    },
  });
}
