import { Link } from "react-router";
import type { ScannedItem } from "~/services/scan.server";
import { ItemSummary } from "../forms";
import { cardClass } from "../ui";

/** The item the last scan was about: its project, department, timer and total time (running on with JavaScript). */
export function ScannedItemCard({ item }: { item: ScannedItem }) {
  return (
    <section className={`mt-6 p-5 ${cardClass}`} aria-labelledby="scanned-item" data-testid="scan-result">
      <p className="text-sm text-ink-muted wrap-anywhere">{item.projectName}</p>
      <h2 id="scanned-item" className="text-xl font-bold text-ink wrap-anywhere">
        <Link to={`/items/${item.id}`} className="inline-flex min-h-11 items-center hover:underline">
          {item.name}
        </Link>
      </h2>
      <ItemSummary
        className="mt-3 grid grid-cols-2 gap-3 text-base sm:grid-cols-3"
        department={item.department}
        departmentTestId="scan-department"
        running={item.running}
        finished={item.finished}
        time={{ totalSeconds: item.totalTimeSeconds, sessionStart: item.sessionStart, serverNow: item.now }}
        timeClassName="text-lg font-semibold"
      />
    </section>
  );
}
