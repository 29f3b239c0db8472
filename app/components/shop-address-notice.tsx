import { Link } from "react-router";
import type { ShopAddressNote } from "~/domain/hosts";

/**
 * Shown on every label screen until the shop's address is known: the labels printed meanwhile carry this
 * browser's address, which a phone may not reach, and 'localhost' never (decision 0026).
 */
export function ShopAddressNotice({
  note,
  className = "",
  carriers = "labels",
}: {
  note: ShopAddressNote | undefined;
  className?: string;
  /** What carries the address: labels, or the links a calendar app or a customer opens. */
  carriers?: string;
}) {
  if (!note) return null;
  return (
    <div
      role="note"
      aria-label="Phones need the shop's address"
      data-testid="shop-address-notice"
      className={`rounded-lg border border-warning-300 bg-warning-50 px-3 py-2 text-left text-sm text-warning-900 ${className}`}
    >
      <p className="font-semibold">Phones need the shop's address</p>
      <p className="mt-1">
        Until it is set, {carriers} carry the address this browser uses, <span className="font-mono break-all">{note.origin}</span>
        {note.loopback ? ", which no phone can open" : ""}.{" "}
        {carriers === "labels"
          ? "A phone opens exactly the address on its label, so localhost can never work: on a phone, localhost is the phone itself."
          : "A phone or a customer opens exactly that address, so localhost can never work: on a phone, localhost is the phone itself."}
      </p>
      <p className="mt-1">
        {note.canSet ? (
          <Link to="/settings/shop-address" className="inline-flex min-h-tap items-center font-semibold underline underline-offset-2">
            Set the shop address
          </Link>
        ) : (
          "A manager sets it in Global Settings → Shop address."
        )}
      </p>
    </div>
  );
}
