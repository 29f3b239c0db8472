import { contentDisposition } from "~/domain/content-disposition";
import { orderCsvTemplate } from "~/domain/order-plan";
import { api } from "~/http/api.server";
import { importChoices } from "~/models/order-import.server";
import { requirePermission } from "~/services/permissions.server";
import type { Route } from "./+types/projects.import.csv-template";

// GET /api/projects/import/csv-template: the order import's columns with an example project on the shop's own
// workflow, categories and materials, so the template imports as it is (decision 0045).

export async function loader({ request }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    return new Response(orderCsvTemplate(importChoices()), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": contentDisposition("attachment", "order-import-template.csv"),
        "Cache-Control": "no-store",
      },
    });
  });
}
