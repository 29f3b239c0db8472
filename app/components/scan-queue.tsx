import { useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useRef, useState } from "react";
import { dropScan, newScanId, offlineText, queueScan, queuedScans, type QueuedScan } from "~/browser/offline-scans";

// The scanning pages' send queue: every scan is written to the device's queue first, then sent
// to POST /api/scans in order, one at a time, and removed once the server has answered it. A network error (or a
// server that is restarting) leaves it and the ones after it waiting; they go when the browser is back online,
// or on the next try every few seconds (a dead access point can leave navigator.onLine true).

export type ScanAnswer = {
  ok?: boolean;
  replayed?: boolean;
  message?: string;
  toast?: { title: string; description?: string; variant?: "default" | "destructive" };
};

export function useScanQueue<A extends ScanAnswer>({
  onAnswer,
  onSessionEnded,
}: {
  onAnswer: (scan: QueuedScan, ok: boolean, answer: A | null) => void;
  onSessionEnded: () => void;
}) {
  const [waiting, setWaiting] = useState(0);
  const [offline, setOffline] = useState(false);
  const [busy, setBusy] = useState(false);
  const pumping = useRef(false);
  const handlers = useRef({ onAnswer, onSessionEnded });
  handlers.current = { onAnswer, onSessionEnded };

  const pump = useCallback(async () => {
    if (pumping.current) return;
    pumping.current = true;
    setBusy(true);
    try {
      for (;;) {
        const queued = await queuedScans();
        setWaiting(queued.length);
        const next = queued[0];
        if (!next) {
          setOffline(false);
          break;
        }
        let res: Response;
        try {
          res = await fetch("/api/scans", {
            method: "POST",
            headers: { "content-type": "application/json", accept: "application/json" },
            body: JSON.stringify({ code: next.code, scanId: next.scanId, deviceTime: next.deviceTime }),
          });
        } catch {
          setOffline(true);
          break;
        }
        if (res.status === 401) {
          // Kept: it is sent once this device is signed in again.
          handlers.current.onSessionEnded();
          break;
        }
        if (res.status >= 500 || res.status === 429) {
          setOffline(true);
          break;
        }
        setOffline(false);
        const answer = (await res.json().catch(() => null)) as A | null;
        await dropScan(next.seq);
        handlers.current.onAnswer(next, res.ok && Boolean(answer?.ok), answer);
      }
    } finally {
      pumping.current = false;
      setBusy(false);
    }
  }, []);

  useEffect(() => {
    // The service worker keeps this page and its assets for a reload while offline (browsers allow one only on
    // https or localhost; on a plain-http shop server the queue still covers a drop while the page is open).
    if ("serviceWorker" in navigator && window.isSecureContext) void navigator.serviceWorker.register("/sw.js").catch(() => undefined);
    void pump();
    const retry = () => void pump();
    window.addEventListener("online", retry);
    const every = setInterval(retry, 5000);
    return () => {
      window.removeEventListener("online", retry);
      clearInterval(every);
    };
  }, [pump]);

  const send = useCallback(
    (code: string) => {
      void queueScan({ scanId: newScanId(), code, deviceTime: Date.now() }).then(() => {
        setWaiting((n) => n + 1);
        return pump();
      });
    },
    [pump],
  );

  return { waiting, offline, busy, send };
}

/** 'Offline — N scans waiting', shown while the network is down and scans wait on this device. */
export function OfflineNotice({ waiting, offline }: { waiting: number; offline: boolean }) {
  const { t } = useLingui();
  if (!offline || waiting === 0) return null;
  return (
    <p
      className="mt-2 rounded-lg border border-warning-300 bg-warning-50 px-3 py-2 text-sm font-semibold text-warning-900"
      role="status"
      data-testid="offline-scans"
    >
      {offlineText(waiting)}. {t`They are sent, in order, when the connection is back.`}
    </p>
  );
}
