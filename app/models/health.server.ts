import { getDb } from "~/utils/db.server";

export function databaseAnswers(): boolean {
  try {
    return getDb().$client.query<{ ok: number }, []>("SELECT 1 AS ok").get()?.ok === 1;
  } catch {
    return false;
  }
}
