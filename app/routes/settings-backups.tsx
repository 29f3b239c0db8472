import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { useAnswerToast } from "~/components/forms";
import { btn, cardClass, PageHeader } from "~/components/ui";
import { i18n as pageI18n } from "~/domain/i18n-runtime";
import type { Route } from "./+types/settings-backups";
import type { action } from "./settings-backups.server";
export { loader, action } from "./settings-backups.server";

// Global Settings → Backups (docs/decisions/0044-automatic-backups.md): the last automatic backup (when, size, where,
// how long), the next one, the last failure, and 'Back up now'; the recent backups, the `backup` command's too, with
// those whose folder is gone marked; and the folders restores left in DATA_DIR, each with its size and Remove. The schedule itself is the server's BACKUP_DIR,
// BACKUP_EVERY and BACKUP_KEEP: a management PIN cannot point backups elsewhere or turn them off.

export const meta = () => [{ title: pageI18n._(msg`Backups · Global Settings · Shopflow`) }];

type Shown = Route.ComponentProps["loaderData"]["recent"][number];

function RunFacts({ run }: { run: Shown }) {
  const { t } = useLingui();
  return (
    <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-2 text-base sm:grid-cols-[max-content_1fr]">
      <dt className="font-medium text-ink-muted">{t`When`}</dt>
      <dd className="text-ink">
        {run.at} ({run.ago})
      </dd>
      {run.size ? (
        <>
          <dt className="font-medium text-ink-muted">{t`Size`}</dt>
          <dd className="text-ink">{run.size}</dd>
        </>
      ) : null}
      {run.took ? (
        <>
          <dt className="font-medium text-ink-muted">{t`Took`}</dt>
          <dd className="text-ink">{run.took}</dd>
        </>
      ) : null}
      {run.path ? (
        <>
          <dt className="font-medium text-ink-muted">{t`Where`}</dt>
          <dd className="font-mono text-sm break-all text-ink">{run.path}</dd>
        </>
      ) : null}
    </dl>
  );
}

