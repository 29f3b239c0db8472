import { useLingui } from "@lingui/react/macro";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef } from "react";
import { Form, Link, useFetcher, useLocation, useNavigate } from "react-router";
import { type StationSide, workRowId } from "~/domain/work-lists";
import type { ToastData } from "~/domain/toast";
import { useHydrated } from "~/hooks/use-hydrated";
import { FileName } from "../file-name";
import { Icon } from "../icons";
import { DoneOrPause } from "../done-or-pause";
import { LiveDuration, LiveSession } from "../live-duration";
import { useToast } from "../toaster";
import { Badge, btn, CancelLink, cardClass, inputClass, Label, UrlDialog } from "../ui";
import { intlLocaleFor } from "~/domain/languages";
import { materialName } from "~/domain/format";

// The rows of a department's work list (decision 0037): a card per item on a phone, a row of columns from
// md. Start and Stop are real forms: without JavaScript a post that comes back to the list; with it a fetcher that
// stays on the page, shows its toast and lets the list reload.

export type WorkListStation = { value: string; name: string; side: StationSide | null };

export type WorkListItem = {
  id: number;
  name: string;
  category: string;
  material: string;
  quantity: number;
  running: boolean;
  sessionStart: number | null;
  /** When the running session started, in the shop's zone ('Nov 23, 2:05 PM'). */
  since: string | null;
  startedBy: string | null;
  totalSeconds: number;
  /** The stop-and-advance button's words ('Done → Quality Control', 'Done — finish item'). */
  doneLabel: string;
  arrived: string;
  arrivedTitle: string;
  station: { value: string; name: string } | null;
  project: { id: number; name: string; rush: boolean };
  due: { text: string; overdue: boolean } | null;
  design: { name: string; url: string } | null;
  files: { id: number; fileName: string; fileType: "print" | "cut"; machine: string; done: boolean }[];
};

/** `goTo`: where the row went (a Start from a later page: the first, where running items are listed). */
type Answer = { toast?: ToastData; goTo?: string };

/** The answers already acted on (their `goTo` followed, their row brought into view). */
const followed = new WeakSet<Answer>();

/** An item a Start, Pause or Done was just answered for, and the list address it will be on (`goTo`), if not this one. */
type Acted = { id: number; goTo?: string };
const ActedContext = createContext<(acted: Acted) => void>(() => undefined);

/**
 * Brings the row of the item just acted on into view, and keyboard focus onto it, once the list is drawn again.
 * A Start moves the row up to 'Running now', a Pause down among the waiting ones, a Done off the list: the page
 * itself stays where it was, so what lies under the thumb is now another item's button, and a reflex second tap
 * would start the wrong job. Focus follows too, or a screen reader is left on a button that is gone. Without
 * JavaScript the post's redirect lands on the row's fragment instead (routes/work-list.server.ts).
 */
export function FollowActedOnRow({ items, children }: { items: readonly unknown[]; children: ReactNode }) {
  const pending = useRef<Acted | null>(null);
  const location = useLocation();
  const act = useCallback((acted: Acted) => {
    pending.current = acted;
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: run when the list is drawn again (new items), not on what it reads
  useEffect(() => {
    const acted = pending.current;
    // A Start from a later page: its row is drawn once the first page is.
    if (!acted || (acted.goTo && acted.goTo !== location.pathname + location.search)) return;
    pending.current = null;
    const row = document.getElementById(workRowId(acted.id));
    // Done took it off the list (or it went to another page): the counts say what the list holds now.
    const target = row ?? document.getElementById("work-counts");
    if (!target) return;
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: row ? "center" : "nearest", behavior: still ? "instant" : "smooth" });
  }, [items, location]);
  return <ActedContext.Provider value={act}>{children}</ActedContext.Provider>;
}

/**
 * One fetcher per item, kept by key: a Start moves the row from Waiting to Running (another list), and a keyed
 * fetcher keeps its answer across that move, so its toast is shown once (the toaster drops a repeated id).
 */
function useItemFetcher(id: number, form: string) {
  const fetcher = useFetcher<Answer>({ key: `work-${form}-${id}` });
  const toast = useToast();
  const navigate = useNavigate();
  const act = useContext(ActedContext);
  useEffect(() => {
    const answer = fetcher.data;
    if (answer?.toast) toast(answer.toast);
    // Once per answer: the keyed answer outlives the row's move, and the row mounted again would ask for it again.
    if (!answer || followed.has(answer)) return;
    followed.add(answer);
    // The answer comes before the list is loaded again: the row is followed when that list is drawn.
    act({ id, goTo: answer.goTo });
    if (answer.goTo) void navigate(answer.goTo);
  }, [fetcher.data, toast, navigate, act, id]);
  return fetcher;
}

