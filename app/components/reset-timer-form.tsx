import { Form, Link } from "react-router";
import { btn } from "./ui";

/** docs/product.md §2 'item timer reset' dialog body: the confirmation, posted to the screen's own action. */
export function ResetTimerForm({ item, here }: { item: { id: number; name: string; isTimerActive: boolean }; here: string }) {
  return (
    <Form method="post" action={here} className="space-y-4">
      <input type="hidden" name="intent" value="reset-timer" />
      <input type="hidden" name="itemId" value={item.id} />
      <p className="text-base text-ink wrap-anywhere">
        Reset the timer of "{item.name}" to 00:00:00? {item.isTimerActive ? "Its running session stops and is not counted. " : ""}The timer log is kept.
      </p>
      <div className="flex flex-wrap justify-end gap-3">
        <Link to={here} preventScrollReset replace className={btn.secondary}>
          Cancel
        </Link>
        <button type="submit" className={btn.danger}>
          Reset Timer
        </button>
      </div>
    </Form>
  );
}
