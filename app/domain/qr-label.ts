/** `svg` and `png` are the URLs of the label's images (routes/item-qr.ts), `pdf` its printable label (routes/item-label.ts). */
export type QrLabel = { itemName: string; projectName: string; product: string; material: string; payload: string; svg: string; png: string; pdf: string };

/** An item's label as the QR dialogs show it; `payload` is the address its QR code holds (the shop's address + /qr/{id}). */
export function itemQrLabel(item: { id: number; name: string; category: string; material: string }, projectName: string, payload: string): QrLabel {
  return {
    itemName: item.name,
    projectName,
    product: item.category,
    material: item.material,
    payload,
    svg: `/items/${item.id}/qr.svg`,
    png: `/items/${item.id}/qr.png`,
    pdf: `/items/${item.id}/label.pdf`,
  };
}
