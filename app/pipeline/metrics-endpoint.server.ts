import { t } from "@lingui/core/macro";
import { missingScopeMessage } from "~/domain/api-tokens";
import { getEnv } from "~/infra/env.server";
import { openStreamCount } from "~/infra/event-stream.server";
import { metricsText, METRICS_CONTENT_TYPE } from "~/infra/metrics.server";
import { CLIENT_IP_HEADER } from "~/http/request.server";
import { storeFigures } from "~/models/store-figures.server";
import { authenticateBearer, bearerToken } from "./token-auth.server";

// GET /metrics (decision 0041): for IT's Prometheus, behind an API token with the `metrics` scope. Not under
// /api, where Prometheus and its kin expect it; refusals are JSON as on /api.

export const metricsNeedsTokenMessage = () =>
  t`Send an API token with the 'metrics' scope (Authorization: Bearer …). Management makes one in Global Settings → API tokens.`;

const refusal = (status: number, message: string, headers: Record<string, string> = {}) =>
  Response.json({ message }, { status, headers: { "Cache-Control": "no-store", ...headers } });

export function metricsResponse(request: Request): Response {
  const token = bearerToken(request.headers);
  if (token === null) return refusal(401, metricsNeedsTokenMessage(), { "WWW-Authenticate": 'Bearer realm="Shopflow"' });
  const user = authenticateBearer(token, { method: request.method, route: "/metrics", ip: request.headers.get(CLIENT_IP_HEADER) });
  if (user instanceof Response) return user;
  if (!user.apiToken?.scopes.includes("metrics")) return refusal(403, missingScopeMessage("metrics"));
  const store = storeFigures();
  const body = metricsText({
    openEventStreams: openStreamCount(),
    databaseBytes: store.databaseBytes,
    walBytes: store.walBytes,
    backupAgeSeconds: store.lastBackupAt ? Math.max(0, (Date.now() - store.lastBackupAt.getTime()) / 1000) : Infinity,
    backupsEnabled: !!getEnv().BACKUP_DIR,
    pendingWebhookDeliveries: store.pendingWebhookDeliveries,
  });
  return new Response(body, { headers: { "Content-Type": METRICS_CONTENT_TYPE, "Cache-Control": "no-store" } });
}
