import { t } from "@lingui/core/macro";
import { data } from "react-router";
import { everyText, formatBytes, formatTook, untilText } from "~/domain/backup-schedule";
import { formatLogTime, formatRelative } from "~/domain/dates";
import { getEnv } from "~/infra/env.server";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { type BackupRun, backupHistory } from "~/models/backup-run.server";
import { actorFrom } from "~/services/actor.server";
import {
  backupFolderExists,
  backupRunningSince,
  backupScheduler,
  backupSettings,
  beforeRestoreFolders,
  removeBeforeRestoreFolder,
  runBackup,
} from "~/services/backups.server";
import { requirePermission } from "~/services/permissions.server";
import { intentOf, readForm, unreadableForm } from "~/views/form-action.server";
import type { Route } from "./+types/settings-backups";

const HERE = "/settings/backups";

/** A run as the page shows it: times in the shop's zone, sizes and durations in words (the same on server and browser). */
function shown(run: BackupRun, timeZone: string, now: number) {
  return {
    id: run.id,
    ok: run.ok,
    manual: run.kind === "manual",
    // Only a folder still on disk can be restored: BACKUP_KEEP removes the oldest, and IT may move any.
    removed: run.ok && run.path ? !backupFolderExists(run.path) : false,
    at: formatLogTime(run.startedAt, timeZone),
    ago: formatRelative(run.startedAt, now),
    running: !run.ok && !run.finishedAt && !run.error,
    path: run.path,
    size: run.sizeBytes == null ? null : formatBytes(run.sizeBytes),
    took: run.durationMs == null ? null : formatTook(run.durationMs),
    error: run.error,
  };
}

export function loader({ request }: Route.LoaderArgs) {
  requirePermission(request, "settings:write");
  const env = getEnv();
  const settings = backupSettings();
  const now = Date.now();
  const history = backupHistory();
  const scheduler = backupScheduler();
  const next = settings && scheduler ? scheduler.nextAt() : null;
  const running = backupRunningSince();
  return data(
    {
      settings: settings ? { dir: settings.dir, every: everyText(settings.everyMs), keep: settings.keep } : null,
      last: history.last ? shown(history.last, env.SHOP_TIMEZONE, now) : null,
      lastGood: history.lastGood ? shown(history.lastGood, env.SHOP_TIMEZONE, now) : null,
      failure: history.failure ? shown(history.failure, env.SHOP_TIMEZONE, now) : null,
      lastFailure: history.lastFailure ? shown(history.lastFailure, env.SHOP_TIMEZONE, now) : null,
      recent: history.recent.map((r) => shown(r, env.SHOP_TIMEZONE, now)),
      next: next === null ? null : { at: formatLogTime(next, env.SHOP_TIMEZONE), in: untilText(next - now) },
      runningSince: running === null ? null : formatLogTime(running, env.SHOP_TIMEZONE),
      beforeRestore: beforeRestoreFolders().map((f) => ({
        name: f.name,
        path: f.path,
        size: formatBytes(f.sizeBytes),
        at: f.at === null ? null : formatLogTime(f.at, env.SHOP_TIMEZONE),
      })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const user = requirePermission(request, "settings:write");
  const form = await readForm(request);
  if (!form) return unreadableForm();
  // The page's forms: anything else is the 400 'Unknown form'.
  if (intentOf(form, ["backup-now", "remove-before-restore"]) === "remove-before-restore") {
    const name = String(form.get("folder") ?? "");
    const removed = removeBeforeRestoreFolder(name, actorFrom(request, user));
    if (!removed) {
      return redirectWithToast(request, HERE, {
        title: t`Nothing removed`,
        description: t`That folder of data replaced by a restore is no longer there.`,
        variant: "destructive",
      });
    }
    const folder = removed.name;
    const size = formatBytes(removed.sizeBytes);
    return redirectWithToast(request, HERE, {
      title: t`Folder removed`,
      description: t`${folder} (${size}), the data a restore replaced, is removed.`.slice(0, 480),
    });
  }
  const settings = backupSettings();
  if (!settings) {
    return redirectWithToast(request, HERE, {
      title: t`Automatic backups are off`,
      description: t`Set BACKUP_DIR where the server is started, then restart Shopflow.`,
      variant: "destructive",
    });
  }
  // The copy runs on a worker thread: the answer waits for it, the server's other requests do not.
  const result = await runBackup(settings, { actor: actorFrom(request, user) });
  void backupScheduler()?.tick();
  if (result.kind === "busy") {
    const since = formatLogTime(result.since, getEnv().SHOP_TIMEZONE);
    return redirectWithToast(request, HERE, {
      title: t`A backup is already being made`,
      description: t`It started at ${since}. This page shows it once it has finished.`,
    });
  }
  if (result.kind === "failed") {
    return redirectWithToast(request, HERE, {
      title: t`Backup failed`,
      description: (result.run.error ?? t`The backup failed.`).slice(0, 480),
      variant: "destructive",
    });
  }
  const { run } = result;
  const size = formatBytes(run.sizeBytes ?? 0);
  const took = formatTook(run.durationMs ?? 0);
  const path = run.path ?? "";
  return redirectWithToast(request, HERE, {
    title: t`Backup made`,
    description: t`${size} in ${took}, checked, in ${path}.`.slice(0, 480),
  });
}
