import { t as translate } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { decodeQrImage } from "~/browser/qr-image";

/** The phone camera, read a few times a second until a QR code shows up. */
export function CameraScanner({ onCode, onError }: { onCode: (text: string) => void; onError: (reason: string) => void }) {
  const { t } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  // The parent renders new callbacks every time; the camera must not restart for that.
  const handlers = useRef({ onCode, onError });
  handlers.current = { onCode, onError };
  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const scan = async () => {
      const v = video.current;
      if (stopped || !v) return;
      if (v.readyState >= 2 && v.videoWidth > 0) {
        const text = await decodeQrImage(v, v.videoWidth, v.videoHeight).catch(() => null);
        if (text && !stopped) return handlers.current.onCode(text);
      }
      timer = setTimeout(scan, 250);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "environment" }, audio: false })
      .then((s) => {
        if (stopped) {
          for (const t of s.getTracks()) t.stop();
          return;
        }
        stream = s;
        if (video.current) {
          video.current.srcObject = s;
          void video.current.play();
        }
        void scan();
      })
      .catch((e: unknown) =>
        handlers.current.onError(
          e instanceof DOMException && e.name === "NotAllowedError" ? translate`permission was refused` : translate`no camera was found`,
        ),
      );
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const t of stream?.getTracks() ?? []) t.stop();
    };
  }, []);
  return (
    <div className="mt-4">
      <video ref={video} className="aspect-square w-full max-w-sm rounded-lg bg-black object-cover" muted playsInline aria-label={t`Camera view`} />
      <p className="mt-2 text-sm text-ink-muted">{t`Hold the label inside the frame.`}</p>
    </div>
  );
}