function TimerForm({ item, here }: { item: WorkListItem; here: string }) {
  const { t } = useLingui();
  const fetcher = useItemFetcher(item.id, "timer");
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle";
  if (item.running) {
    // docs/product.md, Decisions: The end of a job: Done moves it on, Pause keeps it here.
    const sending = fetcher.formData?.get("intent");
    return (
      <fetcher.Form method="post" action={here} className="w-full sm:w-56">
        <input type="hidden" name="itemId" value={item.id} />
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        <DoneOrPause doneLabel={item.doneLabel} itemName={item.name} busy={busy ? (sending === "pause" ? "pause" : "stop") : null} testId={`work-${item.id}`} />
      </fetcher.Form>
    );
  }
  return (
    <fetcher.Form method="post" action={here} className="w-full sm:w-auto">
      <input type="hidden" name="intent" value={item.running ? "stop" : "start"} />
      <input type="hidden" name="itemId" value={item.id} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <button
        type="submit"
        disabled={busy}
        className={`${item.running ? btn.danger : btn.primary} min-h-12 w-full px-6 text-base sm:w-32`}
        data-testid={`work-${item.running ? "stop" : "start"}-${item.id}`}
      >
        <Icon name="clock" />
        {busy ? (item.running ? t`Stopping…` : t`Starting…`) : item.running ? t`Stop` : t`Start`}
        <span className="sr-only"> {item.name}</span>
      </button>
    </fetcher.Form>
  );
}

/**
 * Where an item is put at a station: one dialog for the page (its open state in the address, ?station-for=), not a
 * form on every row. A plain post: its redirect goes back to the list, which closes the dialog, with the toast.
 */
export function StationDialog({ item, stations, here }: { item: WorkListItem; stations: WorkListStation[]; here: string }) {
  const { t } = useLingui();
  const itemName = item.name;
  return (
    <UrlDialog title={t`Station for ${itemName}`} description={t`Where in the department it is worked`} closeTo={here}>
      <Form method="post" action={here}>
        <input type="hidden" name="intent" value="station" />
        <input type="hidden" name="itemId" value={item.id} />
        <Label htmlFor="work-station">{t`Station`}</Label>
        <select id="work-station" name="station" defaultValue={item.station?.value ?? "none"} className={inputClass}>
          <option value="none">{t`No station`}</option>
          {stations.map((s) => (
            <option key={s.value} value={s.value}>
              {s.name}
            </option>
          ))}
        </select>
        <div className="mt-6 flex flex-wrap justify-end gap-3 border-t border-line pt-4">
          <CancelLink to={here} />
          <button type="submit" className={btn.primary}>
            {t`Save station`}
          </button>
        </div>
      </Form>
    </UrlDialog>
  );
}

const withParam = (href: string, key: string, value: string) => `${href}${href.includes("?") ? "&" : "?"}${key}=${encodeURIComponent(value)}`;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="text-base text-ink wrap-break-word">{children}</dd>
    </div>
  );
}

