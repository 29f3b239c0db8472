import { getProductDetails } from "~/models/item.server";
import { requirePermission } from "~/services/permissions.server";
import { jsonError, parseId } from "~/utils/api.server";
import { labelFileName, labelPdf } from "~/utils/label-pdf.server";
import { itemQrUrl } from "~/utils/qr.server";
import type { Route } from "./+types/item-label";

// GET /items/{id}/label.pdf: the item's 2 in × 2 in label (spec §9) as a PDF, for printers and browsers that
// print a web page's 2 in label badly. Built per request: it is small, and the item's text can change any time.
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    requirePermission(request, "read");
  } catch (refusal) {
    // A PDF has no page to show 'Access Denied' on: the refusal's status, as plain text (like routes/item-qr.ts).
    const status = refusal instanceof Response ? refusal.status : ((refusal as { init?: { status?: number } }).init?.status ?? 401);
    return new Response(status === 401 ? "Authentication required" : "Access denied", {
      status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  let id: number;
  try {
    id = parseId(params.id, "Item");
  } catch (notFound) {
    if (notFound instanceof Response) return notFound;
    throw notFound;
  }
  const details = getProductDetails(id);
  // An item without a stored QR code has no label, as its qr.png answers 404.
  if (!details?.item.qrCode) return jsonError(404, "Item not found");
  const { item, project } = details;
  const pdf = await labelPdf(
    [{ itemName: item.name, projectName: project.name, material: item.material, payload: itemQrUrl(request, item.id) }],
    item.name,
  );
  return new Response(pdf, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${labelFileName("label", item.name, `item-${item.id}`)}"`,
      "Cache-Control": "private, no-cache",
    },
  });
}
