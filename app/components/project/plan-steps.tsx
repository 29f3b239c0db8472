import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Form, useNavigation } from "react-router";
import { Icon } from "../icons";
import { btn, cardClass } from "../ui";

/** What the project page knows to offer 'Plan the steps' (routes/project-detail.server.ts). */
export type PlanStepsOfferData = {
  /** The due date as the page shows it ('Fri, Dec 18'), null when the project has none. */
  due: string | null;
  /** Steps with an empty start or end date, and whether no step has any date yet (a project just made). */
  emptySteps: number;
  undated: boolean;
};

/**
 * 'Plan the steps' (docs/product.md, Decisions: Due dates): offered while a step has an empty date, most plainly on a
 * project just made with a due date and a workflow. One form post, the same with JavaScript and without; the toast
 * says what it set.
 */
export function PlanStepsOffer({ offer, here }: { offer: PlanStepsOfferData | null; here: string }) {
  const { t } = useLingui();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "plan-steps";
  if (!offer || offer.emptySteps === 0) return null;
  const what = offer.undated
    ? t`The steps have no dates yet.`
    : plural(offer.emptySteps, { one: "# step has an empty date.", other: "# steps have an empty date." });
  const due = offer.due;
  return (
    <section
      id="plan-steps"
      aria-labelledby="plan-steps-heading"
      className={`flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5 ${offer.undated ? "min-w-0 rounded-xl border border-brand-300 bg-brand-50 shadow-sm" : cardClass}`}
    >
      <div className="min-w-0">
        <h2 id="plan-steps-heading" className="text-base font-semibold text-ink">
          {due ? t`Due ${due}` : t`No due date`}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          {offer.due
            ? t`${what} Plan the steps fills the empty ones backwards from the due date, from each department's expected work and queue; dates already set stay as they are.`
            : t`${what} Set a due date (Edit Project) to plan the steps backwards from it.`}
        </p>
      </div>
      {offer.due ? (
        <Form method="post" action={here} preventScrollReset className="shrink-0">
          <input type="hidden" name="intent" value="plan-steps" />
          <button type="submit" className={btn.primary} disabled={busy}>
            <Icon name="clock" />
            {busy ? t`Planning...` : t`Plan the steps`}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
