import { logoFile } from "~/services/shop-logo.server";
import type { Route } from "./+types/shop-logo";

// GET /shop-logo: the shop's logo, for the customer status page (docs/decisions/0043-calendar-feeds-and-customer-links.md).
// Open to anyone, as a logo on a shop's door is: it names the shop and nothing more.

export async function loader({ request }: Route.LoaderArgs) {
  const logo = logoFile();
  const blob = logo ? Bun.file(logo.file) : null;
  if (!logo || !blob || !(await blob.exists())) return new Response("No logo\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  // Its name changes with each new logo (the ETag is that name): a browser may keep it a while and ask again.
  const headers = { "Content-Type": logo.type, ETag: logo.etag, "Cache-Control": "public, max-age=300" };
  if (request.headers.get("if-none-match") === logo.etag) return new Response(null, { status: 304, headers });
  return new Response(blob, { headers });
}
