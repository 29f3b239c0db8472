import { t as translate } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData, useNavigate, useNavigation, useRevalidator } from "react-router";
import { OfflineNotice, useScanQueue } from "~/components/scan-queue";
import { useToast } from "~/components/toaster";
import { Icon } from "~/components/icons";
import { ItemSummary, useAnswerToast } from "~/components/forms";
import { DoneOrPause } from "~/components/done-or-pause";
import { FinishedNote } from "~/components/items/finished-note";
import { Badge, btn, cardClass } from "~/components/ui";
import { QR_MESSAGES } from "~/domain/qr-input";
import type { Route } from "./+types/qr-item";
import type { action } from "./qr-item.server";
import { materialName } from "~/domain/format";
export { loader, action } from "./qr-item.server";

// /qr/{id}: where a phone camera lands from an item's label (docs/product.md, Decisions: Timers). It shows the item
// and one large Start or Stop button. A GET never changes anything — link previews, prefetching and a reload
// must not start or stop a timer — so the button is a form post, and it says which of the two it means: a
// double tap, or a second phone that stopped the timer a moment earlier, gets a clear answer instead of a
// silent restart.

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.item?.name ?? translate`Item not found`;
  return [{ title: translate`${name} · Timer · Shopflow` }];
}

export default function QrItem({ loaderData, params }: Route.ComponentProps) {
  const { t } = useLingui();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const toast = useToast();
  // A refusal answered on the page (a finished item, 409): a toast, or without JavaScript the same box drawn.
  const answer = useAnswerToast(useActionData<typeof action>());
  // With the network down a tap is queued on the phone and sent when it is back: as a scan
  // (a toggle, by the usual rules), answered with a toast and the item's state reloaded.
  const { waiting, offline, send } = useScanQueue({
    onAnswer: (scan, _ok, answer) => {
      if (answer?.toast) toast({ ...answer.toast, id: scan.scanId });
      void revalidator.revalidate();
    },
    onSessionEnded: () => navigate(`/login?redirectTo=${encodeURIComponent(`/qr/${params.id}`)}`),
  });
  if (!loaderData.item) {
    return (
      <div className="floor-screen mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-ink">{t`Item not found`}</h1>
        <p className="mt-2 text-base text-ink-muted">{QR_MESSAGES.notFound}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/qr-scanner" className={btn.primary}>
            <Icon name="qr" />
            {t`Open the QR Timer`}
          </Link>
          <Link to="/projects" className={btn.secondary}>
            {t`Back to Projects`}
          </Link>
        </div>
      </div>
    );
  }
  const { item, project, department, next } = loaderData;
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith(`/qr/${item.id}`);
  const sending = busy ? navigation.formData?.get("intent") : null;
  return (
    <div className="floor-screen mx-auto max-w-xl px-4 py-6">
      <section className={`p-5 ${cardClass}`} aria-labelledby="qr-item-name">
        <p className="text-sm text-ink-muted">
          <Link to={`/projects/${project.id}`} className={btn.textLink}>
            {project.name}
          </Link>
          {project.priority === "rush" ? (
            <span className="ml-2">
              <Badge color="red">{t`RUSH`}</Badge>
            </span>
          ) : null}
        </p>
        <h1 id="qr-item-name" className="mt-1 text-2xl font-bold text-ink wrap-anywhere">
          {item.name}
        </h1>
        <p className="mt-1 text-base text-ink-muted wrap-anywhere">
          {item.category} · {materialName(item.material)}
        </p>
        <ItemSummary
          className="mt-4 grid grid-cols-2 gap-3 text-base"
          department={loaderData.department}
          departmentTestId="qr-department"
          next={loaderData.next}
          running={item.running}
          finished={!!item.finished}
          time={{ totalSeconds: item.totalTimeSeconds, sessionStart: item.sessionStart, serverNow: loaderData.now }}
          timeClassName="text-xl font-semibold text-ink"
        />
        {item.finished ? <FinishedNote text={item.finished} className="mt-6" /> : null}
        {answer}
        <Form
          hidden={!!item.finished}
          method="post"
          action={`/qr/${item.id}`}
          replace
          className="mt-6"
          onSubmit={(e) => {
            if (navigator.onLine !== false) return;
            e.preventDefault();
            // Offline, a tap waits on the phone as a scan (a toggle: a start, or a stop that moves the item on);
            // a pause is no scan, so it waits for the network.
            const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
            if (submitter?.value === "pause") {
              toast({
                title: t`Failed to pause timer`,
                description: t`You are offline: Pause needs the network. Try again when it is back.`,
                variant: "destructive",
              });
              return;
            }
            send(String(item.id));
          }}
        >
          {item.running ? (
            <DoneOrPause doneLabel={loaderData.doneLabel} busy={busy ? (sending === "pause" ? "pause" : "stop") : null} testId="qr-timer" />
          ) : (
            <>
              <input type="hidden" name="intent" value="start" />
              <button
                type="submit"
                disabled={busy}
                className="flex min-h-16 w-full items-center justify-center gap-2 rounded-xl bg-emerald-700 px-6 text-xl font-bold text-white shadow-sm hover:bg-emerald-800 focus-visible:ring-4 focus-visible:ring-brand-300 focus-visible:outline-none disabled:opacity-60"
              >
                <Icon name="clock" className="h-6 w-6" />
                {t`Start Timer`}
              </button>
            </>
          )}
        </Form>
        <OfflineNotice waiting={waiting} offline={offline} />
        {item.running ? (
          <p className="mt-2 text-center text-sm text-ink-muted">
            {loaderData.final
              ? t`This is its Final Department: Done finishes it here. Pause keeps it in ${department}.`
              : t`Done moves it to ${next}. Pause keeps it in ${department}.`}
          </p>
        ) : null}
      </section>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        <Link to={`/items/${item.id}`} className={btn.secondary}>
          {t`Item details`}
        </Link>
        <Link to="/qr-scanner" className={btn.secondary}>
          <Icon name="qr" />
          {t`Scan another item`}
        </Link>
      </div>
    </div>
  );
}
