import { asc, sql } from "drizzle-orm";
import { machines, type Machine } from "#db/schema";
import type { z } from "zod";
import type { MachinePatchSchema, MachineSchema } from "~/schemas/settings";
import { crud } from "./crud.server";

export const machineModel = crud<Machine, z.infer<typeof MachineSchema>, z.infer<typeof MachinePatchSchema>>({
  table: machines,
  entity: "machine",
  label: "Machine",
  uniqueName: true,
  orderBy: [asc(machines.sortOrder), asc(sql`${machines.name} COLLATE NOCASE`)],
});
