import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { Icon } from "../icons";
import { btn } from "../ui";

/** One audit entry, worded by the loader: when, who, what, on which record, and what changed. */
export type AuditEntry = {
  id: number;
  when: string;
  who: string;
  actorId: number | null;
  action: string;
  signIn: boolean;
  /** The record in words ('Item #88 · Front sign'); none for a sign-in, whose record is who acted. */
  record: string | null;
  /** Its page, when it has one that is still there. */
  link: { to: string; text: string } | null;
  ip: string | null;
  diff: { key: string; field: string; from: string; to: string }[];
  note: string | null;
};

/**
 * One entry as a row that opens to its details: the note, links to the record and to every entry by the same
 * member (`byMember`: that list's address, or null when the list is already filtered to them), and the fields
 * before and after.
 */
export function AuditEntryRow({ entry: r, byMember }: { entry: AuditEntry; byMember: string | null }) {
  const { t } = useLingui();
  const { who, ip } = r;
  return (
    <li className="py-2" data-testid="audit-row">
      {/* The summary is a flex row, which drops the browser's disclosure triangle: the chevron and
          'Details' show that the row opens (CSS only, so the same without JavaScript). */}
      <details className="group">
        <summary className="flex min-h-tap cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-1 hover:bg-slate-50">
          <span className="text-sm text-ink-muted tabular-nums">{r.when}</span>
          <span className="font-medium text-ink">{r.who}</span>
          <span className={r.signIn ? "rounded-full bg-slate-100 px-2 text-sm text-ink" : "text-ink"}>{r.action}</span>
          {r.record ? <span className="min-w-0 text-ink-muted wrap-break-word">{r.record}</span> : null}
          {ip ? <span className="text-sm text-ink-muted">{t`from ${ip}`}</span> : null}
          <span className="ml-auto inline-flex items-center gap-1 text-sm font-semibold text-brand-800" data-testid="audit-row-toggle">
            <span className="group-open:hidden">{t`Details`}</span>
            <span className="hidden group-open:inline">{t`Hide details`}</span>
            <Icon name="chevron-down" className="h-4 w-4 group-open:rotate-180 motion-safe:transition-transform" />
          </span>
        </summary>
        <div className="mt-2 ml-1 text-sm">
          {r.note ? <p className="mt-1 text-ink">{r.note}</p> : null}
          <div className="flex flex-wrap gap-x-4">
            {r.link ? (
              <Link to={r.link.to} className={`inline-flex min-h-tap items-center ${btn.link}`}>
                {r.link.text}
              </Link>
            ) : null}
            {byMember ? (
              <Link to={byMember} className={`inline-flex min-h-tap items-center ${btn.link}`}>
                {t`Every entry by ${who}`}
              </Link>
            ) : null}
          </div>
          {r.diff.length ? (
            <table className="mt-2 w-full text-left">
              <thead className="text-ink-muted">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t`Field`}
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t`Before`}
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    {t`After`}
                  </th>
                </tr>
              </thead>
              <tbody>
                {r.diff.map((d) => (
                  <tr key={d.key}>
                    <td className="py-1 pr-3 font-medium text-ink">{d.field}</td>
                    <td className="py-1 pr-3 cell-text">{d.from}</td>
                    <td className="py-1 cell-text">{d.to}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </div>
      </details>
    </li>
  );
}
