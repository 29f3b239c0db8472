import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { workListHref } from "~/domain/work-lists";
import { Icon } from "../icons";
import { btn } from "../ui";

/**
 * The work lists of the departments this member may open (decision 0037): what each has to do now, one tap
 * from Home, also for the departments no tile leads to (Quality Control, Installation, the shop's own).
 */
export function WorkListLinks({ departments }: { departments: { value: string; name: string }[] }) {
  const { t } = useLingui();
  if (departments.length === 0) return null;
  return (
    <nav aria-labelledby="work-lists-title" className="mt-10">
      <h2 id="work-lists-title" className="text-center text-xl font-semibold text-ink">
        {t`Work lists`}
      </h2>
      <p className="mt-1 text-center text-base text-ink-muted">{t`What each department has to do now, and Start and Stop for each item`}</p>
      <ul className="mt-4 flex flex-wrap justify-center gap-3">
        {departments.map((d) => (
          <li key={d.value}>
            <Link to={workListHref(d.value)} className={btn.largeSecondary} data-testid={`work-list-link-${d.value}`}>
              <Icon name="check" />
              <span className="wrap-anywhere whitespace-normal">{d.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
