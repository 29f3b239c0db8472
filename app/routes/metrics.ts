import { metricsResponse } from "~/pipeline/metrics-endpoint.server";
import type { Route } from "./+types/metrics";

// GET /metrics: the Prometheus text format for IT's monitoring, behind an API token with the `metrics` scope
// (decision 0041, README "Metrics").

export function loader({ request }: Route.LoaderArgs) {
  return metricsResponse(request);
}
