import { Trans, useLingui } from "@lingui/react/macro";
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
  const { t } = useLingui();
  if (!note) return null;
  const origin = note.origin;
  // The callers name the carriers in English; the sentence says them in the reader's language.
  const carrierWords =
    carriers === "labels"
      ? t({ message: "labels", context: "what carries the shop address" })
      : carriers === "customer links"
        ? t({ message: "customer links", context: "what carries the shop address" })
        : carriers === "feed addresses"
          ? t({ message: "feed addresses", context: "what carries the shop address" })
          : carriers;
  return (
    <div
      role="note"
      aria-label={t`Phones need the shop's address`}
      data-testid="shop-address-notice"
      className={`rounded-lg border border-warning-300 bg-warning-50 px-3 py-2 text-left text-sm text-warning-900 ${className}`}
    >
      <p className="font-semibold">{t`Phones need the shop's address`}</p>
      <p className="mt-1">
        {note.loopback ? (
          <Trans>
            Until it is set, {carrierWords} carry the address this browser uses, <span className="font-mono break-all">{origin}</span>, which no phone can open.
          </Trans>
        ) : (
          <Trans>
            Until it is set, {carrierWords} carry the address this browser uses, <span className="font-mono break-all">{origin}</span>.
          </Trans>
        )}{" "}
        {carriers === "labels"
          ? t`A phone opens exactly the address on its label, so localhost can never work: on a phone, localhost is the phone itself.`
          : t`A phone or a customer opens exactly that address, so localhost can never work: on a phone, localhost is the phone itself.`}
      </p>
      <p className="mt-1">
        {note.canSet ? (
          <Link to="/settings/shop-address" className="inline-flex min-h-tap items-center font-semibold underline underline-offset-2">
            {t`Set the shop address`}
          </Link>
        ) : (
          t`A manager sets it in Global Settings → Shop address.`
        )}
      </p>
    </div>
  );
}
