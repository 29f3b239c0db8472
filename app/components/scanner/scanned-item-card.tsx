import { Link } from "react-router";
import type { ScannedItem } from "~/services/scan.server";
import { LiveDuration } from "../live-duration";
import { Badge, cardClass } from "../ui";

/** The item the last scan was about: its project, department, timer and total time (running on with JavaScript). */
export function ScannedItemCard({ item }: { item: ScannedItem }) {
  return (
    <section className={`mt-6 p-5 ${cardClass}`} aria-labelledby="scanned-item" data-testid="scan-result">
      <p className="text-sm text-ink-muted wrap-anywhere">{item.projectName}</p>
      <h2 id="scanned-item" className="text-xl font-bold text-ink wrap-anywhere">
        <Link to={`/items/${item.id}`} className="hover:underline">
          {item.name}
        </Link>
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-base sm:grid-cols-3">
        <div>
          <dt className="text-sm text-ink-muted">Department</dt>
          <dd className="font-semibold text-ink" data-testid="scan-department">
            {item.department}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">Timer</dt>
          <dd>
            <Badge color={item.running ? "green" : "gray"}>{item.running ? "Running" : "Stopped"}</Badge>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">Total Time</dt>
          <dd className="text-lg font-semibold">
            <LiveDuration totalSeconds={item.totalTimeSeconds} sessionStart={item.sessionStart} serverNow={item.now} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
