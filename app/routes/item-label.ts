import { getProductDetails } from "~/models/item.server";
import { fileMissing, fileRefusal } from "~/pipeline/file-refusal.server";
import { parseId } from "~/http/api.server";
import { contentDisposition } from "~/domain/content-disposition";
import { labelFileName, labelPdf } from "~/infra/label-pdf.server";
import { itemQrUrl } from "~/services/shop-address.server";
import type { Route } from "./+types/item-label";

// GET /items/{id}/label.pdf: the item's 2 in × 2 in label (docs/product.md §9) as a PDF, for printers and browsers that
// print a web page's 2 in label badly. Built per request: it is small, and the item's text can change any time.
export async function loader({ request, params }: Route.LoaderArgs) {
  const refused = fileRefusal(request, "read", "this label");
  if (refused) return refused;
  let id: number;
  try {
    id = parseId(params.id, "Item");
  } catch (notFound) {
    if (notFound instanceof Response) return notFound;
    throw notFound;
  }
  const details = getProductDetails(id);
  // An item without a stored QR code has no label, as its qr.png answers 404.
  if (!details) return fileMissing(request, 404, "Item not found", "Item not found", { href: "/items", text: "Back to Items" });
  if (!details.item.qrCode) {
    const back = { href: `/items/${id}`, text: `Back to ${details.item.name}` };
    return fileMissing(request, 404, "No label", "This item has no QR code, so it has no label.", back, "Item not found");
  }
  const { item, project } = details;
  const pdf = await labelPdf([{ itemName: item.name, projectName: project.name, material: item.material, payload: itemQrUrl(request, item.id) }], item.name);
  return new Response(pdf, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition("inline", labelFileName("label", item.name, `item-${item.id}`)),
      "Cache-Control": "private, no-cache",
    },
  });
}
