// API tokens (decision 0041): what a program may do with Shopflow's /api, and /metrics. Browser-safe: the
// settings page shows the same scopes and words the server checks.

export const API_TOKEN_SCOPES = ["read", "projects:write", "items:write", "scans", "machine-files:write", "metrics"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: "Read projects, items, machine files and settings lists",
  "projects:write": "Make and change projects and their workflow steps",
  "items:write": "Make, change and delete items; reset timers; assign files",
  scans: "Start and stop timers (scans)",
  "machine-files:write": "Make, change, reorder and complete machine files",
  metrics: "Read /metrics (Prometheus) for IT monitoring",
};

export const isApiTokenScope = (s: string): s is ApiTokenScope => (API_TOKEN_SCOPES as readonly string[]).includes(s);

/** The prefix of every token: a scanner of leaked secrets (or a person) can tell what it is. */
export const API_TOKEN_PREFIX = "sfk_";

/** How the audit log names a token's actions. */
export const apiTokenActorName = (name: string) => `API token “${name}”`;

export const missingScopeMessage = (scope: ApiTokenScope) => `This API token does not have the '${scope}' scope.`;
export const TOKEN_NO_SETTINGS = "An API token cannot change Global Settings. A member with the management key does that in Shopflow itself.";
export const TOKEN_UNKNOWN = "This API token is not valid: it is unknown or was revoked. Ask management for a new one (Global Settings → API tokens).";
export const TOKEN_ADDRESS_LIMITED = "Too many refused API tokens from this address. Wait a minute and try again.";
export const TOKEN_RATE_LIMITED = "Too many requests with this API token. Wait a moment and try again.";
