import { plural, t as translate } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Link, useActionData, useFetcher, useSearchParams } from "react-router";
import { focusKeyIn, refocus } from "~/components/focus-key";
import { Icon } from "~/components/icons";
import { LiveIndicator, useLiveData } from "~/components/live";
import { QueueAnalyticsDialog, QueueQrDialog } from "~/components/machine-files/queue-dialogs";
import { type QueueFile, QueueTable } from "~/components/machine-files/queue-table";
import { PageLinks } from "~/components/page-links";
import { RouteError } from "~/components/route-error";
import { useToast } from "~/components/toaster";
import { btn, cardClass, EmptyState, PageHeader } from "~/components/ui";
import { useHydrated } from "~/hooks/use-hydrated";
import type { Route } from "./+types/machine-queue";
import type { action } from "./machine-queue.server";

// docs/product.md §2 'Machine Files for one machine' (/production/{machineName}): the machine's queue in order, each file's
// QR (opening it is the operator's 'I am starting this file'), completion after the QR, reorder, and how long
// each completed file took. Files completed more than a day ago leave the queue; the analytics keep them.

export { action, loader } from "./machine-queue.server";

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.machine?.name;
  return [{ title: name ? translate`${name} Files · Shopflow` : translate`Machine not found · Shopflow` }];
}

