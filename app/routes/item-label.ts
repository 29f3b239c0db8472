import { t } from "@lingui/core/macro";
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
  const refused = fileRefusal(request, "read", t`this label`);
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
  if (!details) return fileMissing(request, 404, t`Item not found`, t`Item not found`, { href: "/items", text: t`Back to Items` });
  if (!details.item.qrCode) {
    const name = details.item.name;
    const back = { href: `/items/${id}`, text: t`Back to ${name}` };
    return fileMissing(request, 404, t`No label`, t`This item has no QR code, so it has no label.`, back, t`Item not found`);
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
