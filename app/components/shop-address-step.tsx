import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link } from "react-router";
import type { ShopAddressOffer } from "~/domain/hosts";
import { Icon } from "./icons";
import { btn } from "./ui";

/**
 * Home's 'Set up your shop' line for the shop's address, while it is not set: the address this browser is using,
 * confirmed with one click (a form to Global Settings → Shop address, with JavaScript or without), or, when this
 * browser uses localhost, why that cannot be the address and where to enter the right one.
 */
export function ShopAddressStep({ offer, title }: { offer: ShopAddressOffer; title: string }) {
  const { t } = useLingui();
  const origin = offer.origin;
  return (
    <li data-testid="setup-shopAddress" data-done="false">
      <div className="flex min-h-14 items-start gap-3 py-3">
        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full border-2 border-slate-300 text-ink-muted">
          <Icon name="qr" className="h-5 w-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-base font-semibold text-ink">{title}</p>
          {offer.loopback ? (
            <>
              <p className="text-sm text-ink-muted">
                <Trans>
                  A phone opens the address on a QR label. This browser uses <span className="font-mono break-all">{origin}</span>, which no phone can open: on
                  a phone, localhost is the phone itself. Open Shopflow at this server's network address to confirm it, or enter it.
                </Trans>
              </p>
              <Link to="/settings/shop-address" className={`mt-2 ${btn.secondary}`}>
                {t`Enter the shop address`}
              </Link>
            </>
          ) : (
            <>
              <p className="text-sm text-ink-muted">
                <Trans>
                  A phone opens the address on a QR label. This browser uses <span className="font-mono break-all">{origin}</span>: if phones on the shop's
                  network reach it too, use it.
                </Trans>
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                <Form method="post" action="/settings/shop-address">
                  <input type="hidden" name="shopAddress" value={offer.origin} />
                  <input type="hidden" name="version" value={offer.version} />
                  <input type="hidden" name="returnTo" value="/" />
                  <button type="submit" className={`${btn.primary} max-w-full break-all`}>
                    {t`Use ${origin}`}
                  </button>
                </Form>
                <Link to="/settings/shop-address" className={btn.secondary}>
                  {t`Another address…`}
                </Link>
              </div>
            </>
          )}
        </div>
      </div>
    </li>
  );
}
