import { getItemQrCode } from "~/models/item.server";
import { fileRefusal } from "~/pipeline/file-refusal.server";
import { jsonError, parseId } from "~/http/api.server";
import { itemQrUrl } from "~/services/shop-address.server";
import { qrImage, type QrFormat } from "~/infra/qr.server";
import type { Route } from "./+types/item-qr";

// GET /items/{id}/qr.png and /items/{id}/qr.svg: an item's QR label image (docs/product.md §9), for the product page's
// QR dialog, its Download and Print buttons. Encoded once per payload and kept in memory (infra/qr.server.ts);
// the browser keeps it too and revalidates with the ETag.
const CACHE_CONTROL = "private, max-age=3600";

function matches(ifNoneMatch: string | null, etag: string) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === etag;
  });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  // An <img> gets the refusal's status as plain text; a tab opened on the image gets the page.
  const refused = fileRefusal(request, "read", "this QR code");
  if (refused) return refused;
  let id: number;
  try {
    id = parseId(params.id, "Item");
  } catch (notFound) {
    if (notFound instanceof Response) return notFound;
    throw notFound;
  }
  const item = getItemQrCode(id);
  if (!item?.qrCode) return jsonError(404, "Item not found");
  const format: QrFormat = new URL(request.url).pathname.endsWith(".svg") ? "svg" : "png";
  const image = await qrImage(itemQrUrl(request, item.id), format);
  const headers = { ETag: image.etag, "Cache-Control": CACHE_CONTROL, "Content-Type": image.contentType };
  if (matches(request.headers.get("if-none-match"), image.etag)) return new Response(null, { status: 304, headers });
  return new Response(image.body, { headers });
}
