import { eq } from "drizzle-orm";
import { projectSteps, stepTemplates, type StepTemplate } from "#db/schema";
import type { z } from "zod";
import type { StepTemplatePatchSchema, StepTemplateSchema } from "~/schemas/settings";
import { countWhere, crud, usageMessage } from "./crud.server";

export const stepTemplateModel = crud<StepTemplate, z.infer<typeof StepTemplateSchema>, z.infer<typeof StepTemplatePatchSchema>>({
  table: stepTemplates,
  entity: "step-template",
  label: "Step template",
  uniqueName: false,
  inUse: (s, tx) => usageMessage("Step template", s.name, [[countWhere(tx, projectSteps, eq(projectSteps.templateId, s.id)), "project step", "project steps"]]),
});
