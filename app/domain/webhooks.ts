import { t } from "@lingui/core/macro";
import { isLoopbackHost, normalHost } from "./hosts";
import { parseIp } from "./ip";

// Webhooks as management sets them up (docs/decisions/0042-webhooks.md): the events an endpoint may want, which
// addresses a delivery may go to, and the words the screens use. Browser-safe: the settings form checks with it.

export const WEBHOOK_EVENTS = [
  "project.created",
  "project.updated",
  "project.completed",
  "project.at_risk",
  "item.moved",
  "item.finished",
  "machine_file.completed",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** An event in words, in the language of the page or answer. */
export function webhookEventLabel(event: WebhookEvent): string {
  switch (event) {
    case "project.created":
      return t`A project is added`;
    case "project.updated":
      return t`A project's details change`;
    case "project.completed":
      return t`A project is completed`;
    case "project.at_risk":
      return t`A project becomes at risk of finishing late`;
    case "item.moved":
      return t`An item moves to another department`;
    case "item.finished":
      return t`An item finishes its last department`;
    case "machine_file.completed":
      return t`A machine file is completed`;
  }
}

export const isWebhookEvent = (s: string): s is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(s);

/** How long a delivery is retried after it was written before it is marked failed. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60_000;

function isPrivateIp(host: string): boolean {
  const ip = parseIp(host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host);
  if (!ip) return false;
  if (!ip.v6) {
    const a = Number(ip.n >> 24n);
    const b = Number((ip.n >> 16n) & 0xffn);
    // 10/8, 172.16/12, 192.168/16, 169.254/16 (link-local), 100.64/10 (carrier-grade NAT, VPN overlays)
    return a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
  }
  const top = Number(ip.n >> 112n);
  // fc00::/7 (unique local), fe80::/10 (link-local)
  return (top & 0xfe00) === 0xfc00 || (top & 0xffc0) === 0xfe80;
}

/** A name that only the shop's own network resolves: one label ('erp'), or a LAN suffix ('nas.local'). */
function isLanName(host: string): boolean {
  const h = normalHost(host);
  if (parseIp(h) || h.startsWith("[")) return false;
  return !h.includes(".") || /\.(local|lan|internal|home\.arpa|intranet|corp)$/.test(h);
}

/**
 * Why a delivery may not go to `raw`, or null. https anywhere; plain http only inside the shop's network (a
 * private or loopback address, or a LAN name): the payload and its signature would otherwise cross the internet
 * readable by anyone on the way.
 */
export function webhookUrlRefusal(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return t`Enter the full address, starting with https://`;
  }
  if (url.username || url.password) return t`Leave the user name and password out of the address: the signature proves the sender.`;
  if (url.protocol === "https:") return null;
  if (url.protocol !== "http:") return t`The address must start with https:// (or http:// on the shop's own network)`;
  const host = url.hostname;
  if (isLoopbackHost(host) || isPrivateIp(host) || isLanName(host)) return null;
  return t`Plain http is allowed only on the shop's own network (a 192.168.x.x, 10.x.x.x or 172.16–31.x.x address, or a local name). Use https:// for an address on the internet.`;
}

/** A secret in the Standard Webhooks form, as the receiver's library expects it. */
export const WEBHOOK_SECRET_PREFIX = "whsec_";

/** 'Failed deliveries' notice for management, or null. */
export function failedDeliveriesText(count: number): string | null {
  if (count <= 0) return null;
  return count === 1 ? t`1 webhook delivery failed after 24 hours of retries.` : t`${count} webhook deliveries failed after 24 hours of retries.`;
}
