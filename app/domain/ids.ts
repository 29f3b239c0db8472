// Record ids in URLs, forms and bodies: plain decimal digits only. Number() would also read "0x1", "1e0",
// " 1" or "1." as 1, so /products/0x1 would open item 1.
export function parseIdParam(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value !== "string" || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
