import { getDb } from "~/infra/db.server";

export function databaseAnswers(): boolean {
  try {
    return getDb().$client.query<{ ok: number }, []>("SELECT 1 AS ok").get()?.ok === 1;
  } catch (error) {
    // The probe answers only ok/unavailable; the reason belongs in the log for whoever is on call.
    console.error("health check: the database did not answer:", error instanceof Error ? error.message : error);
    return false;
  }
}