export default function SettingsBackups({ loaderData }: Route.ComponentProps) {
  const { settings, last, lastGood, failure, lastFailure, recent, next, runningSince, beforeRestore } = loaderData;
  const { t } = useLingui();
  const restoredOn = (at: string) => t`restored over on ${at}`;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "backup-now";
  const answerToast = useAnswerToast(useActionData<typeof action>());
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      {answerToast}
      <Link to="/settings" className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
        {t`← Back to Global Settings`}
      </Link>
      <PageHeader title={t`Backups`} subtitle={t`Automatic copies of the database, the server's secret and the design files, on another disk or a NAS.`} />

      {failure ? (
        <div role="alert" className="mb-6 rounded-lg border border-danger-200 bg-danger-50 px-4 py-3 text-base text-danger-800" data-testid="backup-failure">
          <p className="font-semibold">{t`The last backup failed`}</p>
          <p className="mt-1">
            {failure.at} ({failure.ago}): {failure.error}
          </p>
          <p className="mt-1">{lastGood ? t`The newest good backup is from ${lastGood.at}.` : t`There is no good backup yet.`}</p>
        </div>
      ) : null}

      {settings ? (
        <>
          <section className={`p-5 ${cardClass}`} aria-labelledby="backups-last" data-testid="backup-last">
            <h2 id="backups-last" className="text-lg font-semibold text-ink">
              {t`Last backup`}
            </h2>
            {lastGood ? (
              <>
                <RunFacts run={lastGood} />
                {lastGood.removed ? <p className="mt-2 text-base text-danger-800">{t`Its folder is gone: it cannot be restored.`}</p> : null}
              </>
            ) : (
              <p className="mt-2 text-base text-ink-muted">{t`None yet: the first one runs shortly after the server starts.`}</p>
            )}
            {lastFailure && !failure ? (
              <p className="mt-3 text-base break-words text-ink-muted" data-testid="backup-last-failure">
                {t`Last failure: ${lastFailure.at} (${lastFailure.ago}): ${lastFailure.error}`}
              </p>
            ) : null}
          </section>

          <section className={`mt-6 p-5 ${cardClass}`} aria-labelledby="backups-next" data-testid="backup-next">
            <h2 id="backups-next" className="text-lg font-semibold text-ink">
              {t`Next backup`}
            </h2>
            <p className="mt-2 text-base text-ink">
              {runningSince ? (
                t`Being made now (started ${runningSince}).`
              ) : next ? (
                <>
                  {next.at} ({next.in}).
                </>
              ) : (
                t`When the server starts its schedule.`
              )}
            </p>
            <p className="mt-2 text-base text-ink-muted">
              <Trans>
                Shopflow backs up {settings.every} into <span className="font-mono text-sm break-all">{settings.dir}</span>, checks each copy and keeps the
                newest {settings.keep}. The server's BACKUP_DIR, BACKUP_EVERY and BACKUP_KEEP set this.
              </Trans>
            </p>
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="backup-now" />
              <button type="submit" className={btn.primary} disabled={busy || Boolean(runningSince)} aria-busy={busy}>
                {busy ? t`Backing up…` : t`Back up now`}
              </button>
            </Form>
          </section>
        </>
      ) : (
        <section className={`p-5 ${cardClass}`} aria-labelledby="backups-off" data-testid="backup-off">
          <h2 id="backups-off" className="text-lg font-semibold text-ink">
            {t`Automatic backups are off`}
          </h2>
          <p className="mt-2 text-base text-ink">
            {t`Set BACKUP_DIR where the server is started to a folder on another disk or a NAS mount, and restart Shopflow. It then backs up every 24 hours and keeps the newest 14, unless BACKUP_EVERY and BACKUP_KEEP say otherwise. For example:`}
          </p>
          <pre className="mt-3 overflow-x-auto rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm text-ink">
            {t({
              message: "BACKUP_DIR=/mnt/nas/shopflow\nBACKUP_EVERY=24h\nBACKUP_KEEP=14",
              comment: "Settings the server reads, as typed where it is started: keep the names; only the example folder may change.",
            })}
          </pre>
          <p className="mt-3 text-base text-ink-muted">
            <Trans>
              Until then, back up by hand: <span className="font-mono">npm run backup -- DIR</span> from the source folder, or{" "}
              <span className="font-mono">./shopflow backup DIR</span> with the single program (README: Backup and restore).
            </Trans>
          </p>
          {last ? <p className="mt-3 text-base text-ink-muted">{t`The last automatic backup was made on ${last.at}, while BACKUP_DIR was set.`}</p> : null}
        </section>
      )}
      {recent.length > 0 || settings ? (
        <section className={`mt-6 p-5 ${cardClass}`} aria-labelledby="backups-recent">
          <h2 id="backups-recent" className="text-lg font-semibold text-ink">
            {t`Recent backups`}
          </h2>
          {recent.length === 0 ? (
            <p className="mt-2 text-base text-ink-muted">{t`None yet. 'Back up now' makes the first one.`}</p>
          ) : (
            <ul className="mt-2 divide-y divide-line" data-testid="backup-runs">
              {recent.map((r) => (
                <li key={r.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2 text-base" data-testid="backup-run">
                  <span className={`font-semibold ${r.ok && !r.removed ? "text-success-800" : r.running || r.removed ? "text-ink-muted" : "text-danger-800"}`}>
                    {r.removed
                      ? t({ message: "Removed", context: "backup" })
                      : r.ok
                        ? t({ message: "Made", context: "backup" })
                        : r.running
                          ? t`Running`
                          : t({ message: "Failed", context: "backup" })}
                  </span>
                  <span className="text-ink">{r.at}</span>
                  {r.manual ? <span className="text-ink-muted">{t`by the backup command`}</span> : null}
                  {r.ok ? (
                    <span className="text-ink-muted">
                      {r.size} · {r.took}
                    </span>
                  ) : null}
                  {r.error ? <span className="w-full text-sm break-words text-danger-800">{r.error}</span> : null}
                  {r.ok && r.path && !r.removed ? <span className="w-full font-mono text-sm break-all text-ink-muted">{t`Restorable: ${r.path}`}</span> : null}
                  {r.removed ? (
                    <span className="w-full text-sm break-all text-ink-muted">
                      <Trans>
                        Its folder <span className="font-mono">{r.path}</span> is gone (removed as older than the newest kept, or moved): it cannot be restored.
                      </Trans>
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      {beforeRestore.length > 0 ? (
        <section className={`mt-6 p-5 ${cardClass}`} aria-labelledby="backups-before-restore" data-testid="before-restore">
          <h2 id="backups-before-restore" className="text-lg font-semibold text-ink">
            {t`Data replaced by restores`}
          </h2>
          <p className="mt-2 text-base text-ink-muted">
            {t`Each restore keeps the data it replaced in DATA_DIR. Remove a folder once the restored shop is right: it takes disk space and holds the old database.`}
          </p>
          <ul className="mt-2 divide-y divide-line">
            {beforeRestore.map((f) => (
              <li key={f.name} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2 text-base" data-testid="before-restore-folder">
                <span className="font-mono text-sm break-all text-ink">{f.name}</span>
                <span className="text-ink-muted">
                  {f.size}
                  {f.at ? ` · ${restoredOn(f.at)}` : ""}
                </span>
                <Form method="post" className="ml-auto">
                  <input type="hidden" name="intent" value="remove-before-restore" />
                  <input type="hidden" name="folder" value={f.name} />
                  <button type="submit" className={btn.danger} aria-label={t`Remove ${f.name}`}>
                    {t`Remove`}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
