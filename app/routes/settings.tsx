import type { SubmissionResult } from "@conform-to/react";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { useActionData, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { useReauthRetry } from "~/components/reauth";
import { TabDialogs } from "~/components/settings/settings-dialogs";
import { AddLink } from "~/components/settings/settings-empty";
import { BackupFailureNotice } from "~/components/backup-failure-notice";
import { MoreSettings } from "~/components/settings/more-settings";
import { TabGrid } from "~/components/settings/settings-grid";
import { SettingsTabNav } from "~/components/settings/settings-tab-nav";
import { WebhookFailedNotice } from "~/components/settings/webhook-form";
import { TABS } from "~/components/settings/tabs";
import { useToast } from "~/components/toaster";
import { PageHeader } from "~/components/ui";
import { i18n as pageI18n } from "~/domain/i18n-runtime";
import type { Route } from "./+types/settings";
import { loadSettings, settingsAction } from "./settings.server";

export function meta() {
  return [{ title: pageI18n._(msg`Global Settings · Shopflow`) }];
}

export const loader = (args: Route.LoaderArgs) => loadSettings(args);

export const action = (args: Route.ActionArgs) => settingsAction(args);

// Opening or closing a dialog only changes the URL's dialog parameters: no need to reload the data.
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // The same address: a live update (or a click on the current page) asks for fresh data.
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  if (formMethod) return defaultShouldRevalidate;
  return currentUrl.searchParams.get("tab") !== nextUrl.searchParams.get("tab");
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { tab } = loaderData;
  const { i18n, t } = useLingui();
  const [params] = useSearchParams();
  const actionData = useActionData<typeof action>();
  const toast = useToast();
  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast);
  }, [actionData, toast]);
  const current = TABS.find((x) => x.key === tab)!;
  const here = `/settings?tab=${tab}`;
  const resultFor = (formId: string) => (actionData?.formId === formId ? (actionData.result as SubmissionResult<string[]>) : undefined);
  const reauth = useReauthRetry(actionData);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6" onSubmitCapture={reauth.onSubmitCapture}>
      {reauth.dialog}
      <PageHeader title={t`Global Settings`} subtitle={t`Products, departments and stations, workflows, materials and team members`} />
      <MoreSettings />
      <BackupFailureNotice note={loaderData.backupFailure} className="mb-4" />
      <WebhookFailedNotice count={loaderData.webhooksFailed} className="mb-4" />
      <SettingsTabNav tab={tab} />
      <div className="mt-6">
        <TabDialogs
          tab={tab}
          params={params}
          here={loaderData.returnTo ?? here}
          data={loaderData}
          resultFor={resultFor}
          deleteErrors={actionData?.formId?.startsWith("delete-") ? ((actionData.result as SubmissionResult<string[]>)?.error?.[""] ?? undefined) : undefined}
        />
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-xl font-semibold text-ink">{i18n._(current.label)}</h2>
          <AddLink tab={tab} here={here} />
        </div>
        <TabGrid tab={tab} data={loaderData} here={here} empty={i18n._(current.empty)} />
      </div>
    </div>
  );
}
