import { t } from "@lingui/core/macro";
import { knownShopAddress } from "~/models/shop-settings.server";
import { errorPage } from "~/http/error-page.server";
import { hostAccepted } from "~/services/shop-address.server";

// Once the shop's address is known (PUBLIC_URL, or Global Settings → Shop address), the server answers only to
// it, to the names in ALLOWED_HOSTS and to loopback names. Anything else is most likely a name an attacker's DNS
// points at the server (DNS rebinding): a staff browser on the attacker's page would otherwise send it requests
// as if it were the attacker's own site, and read the answers. The host checked is the one the app believes:
// behind a trusted proxy, X-Forwarded-Host (decisions 0008 and 0026).

export const unknownHostMessage = () => t`Unknown host`;

/**
 * The 421 answer for a request to `href` (its URL as the app believes it) when its host is not one the shop
 * answers to; null when it is, or while the shop's address is not known yet.
 */
export function unknownHostResponse(href: string, isApi: boolean): Response | null {
  const address = knownShopAddress();
  if (!address) return null;
  const url = new URL(href);
  // A health check (a load balancer, a container runtime) may use any name; it learns nothing but "ok".
  if (url.pathname === "/healthz" || hostAccepted(url.hostname, address)) return null;
  if (isApi) return Response.json({ message: unknownHostMessage() }, { status: 421, headers: { "Cache-Control": "no-store" } });
  const host = url.host;
  return errorPage(
    421,
    unknownHostMessage(),
    t`This Shopflow server does not answer to the address ${host}. Open it at the shop's address, ${address}. (Whoever runs the server can add other names with the ALLOWED_HOSTS setting.)`,
    { href: `${address}/`, text: t`Open ${address}` },
  );
}
