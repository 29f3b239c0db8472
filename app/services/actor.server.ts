import type { Actor } from "~/models/audit.server";
import type { SignedInUser } from "~/models/team-member.server";
import { getClientIp } from "~/http/request.server";

/** Who is acting, as the audit log records it. */
export function actorFrom(request: Request, user: SignedInUser | null): Actor {
  return { id: user?.id ?? null, name: user?.name ?? null, ip: getClientIp(request) };
}
