import { useLingui } from "@lingui/react/macro";
import type { FileIndicator } from "~/domain/machine-file-rules";

/**
 * docs/product.md §2 file indicator: green dot (files match the item's material), red pulsing dot (a mismatch), dash (no
 * files). The meaning is also in text for screen readers and as a tooltip; the pulse stops for reduced motion.
 */
export function FileDot({ indicator }: { indicator: FileIndicator }) {
  const { t } = useLingui();
  // The words of FILE_INDICATOR_TEXT (domain/machine-file-rules.ts), in the page's language.
  const text =
    indicator === "match" ? t`Files match the item's material` : indicator === "mismatch" ? t`A file's material differs from the item's` : t`No files`;
  if (indicator === "none") {
    return (
      <span className="text-ink-muted" title={text} data-indicator="none">
        <span aria-hidden>—</span>
        <span className="sr-only">{text}</span>
      </span>
    );
  }
  return (
    <span className="inline-flex h-10 w-6 items-center justify-center" title={text} data-indicator={indicator}>
      <span
        aria-hidden
        className={`block h-3.5 w-3.5 rounded-full ${indicator === "match" ? "bg-success-700" : "bg-danger-700 motion-safe:animate-pulse ring-4 ring-danger-200"}`}
      />
      <span className="sr-only">{text}</span>
    </span>
  );
}
