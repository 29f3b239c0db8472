import { useLingui } from "@lingui/react/macro";
import { Form, Link, useNavigation } from "react-router";
import { Icon } from "~/components/icons";
import { LiveIndicator, type LiveStatus } from "~/components/live";
import { ShopAddressNotice } from "~/components/shop-address-notice";
import { TimerBadge, timerState } from "~/components/timer-badge";
import { btn, inputClass } from "~/components/ui";
import type { ShopAddressNote } from "~/domain/hosts";
import { materialName } from "~/domain/format";

/**
 * The item page's header: the item's name, whether its timer runs, and its ways out: Start / Stop, the QR code, a
 * label straight to a label printer of Global Settings (when there is one) and Edit Item (for those who may).
 */
export function ItemHeader({
  item,
  live,
  here,
  printers,
  addressNote,
  canWrite,
}: {
  item: { id: number; name: string; category: string; material: string; quantity: number; isTimerActive: boolean; finished: string | null };
  live: LiveStatus;
  here: string;
  printers: { id: number; name: string }[];
  addressNote: ShopAddressNote;
  canWrite: boolean;
}) {
  const { t } = useLingui();
  const navigation = useNavigation();
  const printing = navigation.state !== "idle" && navigation.formData?.get("intent") === "print-label";
  return (
    <header className="mt-2 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold text-ink wrap-anywhere sm:text-3xl">{item.name}</h1>
          <TimerBadge state={timerState(item.isTimerActive, !!item.finished)} />
          <LiveIndicator status={live} />
        </div>
        <p className="mt-1 text-base text-ink-muted">
          {item.category} · {materialName(item.material)}
          {item.quantity > 1 ? ` · × ${item.quantity}` : ""}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {/* A finished item refuses a start until Reopen (decision 0048): Reopen, under the header, is its way on. */}
        {item.finished ? null : (
          <Link to={`/qr/${item.id}`} className={btn.secondary}>
            <Icon name="clock" />
            {t`Start / Stop`}
          </Link>
        )}
        <Link to={`${here}?dialog=qr`} preventScrollReset className={btn.secondary}>
          <Icon name="qr" />
          {t`QR Code`}
        </Link>
        {printers.length ? <ShopAddressNotice note={addressNote} className="w-full" /> : null}
        {printers.length ? (
          <Form method="post" className="flex flex-wrap items-center gap-2">
            <input type="hidden" name="intent" value="print-label" />
            <label htmlFor="item-label-printer" className="text-sm font-semibold text-ink">
              {t`Label printer`}
            </label>
            <select id="item-label-printer" name="printerId" className={`${inputClass} mt-0 w-auto max-w-full`} defaultValue={printers[0]!.id}>
              {printers.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
            {/* A printer that does not answer holds the post for up to 5 s: say that it is under way, and take
                no second click meanwhile (with JavaScript; without, the browser shows its own loading). */}
            <button type="submit" className={btn.secondary} disabled={printing}>
              {printing ? t`Printing…` : t`Print label`}
            </button>
          </Form>
        ) : null}
        {canWrite ? (
          <Link to={`${here}?dialog=edit`} preventScrollReset className={btn.primary}>
            <Icon name="edit" />
            {t`Edit Item`}
          </Link>
        ) : null}
      </div>
    </header>
  );
}
