import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { failedDeliveriesText } from "~/domain/webhooks";
import { btn } from "../ui";

// Apart from ./webhook-form.tsx, whose form library and schemas a page showing only this notice (Home) should not
// load (docs/decisions/0050-client-javascript-per-page.md).

/** Global Settings → Webhooks: the list and the add form post here; each endpoint has its own page below it. */
export const WEBHOOKS_PAGE = "/settings/webhooks";

/** Management's notice of deliveries that failed for good (Home and Global Settings), with the way to them. */
export function WebhookFailedNotice({ count, className = "" }: { count: number; className?: string }) {
  const { t } = useLingui();
  const text = failedDeliveriesText(count);
  if (!text) return null;
  return (
    <div
      role="status"
      className={`flex flex-wrap items-center justify-between gap-3 rounded-xl border border-danger-200 bg-danger-50 p-4 text-danger-800 ${className}`}
    >
      <p className="font-medium">{text}</p>
      <Link to={WEBHOOKS_PAGE} className={btn.secondary}>
        {t`See the webhook deliveries`}
      </Link>
    </div>
  );
}
