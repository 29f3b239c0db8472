import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { workListHref, type WorkFilter } from "~/domain/work-lists";
import type { WorkListStation } from "./work-list-rows";

// A department's stations as the list's filters (decision 0037): the whole department, one side (interior or
// exterior, by the Fabrication page's rule on the names), each station, and the items at none. Links: the filter is
// in the address, so it works without JavaScript and a station's screen can be bookmarked.

const same = (a: WorkFilter, b: WorkFilter) => JSON.stringify(a) === JSON.stringify(b);

export function StationFilters({ department, stations, filter }: { department: string; stations: WorkListStation[]; filter: WorkFilter }) {
  const { t } = useLingui();
  const sides = (["interior", "exterior"] as const).filter((side) => stations.some((s) => s.side === side));
  const choices: { label: string; filter: WorkFilter }[] = [
    { label: t`All`, filter: { kind: "all" } },
    ...sides.map((side) => ({ label: side === "interior" ? t`Interior` : t`Exterior`, filter: { kind: "side", side } as WorkFilter })),
    ...stations.map((s) => ({ label: s.name, filter: { kind: "station", value: s.value } as WorkFilter })),
    { label: t`No station`, filter: { kind: "unassigned" } },
  ];
  return (
    <nav aria-label={t`Stations`} className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {choices.map((c) => {
          const current = same(c.filter, filter);
          return (
            <li key={c.label + JSON.stringify(c.filter)}>
              <Link
                to={workListHref(department, c.filter)}
                aria-current={current ? "page" : undefined}
                className={`inline-flex min-h-tap items-center rounded-full border px-4 text-sm font-semibold wrap-anywhere ${
                  current ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-ink hover:bg-slate-50"
                }`}
              >
                {c.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
