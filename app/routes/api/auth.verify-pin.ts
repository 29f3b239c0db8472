import { VerifyPinSchema } from "~/schemas/auth";
import { api, json, jsonError, methodNotAllowed, parseBody } from "~/http/api.server";
import { verifyPin } from "~/services/auth.server";
import type { Route } from "./+types/auth.verify-pin";
import type { RouteMethods } from "~/pipeline/route-rules.server";

/** The methods this module answers (pipeline/route-rules.server); anything else gets 405 with Allow. */
export const methods: RouteMethods = ["POST"];

export async function action({ request }: Route.ActionArgs) {
  return api(async () => {
    if (request.method !== "POST") return jsonError(405, "Method not allowed");
    const body = await parseBody(request, VerifyPinSchema);
    const result = await verifyPin(request, body.pinCode, body.expectedUserId);
    if (!result.ok) {
      return jsonError(result.status, result.message, {
        headers: result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined,
      });
    }
    return json(result.user, { headers: result.cookies.map((c): [string, string] => ["Set-Cookie", c]) });
  });
}

export const loader = methodNotAllowed;