function ItemCard({ item, stations, here, now }: { item: WorkListItem; stations: WorkListStation[]; here: string; now: number }) {
  const { t } = useLingui();
  const itemName = item.name;
  const projectName = item.project.name;
  const dueText = item.due?.text ?? "";
  const startedBy = item.startedBy;
  const doneWord = t({ message: "done", comment: "A machine file that is completed" });
  return (
    <li
      id={workRowId(item.id)}
      // Focus is put here after its Start, Pause or Done (FollowActedOnRow); scroll-mt keeps the row clear of the
      // sticky header when a no-JavaScript redirect lands on its fragment.
      tabIndex={-1}
      className={`scroll-mt-20 p-4 focus:outline-2 focus:outline-offset-2 focus:outline-brand-700 sm:p-5 ${cardClass} ${item.project.rush ? "border-l-4 border-l-danger-700" : ""} md:grid md:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)_auto] md:items-start md:gap-6`}
      data-testid={`work-item-${item.id}`}
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <Link to={`/items/${item.id}`} className={`${btn.textLink} text-lg wrap-anywhere`}>
            {item.name}
          </Link>
          {item.project.rush ? <Badge color="red">{t`RUSH`}</Badge> : null}
        </p>
        <p className="text-sm text-ink-muted wrap-anywhere">{item.category}</p>
        <p className="mt-1 text-base">
          <span className="sr-only">{t`Project:`} </span>
          <Link to={`/projects/${item.project.id}`} className={`${btn.textLink} wrap-anywhere`}>
            {item.project.name}
          </Link>
        </p>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 md:mt-0">
        <Fact label={t`Due`}>
          {item.due ? (
            <span className={item.due.overdue ? "font-semibold text-danger-700" : ""}>{item.due.overdue ? t`${dueText} (overdue)` : item.due.text}</span>
          ) : (
            t`No due date`
          )}
        </Fact>
        <Fact label={t`Quantity`}>{item.quantity}</Fact>
        <Fact label={t`Material`}>{materialName(item.material)}</Fact>
        {item.running ? (
          <Fact label={t`Started`}>
            {item.since}
            <span className="block">{startedBy ? t`by ${startedBy}` : t`by (not recorded)`}</span>
          </Fact>
        ) : (
          <Fact label={t`Arrived`}>
            <span title={item.arrivedTitle}>{item.arrived}</span>
          </Fact>
        )}
        {item.running && item.sessionStart !== null ? (
          <div className="col-span-2 min-w-0 sm:col-span-1">
            <dt className="sr-only">{t`Time`}</dt>
            <dd className="text-base text-ink" data-testid={`work-time-${item.id}`}>
              <LiveSession totalSeconds={item.totalSeconds} sessionStart={item.sessionStart} serverNow={now} />
            </dd>
          </div>
        ) : (
          <Fact label={t`Time`}>
            <LiveDuration totalSeconds={item.totalSeconds} sessionStart={item.sessionStart} serverNow={now} />
          </Fact>
        )}
        {stations.length ? <Fact label={t`Station`}>{item.station?.name ?? t`Not set`}</Fact> : null}
        <div className="col-span-2 min-w-0 sm:col-span-3">
          <dt className="text-sm text-ink-muted">{t`Design and machine files`}</dt>
          <dd className="text-base text-ink">
            <ul className="space-y-1">
              <li>
                {item.design ? (
                  <a href={item.design.url} target="_blank" rel="noopener" className={`${btn.textLink} gap-1`}>
                    <Icon name="file" />
                    {t`Design PDF`}
                    <span className="sr-only"> {t`of ${projectName}`}</span>
                  </a>
                ) : (
                  <span className="text-ink-muted">{t`No design PDF`}</span>
                )}
              </li>
              {item.files.map((f) => (
                <li key={f.id} className="min-w-0 wrap-break-word">
                  <span className="font-medium">{f.fileType === "print" ? t`Print file:` : t`Cut file:`}</span> <FileName name={f.fileName} />{" "}
                  <span className="text-ink-muted">
                    · {f.machine}
                    {f.done ? ` · ${doneWord}` : ""}
                  </span>
                </li>
              ))}
              {item.files.length === 0 ? <li className="text-ink-muted">{t`No machine files`}</li> : null}
            </ul>
          </dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap items-center gap-3 md:mt-0 md:flex-col md:items-stretch">
        {item.running ? (
          <p className="flex items-center gap-2">
            <Badge color="green">{t`Running`}</Badge>
          </p>
        ) : null}
        <TimerForm item={item} here={here} />
        {stations.length ? (
          <Link to={withParam(here, "station-for", String(item.id))} preventScrollReset className={btn.secondary}>
            {item.station ? t`Change station` : t`Set station`}
            <span className="sr-only"> {t`for ${itemName}`}</span>
          </Link>
        ) : null}
      </div>
    </li>
  );
}

/** A section of the list: the page's running or waiting items, in the list's order. */
export function WorkRows({
  id,
  title,
  count,
  items,
  stations,
  here,
  now,
}: {
  /** The heading's id ('work-running-now', 'work-waiting'). */
  id: string;
  title: string;
  count: number;
  items: WorkListItem[];
  stations: WorkListStation[];
  here: string;
  now: number;
}) {
  const { i18n } = useLingui();
  return (
    <section className="mt-6" aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold text-ink">
        {title} <span className="font-normal text-ink-muted">({count.toLocaleString(intlLocaleFor(i18n.locale))})</span>
      </h2>
      <ol className="mt-3 space-y-3">
        {items.map((item) => (
          <ItemCard key={item.id} item={item} stations={stations} here={here} now={now} />
        ))}
      </ol>
    </section>
  );
}
