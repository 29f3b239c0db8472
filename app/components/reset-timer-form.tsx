import { useLingui } from "@lingui/react/macro";
import { Form, Link } from "react-router";
import { btn } from "./ui";

/** docs/product.md §2 'item timer reset' dialog body: the confirmation, posted to the screen's own action. */
export function ResetTimerForm({ item, here }: { item: { id: number; name: string; isTimerActive: boolean }; here: string }) {
  const { t } = useLingui();
  const name = item.name;
  return (
    <Form method="post" action={here} className="space-y-4">
      <input type="hidden" name="intent" value="reset-timer" />
      <input type="hidden" name="itemId" value={item.id} />
      <p className="text-base text-ink wrap-anywhere">
        {t`Reset the timer of "${name}" to 00:00:00?`} {item.isTimerActive ? `${t`Its running session stops and is not counted.`} ` : ""}
        {t`The timer log is kept.`}
      </p>
      <div className="flex flex-wrap justify-end gap-3">
        <Link to={here} preventScrollReset replace className={btn.secondary}>
          {t`Cancel`}
        </Link>
        <button type="submit" className={btn.danger}>
          {t`Reset Timer`}
        </button>
      </div>
    </Form>
  );
}
