import { t } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useState, type FormEvent } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import { formatMB } from "~/domain/format";
import { useHydrated } from "~/hooks/use-hydrated";
import { Icon } from "../icons";
import { useToast } from "../toaster";
import { btn, CancelLink, inputClass, Label, UrlDialog } from "../ui";

export type DesignInfo = { fileName: string; fileSize: number; proxyUrl: string; uploadedText: string };

/** How long the embedded viewer may take before the page offers the fallback (docs/product.md §8 'PDF Preview Blocked'). */
const PREVIEW_TIMEOUT_MS = 8000;

/** docs/product.md §5 'Design upload': the refusal of anything but a PDF, whoever notices it (this page or the server). */
const notAPdf = () => t`Please select a PDF file`;
const invalidFileType = () => ({ title: t`Invalid file type`, description: notAPdf(), variant: "destructive" }) as const;

const isPdf = (file: File) => file.type === "application/pdf" || (file.type === "" && /\.pdf$/i.test(file.name));

async function failIfNotOk(res: Response, fallback: string) {
  if (res.ok) return;
  const body = (await res.json().catch(() => null)) as { message?: string } | null;
  throw new Error(body?.message || fallback);
}

/**
 * docs/product.md §2 'Upload Design PDF'. With JavaScript: the three calls of §7 (a single-use upload URL, the PUT of the
 * bytes, the record), with the file's name and size shown first. Without: the same form posts the file once.
 */
export function DesignUploadDialog({ projectId, here, current, maxMb }: { projectId: number; here: string; current: DesignInfo | null; maxMb: number }) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const toast = useToast();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);

  async function upload(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!file || !isPdf(file)) {
      toast(invalidFileType());
      return;
    }
    setBusy(true);
    const json = { "Content-Type": "application/json" };
    let step = t`Failed to get upload URL`;
    try {
      const urlRes = await fetch(`/api/projects/${projectId}/design/upload-url`, { method: "POST", headers: json, body: "{}" });
      await failIfNotOk(urlRes, step);
      const { uploadURL } = (await urlRes.json()) as { uploadURL: string };
      step = t`Failed to upload file`;
      const put = await fetch(uploadURL, { method: "PUT", headers: { "Content-Type": "application/pdf" }, body: file });
      await failIfNotOk(put, step);
      const { uploadedPath } = (await put.json()) as { uploadedPath: string };
      step = t`Failed to save design info`;
      const save = await fetch(`/api/projects/${projectId}/design`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ fileName: file.name, fileSize: file.size, uploadedPath }),
      });
      await failIfNotOk(save, step);
      toast({ title: t`Success`, description: t`Design uploaded successfully!` });
      navigate(here, { replace: true, preventScrollReset: true });
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : step;
      // A file named .pdf that is not one is refused by the server: the same toast as a wrong type picked here.
      toast(message === notAPdf() ? invalidFileType() : { title: t`Error`, description: message, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  const sending = busy || navigation.state === "submitting";
  return (
    <UrlDialog title={t`Upload Design PDF`} description={t`PDF only, at most ${maxMb} MB.`} closeTo={here}>
      <Form method="post" action={here} encType="multipart/form-data" className="space-y-4" onSubmit={hydrated ? upload : undefined}>
        <input type="hidden" name="intent" value="upload-design" />
        <div>
          <Label htmlFor="design-file">{t`Design PDF`}</Label>
          <input
            id="design-file"
            name="file"
            type="file"
            accept="application/pdf,.pdf"
            required
            className={`${inputClass} py-2`}
            onChange={(e) => {
              const chosen = e.currentTarget.files?.[0] ?? null;
              if (chosen && !isPdf(chosen)) {
                toast(invalidFileType());
                e.currentTarget.value = "";
                setFile(null);
                return;
              }
              setFile(chosen);
            }}
          />
          {file ? (
            <p className="mt-2 text-sm text-ink wrap-anywhere">
              <span className="font-medium">{file.name}</span> · {formatMB(file.size)}
            </p>
          ) : null}
        </div>
        {current ? (
          <p className="text-sm text-ink-muted wrap-anywhere">
            {t`Current design: ${current.fileName} (${formatMB(current.fileSize)}). Uploading replaces it.`}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-3 border-t border-line pt-4">
          <CancelLink to={here} />
          <button type="submit" className={btn.primary} disabled={sending}>
            <Icon name="upload" />
            {sending ? t`Uploading...` : t`Upload`}
          </button>
        </div>
      </Form>
      {current ? (
        <Form method="post" action={here} className="mt-4 border-t border-line pt-4">
          <input type="hidden" name="intent" value="remove-design" />
          <button type="submit" className={btn.danger}>
            <Icon name="trash" />
            {t`Remove Current Design`}
          </button>
        </Form>
      ) : null}
    </UrlDialog>
  );
}

/** The design in an embedded viewer, with 'Loading PDF...' and the product's fallback when the browser blocks it. */
export function DesignViewerDialog({ design, here }: { design: DesignInfo; here: string }) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const [state, setState] = useState<"loading" | "ready" | "blocked">("loading");
  useEffect(() => {
    const timer = setTimeout(() => setState((s) => (s === "loading" ? "blocked" : s)), PREVIEW_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);
  const download = `${design.proxyUrl}&download=1`;
  return (
    <UrlDialog title={t`Design PDF`} description={t`${design.fileName} · ${formatMB(design.fileSize)} · uploaded ${design.uploadedText}`} closeTo={here} wide>
      <div className="relative h-[60vh] min-h-64 overflow-hidden rounded-lg border border-line bg-slate-50">
        {state === "blocked" ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center">
            <Icon name="alert" className="h-8 w-8 text-warning-900" />
            <p className="text-lg font-semibold text-ink">{t`PDF Preview Blocked`}</p>
            <p className="text-sm text-ink-muted">{t`PDF display blocked by browser security settings.`}</p>
          </div>
        ) : (
          <>
            {hydrated && state === "loading" ? (
              <p className="absolute inset-0 flex items-center justify-center text-base text-ink-muted" role="status">
                {t`Loading PDF...`}
              </p>
            ) : null}
            <iframe
              title={t`Design PDF: ${design.fileName}`}
              src={design.proxyUrl}
              className="relative h-full w-full"
              onLoad={() => setState("ready")}
              onError={() => setState("blocked")}
            />
          </>
        )}
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-3">
        <a href={design.proxyUrl} target="_blank" rel="noopener" className={btn.secondary}>
          <Icon name="eye" />
          {t`Open in New Tab`}
        </a>
        <a href={download} download="design.pdf" className={btn.primary}>
          {t`Download PDF`}
        </a>
      </div>
    </UrlDialog>
  );
}
