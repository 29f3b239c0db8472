import { redirect } from "react-router";
import { signOut } from "~/services/session.server";
import type { Route } from "./+types/logout";

// A GET never signs anybody out (link prefetchers and crawlers would); it just goes home.
export function loader() {
  return redirect("/");
}

export function action({ request }: Route.ActionArgs) {
  return redirect("/", { headers: { "Set-Cookie": signOut(request) } });
}
