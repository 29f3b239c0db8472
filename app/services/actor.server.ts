import type { Actor } from "~/models/audit.server";
import type { SignedInUser } from "~/models/team-member.server";
import { getClientIp } from "~/http/request.server";

/** Who is acting, as the audit log records it. An API token is no member: its name stands alone (decision 0041). */
export function actorFrom(request: Request, user: SignedInUser | null): Actor {
  if (user?.apiToken) return { id: null, name: user.name, ip: getClientIp(request) };
  return { id: user?.id ?? null, name: user?.name ?? null, ip: getClientIp(request) };
}
