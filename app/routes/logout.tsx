import { redirect } from "react-router";
import { writeAudit } from "~/models/audit.server";
import { actorFrom } from "~/services/actor.server";
import { endSession, getUser } from "~/services/session.server";
import type { Route } from "./+types/logout";

// A GET never signs anybody out (link prefetchers and crawlers would); it just goes home.
export function loader() {
  return redirect("/");
}

export function action({ request }: Route.ActionArgs) {
  const user = getUser(request);
  if (user) writeAudit(actorFrom(request, user), { action: "logout", entity: "session", entityId: user.id });
  return redirect("/", { headers: { "Set-Cookie": endSession(request) } });
}
