// What a toast carries, shared by the toaster (browser) and the services that decide a toast (server).
export type ToastData = {
  id?: string;
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /**
   * A button in the toast (browser only: the QR Timer's Undo), and how long the toast then stays: an offer that lasts
   * longer than a toast's 5 seconds keeps it open for its own time.
   */
  action?: { label: string; run: () => void; durationMs?: number };
};
