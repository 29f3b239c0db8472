import { useLingui } from "@lingui/react/macro";
import { Form } from "react-router";
import { btn } from "../ui";

/**
 * A step a person set: it says so, and 'Follow the floor' gives it back to the scans (docs/product.md, Decisions:
 * The end of a job). A plain form post, so it works without JavaScript.
 */
export function StepByHand({ stepId, name, canFollow }: { stepId: number; name: string; canFollow: boolean }) {
  const { t } = useLingui();
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2">
      <span className="text-sm text-ink-muted">{t`Set by hand`}</span>
      {canFollow ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="follow-floor" />
          <input type="hidden" name="stepId" value={stepId} />
          <button type="submit" className={btn.small} aria-label={t`Follow the floor: ${name}`}>
            {t`Follow the floor`}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
