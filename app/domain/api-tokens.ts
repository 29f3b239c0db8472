import { t } from "@lingui/core/macro";

// API tokens (decision 0041): what a program may do with Shopflow's /api, and /metrics. Browser-safe: the
// settings page shows the same scopes and words the server checks.

export const API_TOKEN_SCOPES = ["read", "projects:write", "items:write", "scans", "machine-files:write", "metrics"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** What a scope allows, in the language of the page or answer (the settings form's words for it). */
export function apiTokenScopeLabel(scope: ApiTokenScope): string {
  switch (scope) {
    case "read":
      return t`Read projects, items, machine files and settings lists`;
    case "projects:write":
      return t`Make and change projects and their workflow steps`;
    case "items:write":
      return t`Make, change and delete items; reset timers; assign files`;
    case "scans":
      return t`Start and stop timers (scans)`;
    case "machine-files:write":
      return t`Make, change, reorder and complete machine files`;
    case "metrics":
      return t`Read /metrics (Prometheus) for IT monitoring`;
  }
}

export const isApiTokenScope = (s: string): s is ApiTokenScope => (API_TOKEN_SCOPES as readonly string[]).includes(s);

/** The prefix of every token: a scanner of leaked secrets (or a person) can tell what it is. */
export const API_TOKEN_PREFIX = "sfk_";

/** How the audit log names a token's actions: stored in each row, so always in English. */
export const apiTokenActorName = (name: string) => `API token “${name}”`;

export const missingScopeMessage = (scope: ApiTokenScope) => {
  // The quotes go with the scope: a placeholder right after an apostrophe would be read as quoted text.
  const quoted = `'${scope}'`;
  return t`This API token does not have the ${quoted} scope.`;
};

// The refusals below are sent as the request's answer, in its language. The English constants stay for the
// callers that still read them; the functions are the same sentences translated.
export const tokenNoSettingsMessage = () => t`An API token cannot change Global Settings. A member with the management key does that in Shopflow itself.`;
export const tokenUnknownMessage = () =>
  t`This API token is not valid: it is unknown or was revoked. Ask management for a new one (Global Settings → API tokens).`;
export const tokenAddressLimitedMessage = () => t`Too many refused API tokens from this address. Wait a minute and try again.`;
export const tokenRateLimitedMessage = () => t`Too many requests with this API token. Wait a moment and try again.`;
export const TOKEN_NO_SETTINGS = "An API token cannot change Global Settings. A member with the management key does that in Shopflow itself.";
export const TOKEN_UNKNOWN = "This API token is not valid: it is unknown or was revoked. Ask management for a new one (Global Settings → API tokens).";
export const TOKEN_ADDRESS_LIMITED = "Too many refused API tokens from this address. Wait a minute and try again.";
export const TOKEN_RATE_LIMITED = "Too many requests with this API token. Wait a moment and try again.";
