import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Icon } from "../icons";
import { btn } from "../ui";
import { CameraScanner } from "./camera-scanner";

/**
 * The QR Timer's other ways in, with JavaScript: a photo of a label, or the camera where the browser offers one
 * (a secure page). Without JavaScript the page says the field works without them.
 */
export function PhotoAndCamera({
  hydrated,
  onImage,
  onCode,
  onCameraError,
}: {
  hydrated: boolean;
  onImage: (file: File | undefined) => Promise<void>;
  onCode: (text: string) => void;
  onCameraError: (message: string) => void;
}) {
  const { t } = useLingui();
  const [camera, setCamera] = useState(false);
  const canUseCamera = hydrated && typeof navigator !== "undefined" && !!navigator.mediaDevices?.getUserMedia && window.isSecureContext;
  return (
    <>
      {hydrated ? (
        <div className="mt-4 flex flex-wrap gap-3 border-t border-line pt-4">
          <label className={`${btn.secondary} cursor-pointer`}>
            <Icon name="upload" />
            {t`Upload QR image`}
            <input type="file" accept="image/*" className="sr-only" onChange={(e) => void onImage(e.target.files?.[0]).finally(() => (e.target.value = ""))} />
          </label>
          {canUseCamera ? (
            <button type="button" className={btn.secondary} onClick={() => setCamera((on) => !on)} aria-pressed={camera}>
              <Icon name="qr" />
              {camera ? t`Stop camera` : t`Scan with camera`}
            </button>
          ) : null}
        </div>
      ) : (
        <p className="mt-4 border-t border-line pt-4 text-sm text-ink-muted">
          {t`Uploading a photo of a label or scanning with the camera needs JavaScript; the field above works without it.`}
        </p>
      )}
      {camera ? (
        <CameraScanner
          onCode={(text) => {
            setCamera(false);
            onCode(text);
          }}
          onError={(reason) => {
            setCamera(false);
            onCameraError(t`The camera could not be used (${reason}). Scan with a handheld scanner, type the item ID, or upload a photo of the label.`);
          }}
        />
      ) : null}
    </>
  );
}
