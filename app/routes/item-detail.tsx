import { t } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { SubmissionResult } from "@conform-to/react";
import { useEffect } from "react";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import { History } from "~/components/history";
import { ItemHeader } from "~/components/items/item-header";
import { ItemFinished } from "~/components/items/finished-note";
import { ItemSections, ItemTimerLog } from "~/components/items/item-sections";
import { useLiveData } from "~/components/live";
import { DesignViewerDialog } from "~/components/project/design-dialogs";
import { ItemForm, type ItemRow } from "~/components/project/project-items";
import { QrCodeDialog } from "~/components/qr-code-dialog";
import { useReauthRetry } from "~/components/reauth";
import { ResetTimerForm } from "~/components/reset-timer-form";
import { DoneOrPause } from "~/components/done-or-pause";
import { useToast } from "~/components/toaster";
import { btn, UrlDialog } from "~/components/ui";
import type { Route } from "./+types/item-detail";
import type { action } from "./item-detail.server";
import { itemQrLabel } from "~/domain/qr-label";

// docs/product.md §2 Item detail (/items/{id}): where an item is, where its next stop sends it, its project and design, and
// exactly how long each department worked on it (the timer log, in the shop's zone).

export { action, loader } from "./item-detail.server";

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.item?.name;
  return [{ title: name ? t`${name} · Shopflow` : t`Item not found · Shopflow` }];
}

export default function ItemDetail({ loaderData, params }: Route.ComponentProps) {
  const { t } = useLingui();
  const [search] = useSearchParams();
  const live = useLiveData((n) => (n.entity === "item" || n.entity === "item-file") && String(n.id) === params.id);
  const toast = useToast();
  const actionData = useActionData<typeof action>();
  const { onSubmitCapture, dialog: reauthDialog } = useReauthRetry(actionData);
  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast);
  }, [actionData, toast]);

  if (!loaderData.item || !("project" in loaderData)) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-ink">{t`Item not found`}</h1>
        <p className="mt-2 text-base text-ink-muted wrap-anywhere">{t`No item has the id ${params.id}.`}</p>
        <div className="mt-6">
          <Link to="/projects" className={btn.secondary}>
            {t`Back to Projects`}
          </Link>
        </div>
      </div>
    );
  }
  const { item, project, design, canWrite } = loaderData;
  const here = `/items/${item.id}`;
  const dialog = search.get("dialog");
  const itemRow: ItemRow = { ...item, finished: !!item.finished, departmentName: loaderData.department, fileCount: 0 };
  const lastResult = actionData?.formId === `item-${item.id}` ? (actionData.result as SubmissionResult<string[]>) : undefined;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6" onSubmitCapture={onSubmitCapture}>
      {reauthDialog}
      <Link to={`/projects/${project.id}`} className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
        {t`← Back to ${project.name}`}
      </Link>
      <ItemHeader item={item} live={live} here={here} printers={loaderData.printers} addressNote={loaderData.addressNote} canWrite={canWrite} />
      {item.isTimerActive ? <ItemTimerButtons here={here} doneLabel={loaderData.doneLabel} /> : null}
      {item.finished ? <ItemFinished text={item.finished} canReopen={canWrite} answer={actionData?.formId === "reopen-item" ? actionData : undefined} /> : null}

      {dialog === "qr" ? (
        <QrCodeDialog addressNote={loaderData.addressNote} closeTo={here} label={itemQrLabel(item, project.name, loaderData.qrPayload)} />
      ) : null}
      {/* Without JavaScript a refused save renders this URL without ?dialog: the form reopens with its errors. */}
      {(dialog === "edit" || lastResult) && canWrite ? (
        <UrlDialog title={t`Edit Item`} description={item.name} closeTo={here}>
          <ItemForm
            key={itemRow.id}
            item={itemRow}
            categories={loaderData.categories}
            materials={loaderData.materials}
            here={here}
            lastResult={lastResult}
            who={loaderData.whoCanAdd}
            self={`${here}?dialog=edit`}
          />
        </UrlDialog>
      ) : null}
      {dialog === "reset-timer" && loaderData.canReset ? (
        <UrlDialog title={t`Reset Timer`} description={item.name} closeTo={here}>
          <ResetTimerForm item={item} here={here} />
        </UrlDialog>
      ) : null}
      {dialog === "view-design" && design ? <DesignViewerDialog design={design} here={here} /> : null}

      <ItemSections card={loaderData} here={here} />
      <ItemTimerLog log={loaderData.log} />
      <History entries={loaderData.history} what="item" auditTrail={loaderData.auditTrail} />
    </div>
  );
}

/** A running timer's Done and Pause on the item's own page: a plain form post that comes back here with its toast. */
function ItemTimerButtons({ here, doneLabel }: { here: string; doneLabel: string }) {
  const { t } = useLingui();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formAction === here ? navigation.formData?.get("intent") : null;
  return (
    <Form method="post" action={here} className="mt-4 w-full sm:max-w-md" aria-label={t`Stop the timer`}>
      <DoneOrPause doneLabel={doneLabel} busy={sending === "stop" || sending === "pause" ? sending : null} testId="item-timer" className="sm:flex-row" />
    </Form>
  );
}
