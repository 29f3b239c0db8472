import { eq, or } from "drizzle-orm";
import { items, projects, workflows, type Workflow } from "#db/schema";
import type { z } from "zod";
import type { WorkflowPatchSchema, WorkflowSchema } from "~/schemas/settings";
import { countWhere, crud, usageMessage } from "./crud.server";
import { sequenceHooks } from "./department.server";

export const workflowModel = crud<Workflow, z.infer<typeof WorkflowSchema>, z.infer<typeof WorkflowPatchSchema>>({
  table: workflows,
  entity: "workflow",
  label: "Workflow",
  uniqueName: true,
  ...sequenceHooks,
  // Projects keep a copy of the workflow's name for lists.
  afterUpdate: (before, after, tx) => {
    if (before.name !== after.name) tx.update(projects).set({ workflowName: after.name }).where(eq(projects.workflowId, after.id)).run();
  },
  inUse: (w, tx) =>
    usageMessage("Workflow", w.name, [
      [countWhere(tx, projects, eq(projects.workflowId, w.id)), "project", "projects"],
      [countWhere(tx, items, or(eq(items.workflowId, w.id), eq(items.productWorkflowId, w.id))!), "item", "items"],
    ]),
});