export default function MachineQueue({ loaderData, params }: Route.ComponentProps) {
  const { t } = useLingui();
  const [search] = useSearchParams();
  const hydrated = useHydrated();
  // This machine's files (a reorder names the machine only), and the items and assignments its rows show.
  const live = useLiveData(
    (n) => (n.entity === "machine-file" && (n.department === params.machine || n.department === null)) || n.entity === "item-file" || n.entity === "item",
  );
  const toast = useToast();
  const actionData = useActionData<typeof action>();
  const fetcher = useFetcher<typeof action>();
  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast);
  }, [actionData, toast]);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.toast) toast(fetcher.data.toast);
  }, [fetcher.state, fetcher.data, toast]);

  const files = "files" in loaderData ? loaderData.files : [];
  const [order, setOrder] = useState(() => files.map((f) => f.id));
  useEffect(() => setOrder(files.map((f) => f.id)), [files]);
  // dnd-kit arrives once the page is interactive and the browser is idle (its own chunk, decision 0050); until
  // then, and without JavaScript, the arrows reorder.
  const [dnd, setDnd] = useState<{ m: typeof import("~/components/sortable-queue") } | null>(null);
  // The table is drawn again inside dnd-kit's context when it arrives: the control a keyboard user is on keeps focus.
  const queueRef = useRef<HTMLElement>(null);
  const focusedBeforeDnd = useRef<string | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      import("~/components/sortable-queue").then(
        (m) => {
          if (!live) return;
          focusedBeforeDnd.current = focusKeyIn(queueRef.current);
          setDnd({ m });
        },
        () => undefined,
      );
    const wait = typeof requestIdleCallback === "function" ? { idle: requestIdleCallback(load, { timeout: 2000 }) } : { timer: setTimeout(load, 200) };
    return () => {
      live = false;
      if (wait.idle !== undefined) cancelIdleCallback(wait.idle);
      if (wait.timer !== undefined) clearTimeout(wait.timer);
    };
  }, []);
  const sortable = hydrated && dnd !== null;
  useLayoutEffect(() => {
    if (!sortable) return;
    refocus(queueRef.current, focusedBeforeDnd.current);
    focusedBeforeDnd.current = null;
  }, [sortable]);
  const machineValue = params.machine;

  if (!loaderData.machine || !("files" in loaderData)) {
    return (
      <div className="floor-screen mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-ink">{t`Machine not found`}</h1>
        <p className="mt-2 text-base text-ink-muted wrap-anywhere">{t`No machine station has the value “${machineValue}”.`}</p>
        <div className="mt-6">
          <Link to="/production" className={btn.secondary}>
            {t`Back to Production`}
          </Link>
        </div>
      </div>
    );
  }
  const { machine, total, page, pages, offset, qr, analytics } = loaderData;
  const machineName = machine.name;
  const base = `/production/${encodeURIComponent(machine.value)}`;
  const pageQs = page > 1 ? `page=${page}` : "";
  const here = pageQs ? `${base}?${pageQs}` : base;
  const withParam = (k: string, v: string) => `${base}?${new URLSearchParams([...(pageQs ? [["page", String(page)]] : []), [k, v]]).toString()}`;
  const byId = new Map(files.map((f) => [f.id, f]));
  const rows = order.map((id) => byId.get(id)).filter((f): f is QueueFile => Boolean(f));
  const submit = (body: FormData) => fetcher.submit(body, { method: "post", action: here });

  function onReorder(next: number[]) {
    setOrder(next);
    const body = new FormData();
    body.set("intent", "reorder");
    body.set("js", "1");
    for (const id of next) body.append("ids", String(id));
    submit(body);
  }

  const table = <QueueTable rows={rows} offset={offset} here={here} Draggable={sortable ? dnd.m.DraggableRow : null} hydrated={hydrated} submit={submit} />;

  return (
    <div className="floor-screen mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <Link to="/production" className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
        ← {t`Back to Production`}
      </Link>
      <PageHeader
        title={t`${machineName} Files`}
        subtitle={t`All files currently assigned to this machine`}
        actions={
          <>
            <LiveIndicator status={live} />
            <Link to={withParam("analytics", "1")} preventScrollReset className={btn.secondary}>
              <Icon name="clock" />
              {t`View Completion Analytics`}
            </Link>
          </>
        }
      />
      <p className="mt-1 text-base font-medium text-ink" aria-live="polite">
        {plural(total, { one: `${total} file assigned`, other: `${total} files assigned` })}
      </p>

      {qr ? <QueueQrDialog qr={qr} closeTo={here} /> : null}
      {analytics ? <QueueAnalyticsDialog analytics={analytics} closeTo={here} /> : null}

      <section ref={queueRef} className={`mt-4 p-4 sm:p-5 ${cardClass}`} aria-label={t`${machineName} queue`}>
        {files.length === 0 ? (
          <EmptyState
            icon="file"
            title={t`No Files Assigned`}
            action={
              <Link to="/production" className={btn.secondary}>
                {t`Back to Production`}
              </Link>
            }
          >
            {t`No files are currently assigned to the ${machineName} machine.`}
          </EmptyState>
        ) : (
          <>
            <p className="mb-3 text-sm text-ink-muted">
              {sortable ? (
                <>
                  <span className="max-md:hidden">{t`Drag a row by its handle (or focus the handle and use the arrow keys) to change the order.`}</span>
                  <span className="md:hidden">{t`Use the arrows to change the order.`}</span>
                </>
              ) : (
                t`Use the arrows to change the order.`
              )}{" "}
              {t`Open a file's QR code before marking it completed.`}
            </p>
            {sortable ? (
              <dnd.m.SortableQueue order={order} onReorder={onReorder} nameOf={(id) => byId.get(id)?.fileName ?? t`this file`} paging={{ offset, total }}>
                {table}
              </dnd.m.SortableQueue>
            ) : (
              table
            )}
            <p className="sr-only" aria-live="polite">
              {fetcher.state !== "idle" ? t`Saving` : ""}
            </p>
            {pages > 1 ? <PageLinks page={page} pages={pages} href={(p) => (p > 1 ? `${base}?page=${p}` : base)} /> : null}
          </>
        )}
      </section>
      {search.get("qr") && !qr ? <p className="mt-3 text-sm text-ink-muted">{t`That file is no longer in this machine's queue.`}</p> : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteError error={error}>
      <h1 className="text-2xl font-bold text-ink">
        <Trans>Error Loading Files</Trans>
      </h1>
      <p className="mt-2 text-base text-ink-muted">
        <Trans>Please try again later</Trans>
      </p>
      <Link to="/production" className={`mt-6 ${btn.secondary}`}>
        <Trans>Back to Production</Trans>
      </Link>
    </RouteError>
  );
}
