import { useLingui } from "@lingui/react/macro";
import type { ShopAddressNote } from "~/domain/hosts";
import { ShopAddressNotice } from "./shop-address-notice";
import { useToast } from "./toaster";
import { btn, UrlDialog } from "./ui";
import { useHydrated } from "~/hooks/use-hydrated";
import type { QrLabel } from "~/domain/qr-label";

// docs/product.md §9: a 2 in square label that prints itself after 0.5 s.
export const LABEL_PRINT_DELAY_MS = 500;

/** `addressNote`: the shop-address notice, while labels still carry this browser's address. */
export function QrCodeDialog({ label, closeTo, addressNote }: { label: QrLabel; closeTo: string; addressNote?: ShopAddressNote }) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const toast = useToast();
  const itemName = label.itemName;
  const fileName = `qr-${
    label.itemName
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .toLowerCase() || "item"
  }.png`;

  async function copy() {
    try {
      const blob = await (await fetch(label.png)).blob();
      await navigator.clipboard.write([new ClipboardItem({ [blob.type]: blob })]);
      toast({ title: t`QR code copied to clipboard!` });
    } catch {
      toast({ title: t`Error`, description: t`Failed to copy QR code to clipboard`, variant: "destructive" });
    }
  }

  function print() {
    const w = window.open("", "_blank", "width=400,height=400");
    if (!w) {
      toast({ title: t`Error`, description: t`Unable to open print window. Please check your popup blocker.`, variant: "destructive" });
      return;
    }
    const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
    w.document.write(`<!doctype html><html><head><title>${esc(label.itemName)}</title><style>
      @page { size: 2in 2in; margin: 0 } body { margin: 0 }
      .label { width: 2in; height: 2in; display: flex; flex-direction: column; align-items: center; justify-content: center; font: 8pt sans-serif; text-align: center }
      .label img { width: 1.45in; height: 1.45in } .label p { margin: 0; max-width: 1.9in; overflow: hidden; white-space: nowrap; text-overflow: ellipsis }
    </style></head><body><div class="label"><img src="${label.png}" alt=""><p><b>${esc(label.itemName)}</b></p><p>${esc(label.projectName)}</p></div>
    </body></html>`);
    w.document.close();
    // Printed from here: the label window inherits this page's Content-Security-Policy, which runs no inline script.
    setTimeout(() => {
      w.focus();
      w.print();
    }, LABEL_PRINT_DELAY_MS);
    toast({ title: t`Printing QR code automatically!` });
  }

  return (
    <UrlDialog title={t`QR Code`} description={label.itemName} closeTo={closeTo}>
      <div className="flex flex-col items-center">
        <img src={label.svg} width={200} height={200} className="h-[200px] w-[200px] rounded-lg border border-line bg-white" alt={t`QR code for ${itemName}`} />
        <p className="mt-2 text-sm break-all text-ink-muted">{label.payload}</p>
        <ShopAddressNotice note={addressNote} className="mt-3 w-full" />
        <dl className="mt-4 grid w-full grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-base">
          <dt className="text-ink-muted">{t`Item`}</dt>
          <dd className="min-w-0 wrap-anywhere">{label.itemName}</dd>
          <dt className="text-ink-muted">{t`Project`}</dt>
          <dd className="min-w-0 wrap-anywhere">{label.projectName}</dd>
          <dt className="text-ink-muted">{t`Product`}</dt>
          <dd className="min-w-0 wrap-anywhere">{label.product}</dd>
          <dt className="text-ink-muted">{t`Material`}</dt>
          <dd className="min-w-0 wrap-anywhere">{label.material}</dd>
        </dl>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <a
            href={label.png}
            download={fileName}
            className={btn.secondary}
            onClick={() => (hydrated ? toast({ title: t`QR code downloaded successfully!` }) : null)}
          >
            {t`Download`}
          </a>
          {/* A plain link: the browser's PDF viewer prints the 2 in label at its true size, with or without JavaScript. */}
          <a href={label.pdf} target="_blank" rel="noopener" className={btn.secondary}>
            {t`Label PDF`}
          </a>
          {hydrated ? (
            <>
              <button type="button" className={btn.secondary} onClick={copy}>
                {t`Copy`}
              </button>
              <button type="button" className={btn.primary} onClick={print}>
                {t`Print`}
              </button>
            </>
          ) : null}
        </div>
      </div>
    </UrlDialog>
  );
}
