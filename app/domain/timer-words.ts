// Browser-safe constants and words of item timers: what a start, a stop and a refused scan say, the same on the
// QR Timer page, the /qr/{id} page, /api/scans and the timer API (docs/decisions/0022-scans-and-flash-messages.md).

/**
 * A scan of an item whose session the same member started less than this long ago is a double read of one label
 * (a wedge scanner that fires twice, a double tap), not a stop.
 */
export const DOUBLE_SCAN_WINDOW_MS = 5000;
export const DOUBLE_SCAN = "Already started — scanned twice? Scan again in a few seconds to stop.";

export type TimerToast = { title: string; description: string };

export const startedToast = (itemName: string, department: string): TimerToast => ({ title: "Timer Started", description: `${itemName} in ${department}.` });

/** docs/product.md §8: 'Timer Stopped & Advanced' names where the item went; at the last department it is 'Final Department'. */
export function stoppedToast(itemName: string, department: string, final: boolean): TimerToast {
  return final
    ? { title: "Final Department", description: `${itemName} stays in ${department}.` }
    : { title: "Timer Stopped & Advanced", description: `${itemName} moved to ${department}.` };
}

export const doubleScanToast = (): TimerToast => ({ title: "Timer Still Running", description: DOUBLE_SCAN });
