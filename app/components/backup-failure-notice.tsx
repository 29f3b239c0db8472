import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";

/**
 * Shown to management on Home and Global Settings while the newest automatic backup failed: a backup that stopped
 * working is noticed the day it stopped, not the day it is needed (docs/decisions/0044-automatic-backups.md).
 */
export function BackupFailureNotice({ note, className = "" }: { note: { at: string; error: string } | null | undefined; className?: string }) {
  const { t } = useLingui();
  if (!note) return null;
  return (
    <div
      role="alert"
      data-testid="backup-failure-notice"
      className={`rounded-lg border border-danger-200 bg-danger-50 px-3 py-2 text-left text-sm text-danger-800 ${className}`}
    >
      <p className="font-semibold">{t`The last backup failed`}</p>
      <p className="mt-1 break-words">
        {note.at}: {note.error}
      </p>
      <Link to="/settings/backups" className="inline-flex min-h-tap items-center font-semibold underline underline-offset-2">
        {t`Open Backups`}
      </Link>
    </div>
  );
}
