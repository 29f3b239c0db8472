import { ipMatcher, LOOPBACK } from "~/domain/ip";

// Host names as the shop-address rules compare them (browser-safe: the settings form checks with it too).

const loopbackIp = ipMatcher(LOOPBACK);

/** A host name as URL.hostname writes it, without a trailing dot: 'Shop-Server.' → 'shop-server'. */
export const normalHost = (hostname: string) => hostname.toLowerCase().replace(/\.$/, "");

/**
 * localhost, *.localhost, 127.0.0.0/8 or ::1 (IPv6 in brackets, as in a URL): a name every device resolves to
 * itself, so a phone that scans a label carrying it opens the phone, never the server.
 */
export function isLoopbackHost(hostname: string): boolean {
  const h = normalHost(hostname);
  if (h === "localhost" || h.endsWith(".localhost")) return true;
  return loopbackIp(h.startsWith("[") && h.endsWith("]") ? h.slice(1, -1) : h);
}

/**
 * What a label screen shows while the shop's address is unknown (null once it is): the address labels carry
 * meanwhile (this browser's), whether that is a loopback name, and whether the viewer may set the address.
 */
export type ShopAddressNote = { origin: string; loopback: boolean; canSet: boolean } | null;

/** Home's one-click offer: the address this browser is using, and the settings' version the confirm saves over. */
export type ShopAddressOffer = { origin: string; loopback: boolean; version: number };
