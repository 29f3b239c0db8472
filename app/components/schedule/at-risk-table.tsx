import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { Badge, btn, EmptyState } from "~/components/ui";
import { PRIORITY_COLORS } from "~/domain/colors";

type Risky = { id: number; name: string; priority: string; due: string; expected: string; late: string; why: string };

const th = "px-2 py-2 text-left font-medium text-ink-muted";
const td = "px-2 py-2 align-top max-md:px-0";

/** The projects expected to finish after their due date, each with why, as a table (cards on a phone). */
export function AtRiskTable({ projects, total }: { projects: Risky[]; total: number }) {
  const { t } = useLingui();
  if (projects.length === 0) {
    return (
      <EmptyState
        icon="check"
        title={t`No project is expected to finish after its due date`}
        action={
          <Link to="/projects" className={btn.secondary}>
            <Trans>Open Projects</Trans>
          </Link>
        }
      >
        <Trans>The forecast follows every scan: a project shows here as soon as its expected finish passes its due date.</Trans>
      </EmptyState>
    );
  }
  const col = { project: t`Project`, due: t`Due`, expected: t`Expected`, lateBy: t`Late by`, why: t`Why` };
  const listed = projects.length;
  return (
    <>
      <table className="table-cards mt-4 w-full text-sm" data-testid="at-risk-table">
        <caption className="sr-only">{t`Projects expected to finish after their due date, and why`}</caption>
        <thead className="border-b border-line">
          <tr>
            <th scope="col" className={th}>
              {col.project}
            </th>
            <th scope="col" className={th}>
              {col.due}
            </th>
            <th scope="col" className={th}>
              {col.expected}
            </th>
            <th scope="col" className={th}>
              {col.lateBy}
            </th>
            <th scope="col" className={th}>
              {col.why}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line text-ink">
          {projects.map((p) => (
            <tr key={p.id} data-testid="at-risk-row">
              <td data-label={col.project} className={td}>
                <Link to={`/projects/${p.id}`} className="cell-text font-semibold text-brand-800 underline-offset-2 hover:underline">
                  {p.name}
                </Link>{" "}
                {p.priority === "rush" ? <Badge color={PRIORITY_COLORS.rush}>{t`rush`}</Badge> : null}
              </td>
              <td data-label={col.due} className={`${td} whitespace-nowrap`}>
                {p.due}
              </td>
              <td data-label={col.expected} className={`${td} whitespace-nowrap`}>
                {p.expected}
              </td>
              <td data-label={col.lateBy} className={`${td} whitespace-nowrap`}>
                {p.late}
              </td>
              <td data-label={col.why} className={td}>
                {p.why}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {total > projects.length ? (
        <p className="mt-3 text-sm text-ink-muted">{t`The ${listed} latest of ${total} projects at risk are listed; the CSV has them all.`}</p>
      ) : null}
    </>
  );
}
