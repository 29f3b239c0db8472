import { useLingui } from "@lingui/react/macro";
import { Form, Link, useNavigation } from "react-router";
import { Icon } from "../icons";
import { btn } from "../ui";

/**
 * A completed project's line, 'Completed Tue, Dec 8 — 2 working days early', and Reopen project for those with the
 * project keys (docs/product.md, Decisions: The end of a job): a plain form post, so it works without JavaScript.
 */
export function ProjectCompleted({ text, canReopen }: { text: string; canReopen: boolean }) {
  const { t } = useLingui();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "reopen-project";
  return (
    <section aria-label={t`Completed`} className="mt-4 flex flex-col gap-3 rounded-xl border border-success-700 bg-success-50 p-4 sm:flex-row sm:items-center">
      <p data-testid="project-completed" className="flex min-w-0 flex-1 items-center gap-2 text-base font-semibold text-success-800">
        <Icon name="check" />
        <span className="min-w-0 wrap-anywhere">{text}</span>
      </p>
      {canReopen ? (
        <Form method="post" replace preventScrollReset>
          <input type="hidden" name="intent" value="reopen-project" />
          <button type="submit" className={btn.secondary} disabled={busy}>
            {busy ? t`Reopening…` : t`Reopen project`}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

/**
 * An active project whose items are all finished (Reopen project, or a workflow step still open): what would make it
 * work again, kept on the page rather than only in the Reopen toast.
 */
export function AllItemsFinished({ addItem }: { addItem: string | null }) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="all-items-finished" className="mt-4 flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <h2 id="all-items-finished" className="text-base font-semibold text-ink">
          {t`Every item is finished`}
        </h2>
        <p className="mt-1 text-base text-ink-muted" data-testid="all-items-finished">
          {t`The project completes by itself once every workflow step is completed too. For more work, reopen an item on its page, or add one.`}
        </p>
      </div>
      {addItem ? (
        <Link to={addItem} preventScrollReset className={`${btn.secondary} shrink-0`}>
          {t`Add Item`}
        </Link>
      ) : null}
    </section>
  );
}
