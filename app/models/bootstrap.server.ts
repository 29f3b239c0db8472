import { randomInt } from "node:crypto";
import { seedDemo, type DemoMember } from "#db/seed/demo";
import { getDb } from "~/infra/db.server";
import type { Env } from "~/infra/env.server";
import { hashPin } from "~/infra/secret.server";
import { writeAudit } from "./audit.server";
import { createTeamMember } from "./team-member.server";

const SYSTEM = { id: null, name: "System", ip: null };

/** True when no table a person fills holds a row: the only state in which a seed may run. */
export function isDatabaseEmpty(): boolean {
  const tables = ["team_members", "departments", "projects", "categories", "workflows", "materials"];
  const row = getDb()
    .$client.query<{ n: number }, []>(`SELECT ${tables.map((t) => `(SELECT count(*) FROM ${t})`).join(" + ")} AS n`)
    .get();
  return (row?.n ?? 0) === 0;
}

export type BootstrapResult = { kind: "existing" } | { kind: "demo"; members: DemoMember[] } | { kind: "admin"; name: string; generatedPin?: string };

export function bootstrapDatabase(env: Env, log: (line: string) => void = console.log): BootstrapResult {
  if (!isDatabaseEmpty()) return { kind: "existing" };
  if (env.DEMO) {
    const { members } = seedDemo(getDb(), { hashPin, adminName: env.ADMIN_NAME, adminPin: env.ADMIN_PIN, timeZone: env.SHOP_TIMEZONE });
    writeAudit(SYSTEM, { action: "seed-demo", entity: "database", after: { members: members.length } });
    log("Empty database: filled with the demo shop. Demo PINs:");
    for (const m of members) log(`  ${m.pin}  ${m.name} (${m.access.join(", ") || "no access"})`);
    return { kind: "demo", members };
  }
  const generated = env.ADMIN_PIN ? undefined : String(randomInt(0, 10_000)).padStart(4, "0");
  createTeamMember(
    {
      name: env.ADMIN_NAME,
      pinCode: env.ADMIN_PIN ?? generated!,
      accessibleDepartments: ["management"],
      department: "Management",
    },
    SYSTEM,
  );
  if (generated) {
    log(`Empty database: created administrator "${env.ADMIN_NAME}" with PIN ${generated}`);
    log("This PIN is shown only once. Sign in and change it under Global Settings > Team Members.");
  } else {
    log(`Empty database: created administrator "${env.ADMIN_NAME}" with the PIN from ADMIN_PIN.`);
  }
  return { kind: "admin", name: env.ADMIN_NAME, generatedPin: generated };
}
