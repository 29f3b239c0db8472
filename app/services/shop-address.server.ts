import { t } from "@lingui/core/macro";
import { getShopSettings, knownShopAddress } from "~/models/shop-settings.server";
import { getEnv } from "~/infra/env.server";
import { isLoopbackHost, normalHost, type ShopAddressNote, type ShopAddressOffer } from "~/domain/hosts";
import { can } from "./permissions.server";
import { getUser } from "./session.server";

// The address QR labels carry (docs/decisions/0026-shop-address-and-labels.md): the shop's address once it is
// known, else the address of the browser that asked, which every label screen then points out.

/** What every item's QR payload starts with: `{shop address}/qr/`, or this request's origin until it is known. */
export function qrBaseUrl(request: Request): string {
  return `${knownShopAddress() ?? new URL(request.url).origin}/qr/`;
}

/** What an item's QR code encodes: `{shop address}/qr/{itemId}`. */
export function itemQrUrl(request: Request, itemId: number): string {
  return `${qrBaseUrl(request)}${itemId}`;
}

/**
 * Every label prefix this shop has printed: the shop's address (PUBLIC_URL and the saved one) and this request's
 * origin (a label printed before the address was known), so a scanner reads all of them as this shop's.
 */
export function ownQrBases(request: Request): string[] {
  const saved = getShopSettings().shopAddress;
  return [...new Set([getEnv().PUBLIC_URL, saved, new URL(request.url).origin].filter((a): a is string => !!a).map((a) => `${a}/qr/`))];
}

/** What a label screen says while the shop's address is unknown: null once it is known. */
export function shopAddressNote(request: Request): ShopAddressNote {
  if (knownShopAddress()) return null;
  const url = new URL(request.url);
  return { origin: url.origin, loopback: isLoopbackHost(url.hostname), canSet: can(getUser(request), "settings:write") };
}

/** Home's 'Set up your shop' offers the address this browser is using, for one click to confirm. */
export function shopAddressOffer(request: Request): ShopAddressOffer {
  const url = new URL(request.url);
  return { origin: url.origin, loopback: isLoopbackHost(url.hostname), version: getShopSettings().version };
}

const hostOf = (address: string) => {
  try {
    return normalHost(new URL(address).hostname);
  } catch {
    return null;
  }
};

/**
 * Whether a request for `hostname` is answered while the shop's address is `address`: the rule the request
 * pipeline applies to every request (pipeline/host-check.server.ts), and the one a new address is checked by here.
 */
export function hostAccepted(hostname: string, address: string): boolean {
  const h = normalHost(hostname);
  return isLoopbackHost(h) || h === hostOf(address) || getEnv().ALLOWED_HOSTS.includes(h);
}

/**
 * Why `address` cannot be saved from this request, or null: the browser saving it would itself be refused
 * afterwards ('Unknown host'), locking the manager out of the page they are on.
 */
export function shopAddressRefusal(request: Request, address: string): string | null {
  const url = new URL(request.url);
  if (hostAccepted(url.hostname, address)) return null;
  const { host, hostname } = url;
  return t`Save the shop's address from a browser that uses it: this browser opened Shopflow at ${host}, which would no longer be answered once the address is ${address}. Open ${address} and save it there, or have whoever runs the server add ${hostname} to ALLOWED_HOSTS.`;
}
