import { useLingui } from "@lingui/react/macro";
import { Form, useNavigation } from "react-router";
import { StaticToast } from "~/components/toaster";
import { useHydrated } from "~/hooks/use-hydrated";
import { Icon } from "~/components/icons";
import { btn } from "~/components/ui";
import type { ToastData } from "~/domain/toast";

/** 'Finished {date} by {name}' (docs/product.md, Decisions: The end of a job), on the item and /qr/{id} pages. */
export function FinishedNote({ text, className = "" }: { text: string; className?: string }) {
  return (
    <p
      data-testid="item-finished"
      className={`flex items-center gap-2 rounded-lg border border-success-700 bg-success-50 p-3 text-base font-semibold text-success-800 ${className}`}
    >
      <Icon name="check" />
      <span className="min-w-0 wrap-anywhere">{text}</span>
    </p>
  );
}

/**
 * A finished item's line on its page, and Reopen for those with the project keys: a plain form post, so it works
 * without JavaScript; a refusal comes back as a toast (or its drawn box without JavaScript).
 */
export function ItemFinished({ text, canReopen, answer }: { text: string; canReopen: boolean; answer?: { toast?: ToastData | null } }) {
  const { t } = useLingui();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "reopen-item";
  // With JavaScript the page's toaster shows a refusal; without, it is drawn where the toast would be.
  const hydrated = useHydrated();
  const drawn = !hydrated && answer?.toast ? <StaticToast toast={answer.toast} /> : null;
  return (
    <section aria-label={t`Finished`} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
      <FinishedNote text={text} className="min-w-0 flex-1" />
      {drawn}
      {canReopen ? (
        <Form method="post" replace preventScrollReset>
          <input type="hidden" name="intent" value="reopen-item" />
          <button type="submit" className={btn.secondary} disabled={busy}>
            {busy ? t`Reopening…` : t`Reopen`}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
