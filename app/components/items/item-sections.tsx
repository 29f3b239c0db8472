import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { Row, Rows, Section } from "~/components/detail-section";
import { Icon } from "~/components/icons";
import { LiveDuration } from "~/components/live-duration";
import type { DesignInfo } from "~/components/project/design-dialogs";
import { TimerBadge, timerState } from "~/components/timer-badge";
import { Badge, btn, cardClass } from "~/components/ui";
import { PRIORITY_COLORS } from "~/domain/colors";
import { intlLocaleFor } from "~/domain/languages";
import { materialName } from "~/domain/format";

// Lower case as stored: the badge capitalises it.
const PRIORITY_WORDS: Record<string, MessageDescriptor> = { rush: msg`rush`, high: msg`high`, medium: msg`medium`, low: msg`low` };

/** What the item page's cards show (docs/product.md §2 Item detail), as the loader put it into words. */
export type ItemCardView = {
  item: {
    category: string;
    material: string;
    createdText: string;
    isTimerActive: boolean;
    /** 'Finished {date} by {name}' once its last department finished it (decision 0048), else null. */
    finished: string | null;
    totalTimeSeconds: number;
    sessionStart: number | null;
    sessionStartText: string | null;
  };
  department: string;
  next: string;
  /** 'Follows the standard order.', or null when no sequence says where it goes next. */
  follows: string | null;
  project: { id: number; name: string; priority: string };
  workflowName: string | null;
  productWorkflowName: string | null;
  design: DesignInfo | null;
  canReset: boolean;
  now: number;
};

/** The item page's four cards: the item and where it goes next, its project, the project's design, its time. */
export function ItemSections({ card, here }: { card: ItemCardView; here: string }) {
  const { t, i18n } = useLingui();
  const { item, project, design } = card;
  return (
    <div className="mt-6 grid gap-4 lg:grid-cols-2">
      <Section title={t`Item`} icon="products">
        <Rows>
          <Row label={t`Category`}>{item.category}</Row>
          <Row label={t`Material`}>{materialName(item.material)}</Row>
          <Row label={t`Current Department`}>
            <span data-testid="current-department">{card.department}</span>
          </Row>
          <Row label={t`Next Department`}>
            <span data-testid="next-department">{card.next}</span>
            {card.follows ? <span className="block text-sm text-ink-muted">{card.follows}</span> : null}
          </Row>
          <Row label={t`Created`}>{item.createdText}</Row>
        </Rows>
      </Section>
      <Section title={t`Project`} icon="folder">
        <Rows>
          <Row label={t`Project`}>
            <Link to={`/projects/${project.id}`} className={btn.textLink}>
              {project.name}
            </Link>
          </Row>
          <Row label={t`Priority`}>
            <Badge color={PRIORITY_COLORS[project.priority] ?? "gray"}>
              <span className="capitalize">{PRIORITY_WORDS[project.priority] ? i18n._(PRIORITY_WORDS[project.priority]!) : project.priority}</span>
            </Badge>
          </Row>
          <Row label={t`Workflow`}>{card.workflowName ?? t`No workflow assigned`}</Row>
          {card.productWorkflowName ? <Row label={t`Product workflow`}>{card.productWorkflowName}</Row> : null}
        </Rows>
      </Section>
      <Section title={t`Project Design`} icon="file">
        {design ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="min-w-0 text-base wrap-anywhere">
              {design.fileName}
              <span className="block text-sm text-ink-muted">{t`Uploaded ${design.uploadedText}`}</span>
            </p>
            <Link to={`${here}?dialog=view-design`} preventScrollReset className={btn.secondary}>
              <Icon name="eye" />
              {t`View Design`}
            </Link>
          </div>
        ) : (
          <p className="text-base text-ink-muted">
            <Trans>
              No design PDF on this project yet.{" "}
              <Link to={`/projects/${project.id}`} className={btn.link}>
                Open the project
              </Link>{" "}
              to add one.
            </Trans>
          </p>
        )}
      </Section>
      <Section title={t`Time Tracking`} icon="clock">
        <Rows>
          <Row label={t`Status`}>
            <TimerBadge state={timerState(item.isTimerActive, !!item.finished)} />
          </Row>
          <Row label={t`Total Time`}>
            <span className="text-2xl font-semibold" data-testid="item-total-time">
              <LiveDuration totalSeconds={item.totalTimeSeconds} sessionStart={item.sessionStart} serverNow={card.now} />
            </span>
          </Row>
          {item.sessionStartText ? <Row label={t`Current session start`}>{item.sessionStartText}</Row> : null}
        </Rows>
        {card.canReset ? (
          <div className="mt-4">
            <Link to={`${here}?dialog=reset-timer`} preventScrollReset className={btn.secondary}>
              <Icon name="refresh" />
              {t`Reset Timer`}
            </Link>
          </div>
        ) : null}
      </Section>
    </div>
  );
}

export type TimerLogView = {
  total: number;
  /** `action`: in words, a stop saying whether it paused the item or moved it on ('Paused', 'Done → Production'). */
  rows: { id: number; action: string; department: string; time: string; duration: string | null; scannedBy: string | null }[];
};

/** Exactly how long each department worked on the item: the newest timer sessions, in the shop's zone. */
export function ItemTimerLog({ log }: { log: TimerLogView }) {
  const { t, i18n } = useLingui();
  const words = {
    time: t({ message: "Time", context: "when it happened" }),
    action: t`Action`,
    department: t`Department`,
    session: t`Session`,
    scannedBy: t`Scanned by`,
  };
  return (
    <section className={`mt-6 p-5 ${cardClass}`} aria-labelledby="timer-log">
      <h2 id="timer-log" className="text-lg font-semibold text-ink">
        {t`Timer Log`}
      </h2>
      {log.rows.length === 0 ? (
        <p className="mt-3 text-base text-ink-muted">{t`No timer sessions yet. Scan the item's label (or use Start / Stop) to start its timer.`}</p>
      ) : (
        <>
          {log.total > log.rows.length ? (
            <p className="mt-1 text-sm text-ink-muted">
              {t`The newest ${log.rows.length} of ${log.total.toLocaleString(intlLocaleFor(i18n.locale))} entries.`}
            </p>
          ) : null}
          {/* On a phone every entry is a card of "label: value" lines (docs/design.md "Tables"): five columns do not
              fit 360 px, and a table scrolled sideways hid who scanned it. */}
          <div className="mt-3 md:overflow-x-auto">
            <table className="table-cards compact w-full text-left text-base">
              <thead className="border-b border-line text-sm text-ink-muted">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {words.time}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {words.action}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {words.department}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {words.session}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {words.scannedBy}
                  </th>
                </tr>
              </thead>
              <tbody className="md:divide-y md:divide-line">
                {log.rows.map((r) => (
                  <tr key={r.id}>
                    <td data-label={words.time} className="py-2 pr-3 md:whitespace-nowrap">
                      {r.time}
                    </td>
                    <td data-label={words.action} className="py-2 pr-3">
                      {r.action}
                    </td>
                    <td data-label={words.department} className="py-2 pr-3">
                      {r.department}
                    </td>
                    <td data-label={words.session} className="py-2 pr-3">
                      <span className="font-mono tabular-nums">{r.duration ?? "—"}</span>
                    </td>
                    <td data-label={words.scannedBy} className="py-2 cell-text">
                      {r.scannedBy ?? "—"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
