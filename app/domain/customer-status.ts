import { t } from "@lingui/core/macro";

// The customer status page's words (docs/decisions/0043-calendar-feeds-and-customer-links.md), shared by the page
// and its tests: the English constants, and the same in the language being spoken.
export const CUSTOMER_LINK_INVALID = "This status link is no longer valid. Ask the shop for a new one.";
export const CUSTOMER_TOO_MANY = "Too many requests from your network. Wait a minute, then reload the page.";
export const customerLinkInvalid = () => t`This status link is no longer valid. Ask the shop for a new one.`;
export const customerTooMany = () => t`Too many requests from your network. Wait a minute, then reload the page.`;
/** How a status link looks: /status/{key} on the shop's address. */
export const customerStatusLink = (base: string, key: string) => `${base.replace(/\/$/, "")}/status/${encodeURIComponent(key)}`;
