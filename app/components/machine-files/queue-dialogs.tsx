import { useLingui } from "@lingui/react/macro";
import { CompletedFilesTable, type CompletedFileCells, completedFilesCount } from "~/components/completed-files-table";
import { Icon } from "~/components/icons";
import { btn, UrlDialog } from "~/components/ui";
import { materialName } from "~/domain/format";

// The machine queue's two dialogs, opened by the URL: a file's QR code (opening it is the operator's 'I am starting
// this file') and the machine's completion analytics.

/** The file whose QR code the dialog shows, with what its printed label says. */
export type QueueQr = { id: number; name: string; svg: string; machine: string; project: string; material: string; priority: string; fileOwner: string };

const ANALYTICS_COLUMNS = ["project", "item", "material", "qrClicked", "qrClickedAt", "completedBy", "completedAt", "processing"] as const;
export type QueueAnalytics = { total: number; rows: CompletedFileCells<(typeof ANALYTICS_COLUMNS)[number]>[] };

export function QueueQrDialog({ qr, closeTo }: { qr: QueueQr; closeTo: string }) {
  const { t } = useLingui();
  const priority = ({ rush: t`rush`, high: t`high`, medium: t`medium`, low: t`low` } as Record<string, string>)[qr.priority] ?? qr.priority;
  return (
    <UrlDialog title={t`File QR Code`} description={qr.name} closeTo={closeTo}>
      <div className="flex flex-col items-center">
        <div
          className="h-[200px] w-[200px] rounded-lg border border-line bg-white [&>svg]:h-full [&>svg]:w-full"
          role="img"
          aria-label={t`QR code for ${qr.name}`}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the QR SVG is drawn on the server by the qrcode library, never from typed text
          dangerouslySetInnerHTML={{ __html: qr.svg }}
        />
        <dl className="mt-4 grid w-full grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-base">
          <dt className="text-ink-muted">{t`Machine`}</dt>
          <dd className="min-w-0 wrap-anywhere">{qr.machine}</dd>
          <dt className="text-ink-muted">{t`Project`}</dt>
          <dd className="min-w-0 wrap-anywhere">{qr.project}</dd>
          <dt className="text-ink-muted">{t`Material`}</dt>
          <dd className="min-w-0 wrap-anywhere">{materialName(qr.material)}</dd>
          <dt className="text-ink-muted">{t`Priority`}</dt>
          <dd className="min-w-0 capitalize">{priority}</dd>
          <dt className="text-ink-muted">{t`File Owner`}</dt>
          <dd className="min-w-0 wrap-anywhere">{qr.fileOwner}</dd>
        </dl>
        <div className="mt-5 flex w-full flex-wrap justify-end gap-2">
          <a href={`/machine-files/${qr.id}/print`} target="_blank" rel="noopener" className={btn.primary}>
            <Icon name="qr" />
            {t`Print QR Code`}
          </a>
        </div>
      </div>
    </UrlDialog>
  );
}

export function QueueAnalyticsDialog({ analytics, closeTo }: { analytics: QueueAnalytics; closeTo: string }) {
  const { t } = useLingui();
  return (
    <UrlDialog title={t`Completion Analytics`} description={completedFilesCount(analytics.total)} closeTo={closeTo} wide>
      <CompletedFilesTable columns={ANALYTICS_COLUMNS} rows={analytics.rows} total={analytics.total} empty={t`No files have been completed yet.`} />
    </UrlDialog>
  );
}
