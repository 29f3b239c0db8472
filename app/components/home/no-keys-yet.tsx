import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { Icon } from "../icons";
import { btn } from "../ui";

/**
 * A member signed in without any department key: 'No Access Configured' would tell them nobody has
 * access, which is not so. They are told who they are, whom to ask for keys, and that the QR Timer works already.
 */
export function NoKeysYet({ name, keyGivers }: { name: string; keyGivers: string[] }) {
  const { t } = useLingui();
  const last = keyGivers.at(-1) ?? "";
  const others = keyGivers.slice(0, -1).join(", ");
  const givers = others ? t`${others} or ${last}` : last;
  return (
    <section
      aria-labelledby="no-keys-title"
      className="mx-auto mt-10 max-w-lg rounded-xl border border-line bg-white p-6 text-center shadow-sm"
      data-testid="no-keys"
    >
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-800">
        <Icon name="user" className="h-6 w-6" />
      </span>
      <h2 id="no-keys-title" className="mt-3 text-lg font-semibold text-ink wrap-anywhere">
        {t`Welcome, ${name}`}
      </h2>
      <p className="mt-2 text-base text-ink">
        {t`You are signed in as ${name}, and you have no department keys yet, so no department boxes show here.`}{" "}
        {keyGivers.length
          ? t`${givers} can give you keys in Global Settings → Team Members.`
          : t`A manager with the 'Super User (All Access)' key can give you keys in Global Settings → Team Members.`}
      </p>
      <p className="mt-3 text-base text-ink">{t`The QR Timer already works for you: scan an item's label to start its timer, and scan it again to stop it.`}</p>
      <Link to="/qr-scanner" className={`mt-5 ${btn.large}`}>
        <Icon name="qr" />
        {t`Open the QR Timer`}
      </Link>
    </section>
  );
}
