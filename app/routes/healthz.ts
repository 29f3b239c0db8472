import { databaseAnswers } from "~/models/health.server";

export function loader() {
  const ok = databaseAnswers();
  return Response.json(
    { status: ok ? "ok" : "error", database: ok ? "ok" : "unavailable" },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
