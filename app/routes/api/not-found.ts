import { t } from "@lingui/core/macro";
import { api, jsonError } from "~/http/api.server";
import { requireUser } from "~/services/permissions.server";
import type { Route } from "./+types/not-found";

// Unknown /api paths: 401 signed out (no probing of what exists), 404 JSON otherwise.
const handle = (request: Request) =>
  api(() => {
    requireUser(request);
    return jsonError(404, t`Not found`);
  });

export const loader = ({ request }: Route.LoaderArgs) => handle(request);
export const action = ({ request }: Route.ActionArgs) => handle(request);
