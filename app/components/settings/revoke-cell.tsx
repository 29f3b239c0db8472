import { useLingui } from "@lingui/react/macro";
import { Form } from "react-router";
import { btn } from "~/components/ui";

/**
 * The Status cell of a list of keyed links (TV board links, API tokens, calendar feeds): when it was revoked, or a
 * Revoke button posting `intent=revoke` with its id to the page's own action.
 */
export function RevokeCell({ id, revoked, label }: { id: number; revoked: string | null; label: string }) {
  const { t } = useLingui();
  return (
    <td data-label={t`Status`} className="py-3">
      {revoked ? (
        <span className="text-ink-muted">{t`Revoked ${revoked}`}</span>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="revoke" />
          <input type="hidden" name="id" value={id} />
          <button type="submit" className={btn.smallDanger} aria-label={t`Revoke the ${label}`}>
            {t`Revoke`}
          </button>
        </Form>
      )}
    </td>
  );
}
