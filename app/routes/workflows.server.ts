import { data } from "react-router";
import { departmentModel } from "~/models/department.server";
import { workflowItemCounts, type WorkflowCounts } from "~/models/overview.server";
import { workflowModel } from "~/models/workflow.server";
import { can, requirePermission } from "~/services/permissions.server";
import { departmentLabel } from "~/domain/format";
import type { Route } from "./+types/workflows";

const NONE: WorkflowCounts = { totalItems: 0, activeTimers: 0, completed: 0 };

export function loader({ request }: Route.LoaderArgs) {
  const user = requirePermission(request, "read");
  const counts = workflowItemCounts();
  const names = new Map(departmentModel.list().map((d) => [d.value, { name: d.name, color: d.color }]));
  const workflows = workflowModel.list().map((w) => ({
    id: w.id,
    name: w.name,
    description: w.description,
    sequence: w.departmentSequence.map((v) => ({ value: v, name: names.get(v)?.name ?? departmentLabel(v), color: names.get(v)?.color ?? null })),
    counts: counts.get(w.id) ?? NONE,
  }));
  return data({ workflows, standard: counts.get(null) ?? NONE, canManage: can(user, "settings:write") }, { headers: { "Cache-Control": "no-store" } });
}
