import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { Link } from "react-router";
import { btn } from "~/components/ui";
import { LABEL_PRINT_DELAY_MS } from "~/components/qr-code-dialog";
import type { Route } from "./+types/machine-file-print";
export { loader } from "./machine-file-print.server";

// docs/product.md §2: the machine-file QR dialog's 'Print QR Code' opens a print page: a 2 in square label that prints
// itself after 0.5 s (docs/product.md §9), or with the browser's Print command when JavaScript is off.

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.label?.fileName ?? t`File not found`} · ${t`QR label`}` }];
}

export default function MachineFilePrint({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const label = loaderData.label;
  useEffect(() => {
    if (!label) return;
    const timer = setTimeout(() => window.print(), LABEL_PRINT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [label]);
  if (!label) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-ink">{t`File not found`}</h1>
        <Link to="/production" className={`mt-6 ${btn.secondary}`}>
          <Trans>Back to Production</Trans>
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-6 px-4 py-8 print:p-0">
      <style>{"@page { size: 2in 2in; margin: 0 }"}</style>
      <div className="flex h-[2in] w-[2in] flex-col items-center justify-center overflow-hidden bg-white text-center text-[8pt] leading-tight text-black print:shadow-none">
        <div
          className="h-[1.35in] w-[1.35in] [&>svg]:h-full [&>svg]:w-full"
          role="img"
          aria-label={t`QR code for ${label.fileName}`}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the QR SVG is drawn on the server by the qrcode library, never from typed text
          dangerouslySetInnerHTML={{ __html: label.svg }}
        />
        <p className="max-w-[1.9in] truncate font-bold">{label.fileName}</p>
        <p className="max-w-[1.9in] truncate">
          {label.machine} · {label.material}
        </p>
        <p className="max-w-[1.9in] truncate">{label.project}</p>
      </div>
      <div className="flex flex-wrap justify-center gap-2 print:hidden">
        <p className="w-full text-center text-base text-ink-muted">{t`The label prints by itself; if not, use your browser's Print command (Ctrl+P).`}</p>
        <Link to={`/production/${encodeURIComponent(label.machineValue)}`} className={btn.secondary}>
          <Trans>Back to the queue</Trans>
        </Link>
      </div>
    </div>
  );
}
