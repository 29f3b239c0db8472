import { t } from "@lingui/core/macro";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { referenceEndpoint } from "~/services/reference-api.server";
import { parseIdParam } from "~/domain/ids";
import { api, json, jsonError } from "~/http/api.server";
import type { Route } from "./+types/reference-record";
import type { RouteMethods } from "~/pipeline/route-rules.server";

// GET /api/{entity}/{id} (any signed-in member), PATCH with the `version` read and DELETE (the management key) for
// every reference entity; app/routes.ts mounts this module once per entity (docs/product.md §7 'Reference data').

export const methods: RouteMethods = ["GET", "PATCH", "DELETE"];

type Words = { notFound: string; deleted: string };

/** The record's answers in the reader's language, by the entity the route is mounted for (e.label: 'Team member'). */
function wordsFor(label: string): Words {
  switch (label) {
    case "Category":
      return { notFound: t`Category not found`, deleted: t`Category deleted successfully` };
    case "Department":
      return { notFound: t`Department not found`, deleted: t`Department deleted successfully` };
    case "Subdepartment":
      return { notFound: t`Subdepartment not found`, deleted: t`Subdepartment deleted successfully` };
    case "Material":
      return { notFound: t`Material not found`, deleted: t`Material deleted successfully` };
    case "Machine":
      return { notFound: t`Machine not found`, deleted: t`Machine deleted successfully` };
    case "Workflow":
      return { notFound: t`Workflow not found`, deleted: t`Workflow deleted successfully` };
    case "Step template":
      return { notFound: t`Step template not found`, deleted: t`Step template deleted successfully` };
    case "Team member":
      return { notFound: t`Team member not found`, deleted: t`Team member deleted successfully` };
    case "Label printer":
      return { notFound: t`Label printer not found`, deleted: t`Label printer deleted successfully` };
    default:
      return { notFound: `${label} not found`, deleted: `${label} deleted successfully` };
  }
}

/** The id in the address, or the entity's 404 (as an id that names no record). */
function idOf(value: string | undefined, words: Words): number {
  const id = parseIdParam(value);
  if (id === null) throw jsonError(404, words.notFound);
  return id;
}

export async function loader({ request, params, pattern }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    const e = referenceEndpoint(pattern);
    const words = wordsFor(e.label);
    const row = e.get(idOf(params.id, words));
    return row ? json(row) : jsonError(404, words.notFound);
  });
}

export async function action({ request, params, pattern }: Route.ActionArgs) {
  return api(async () => {
    const actor = actorFrom(request, requirePermission(request, "settings:write"));
    const e = referenceEndpoint(pattern);
    const words = wordsFor(e.label);
    const id = idOf(params.id, words);
    if (request.method.toUpperCase() === "DELETE") {
      const row = e.remove(id, actor);
      return row ? json({ message: words.deleted, id }) : jsonError(404, words.notFound);
    }
    const row = await e.update(request, id, actor);
    return row ? json(row) : jsonError(404, words.notFound);
  });
}
