import { useLingui } from "@lingui/react/macro";
import { useHydrated } from "~/hooks/use-hydrated";
import { useToast } from "../toaster";
import { btn } from "../ui";

/** Copies `text` with JavaScript on; without it the button is not drawn and the text is selected by hand. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const toast = useToast();
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className={btn.small}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          toast({ title: t`Copied`, description: t`Paste it into the receiving program's settings.` });
        } catch {
          toast({ title: t`Error`, description: t`This browser did not allow copying: select the text and copy it.`, variant: "destructive" });
        }
      }}
    >
      {label}
    </button>
  );
}
