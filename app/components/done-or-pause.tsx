import { useLingui } from "@lingui/react/macro";
import { Icon } from "./icons";
import { btn } from "./ui";

/**
 * A running timer's two ways to stop (docs/product.md, Decisions: The end of a job): 'Done → {next department}', the
 * stop that moves the item on (or finishes it in its last department), and Pause, which stops the timer and leaves
 * the item where it is. Two submit buttons of the caller's form, told apart by `intent` (`stop` / `pause`), so the
 * same markup posts with JavaScript and without. Each is a 48 px target; they stack on a phone and wrap long
 * department names rather than overflow at 360 px.
 */
export function DoneOrPause({
  doneLabel,
  itemName,
  busy,
  testId,
  className = "",
}: {
  doneLabel: string;
  /** Read after each button's words by a screen reader: a list has many Pause buttons. */
  itemName?: string;
  /** Which of the two is being sent, if any: both are disabled meanwhile. */
  busy?: "stop" | "pause" | null;
  /** `{testId}-done` and `{testId}-pause`. */
  testId?: string;
  className?: string;
}) {
  const { t } = useLingui();
  const size = "min-h-12 w-full px-4 text-base whitespace-normal text-center";
  return (
    <div className={`flex flex-col gap-2 ${className}`}>
      <button
        type="submit"
        name="intent"
        value="stop"
        disabled={!!busy}
        className={`${btn.primary} ${size}`}
        data-testid={testId ? `${testId}-done` : undefined}
      >
        <Icon name="check" />
        {busy === "stop" ? t`Stopping…` : doneLabel}
        {itemName ? <span className="sr-only"> {itemName}</span> : null}
      </button>
      <button
        type="submit"
        name="intent"
        value="pause"
        disabled={!!busy}
        className={`${btn.secondary} ${size}`}
        data-testid={testId ? `${testId}-pause` : undefined}
      >
        <Icon name="clock" />
        {busy === "pause" ? t`Pausing…` : t`Pause`}
        {itemName ? <span className="sr-only"> {itemName}</span> : null}
      </button>
    </div>
  );
}
